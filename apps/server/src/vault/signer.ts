/**
 * The signer service: the key of `ETERNO_SIGNER_KEY` signs the vault's three EIP-712 messages
 * (DiveIn, Withdraw, Exchange) with the deployed vault's domain. Locally the devstack passes the
 * key of a dedicated seeded account (anvil's default-mnemonic account 9, label `signer`, which the
 * deploy makes the vault's signer). On any network that is not `local`, each of anvil's well-known
 * default keys is refused at start: its private key is public.
 */
import type { SignatureJson } from '@eterno/protocol/vaultApi';
import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import {
  diveInTypedData,
  exchangeTypedData,
  splitSignature,
  vaultDomain,
  withdrawTypedData,
  type DiveInMessage,
  type ExchangeMessage,
  type WithdrawMessage,
} from '@eterno/protocol/vault/typedData';
import { concat, domainSeparator, hashStruct, keccak256, type Address, type Hex, type TypedDataParameter } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { EnvError } from '../api/env.ts';

export type VaultSigner = {
  address: Address;
  signWithdraw(message: WithdrawMessage): Promise<SignatureJson>;
  signDiveIn(message: DiveInMessage): Promise<SignatureJson>;
  signExchange(message: ExchangeMessage): Promise<SignatureJson>;
};

/** How many accounts of anvil's default mnemonic count as well known (anvil creates 10 by default). */
const WELL_KNOWN_ACCOUNTS = 20;

/** Whether `address` is one of anvil's default-mnemonic accounts (their keys are public). */
export function isWellKnownTestAccount(address: Address): boolean {
  const lower = address.toLowerCase();
  for (let i = 0; i < WELL_KNOWN_ACCOUNTS; i++) {
    if (mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: i }).address.toLowerCase() === lower) return true;
  }
  return false;
}

/**
 * The signer account of `ETERNO_SIGNER_KEY` (a 32-byte hex private key). Refused with an EnvError:
 * a missing or malformed key, and on a `network` other than `local` any well-known test key.
 */
export function readSignerAccount(env: NodeJS.ProcessEnv, network: string): PrivateKeyAccount {
  const key = env.ETERNO_SIGNER_KEY;
  if (!key)
    throw new EnvError('ETERNO_SIGNER_KEY is required: the private key of the vault signer (0x + 64 hex digits)');
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new EnvError('ETERNO_SIGNER_KEY is not a private key: expected 0x followed by 64 hex digits');
  let account: PrivateKeyAccount;
  try {
    account = privateKeyToAccount(key as Hex);
  } catch {
    throw new EnvError('ETERNO_SIGNER_KEY is not a valid secp256k1 private key');
  }
  if (network !== 'local' && isWellKnownTestAccount(account.address))
    throw new EnvError(
      `ETERNO_SIGNER_KEY is one of anvil's public test keys (${account.address}); refused on network "${network}": use a key of your own`,
    );
  return account;
}

/**
 * Signs with `account` in the domain of the vault at `vault` on `chainId`. The EIP-712 digest is
 * viem's (`hashStruct` of the message, `0x1901 ‖ domain separator ‖ struct hash`) with the domain
 * separator computed once: `signTypedData` would hash the domain and re-validate it on every
 * voucher. The message is still checked as it is encoded (addresses, uint256 ranges).
 */
export function createVaultSigner(
  account: PrivateKeyAccount,
  domain: { chainId: number; vault: Address },
): VaultSigner {
  const separator = domainSeparator({ domain: vaultDomain(domain.chainId, domain.vault) });
  const sign = async (typed: {
    types: Record<string, readonly TypedDataParameter[]>;
    primaryType: string;
    message: Record<string, unknown>;
  }) =>
    splitSignature(
      await account.sign({
        hash: keccak256(
          concat([
            '0x1901',
            separator,
            hashStruct({ data: typed.message, primaryType: typed.primaryType, types: typed.types }),
          ]),
        ),
      }),
    );
  return {
    address: account.address,
    signWithdraw: (message) => sign(withdrawTypedData(domain, message)),
    signDiveIn: (message) => sign(diveInTypedData(domain, message)),
    signExchange: (message) => sign(exchangeTypedData(domain, message)),
  };
}
