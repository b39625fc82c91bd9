/**
 * The signer service: the key of `ETERNO_SIGNER_KEY` signs the vault's three EIP-712 messages
 * (DiveIn, Withdraw, Exchange) with the deployed vault's domain. Locally the devstack passes the
 * key of a dedicated seeded account (anvil's default-mnemonic account 9, label `signer`, which the
 * deploy makes the vault's signer). On any network that is not `local`, each of anvil's well-known
 * default keys is refused at start: its private key is public.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import type { SignatureJson } from '@eterno/protocol/vaultApi';
import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import {
  VAULT_TYPES,
  vaultDomain,
  type DiveInMessage,
  type ExchangeMessage,
  type WithdrawMessage,
} from '@eterno/protocol/vault/typedData';
import { domainSeparator, hexToBytes, type Address, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
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

/** The signer's key and its address. */
export type SignerAccount = { address: Address; privateKey: Hex };

/** The environment variables that hold a signer's private key. */
export type SignerKeyVariable = 'ETERNO_SIGNER_KEY' | 'ETERNO_PLACEMENT_SIGNER_KEY';

/**
 * The signer account of `env[variable]` (default `ETERNO_SIGNER_KEY`; a 32-byte hex private key).
 * Refused with an EnvError: a missing or malformed key, and on a `network` other than `local` any
 * well-known test key.
 */
export function readSignerAccount(
  env: NodeJS.ProcessEnv,
  network: string,
  variable: SignerKeyVariable = 'ETERNO_SIGNER_KEY',
): SignerAccount {
  const key = env[variable];
  if (!key) throw new EnvError(`${variable} is required: the private key of the signer (0x + 64 hex digits)`);
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new EnvError(`${variable} is not a private key: expected 0x followed by 64 hex digits`);
  let account: SignerAccount;
  try {
    account = { address: privateKeyToAccount(key as Hex).address, privateKey: key.toLowerCase() as Hex };
  } catch {
    throw new EnvError(`${variable} is not a valid secp256k1 private key`);
  }
  if (network !== 'local' && isWellKnownTestAccount(account.address))
    throw new EnvError(
      `${variable} is one of anvil's public test keys (${account.address}); refused on network "${network}": use a key of your own`,
    );
  return account;
}

type VaultTypeName = keyof typeof VAULT_TYPES;
type VaultField = (typeof VAULT_TYPES)[VaultTypeName][number];

const TWO_256 = 1n << 256n;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** One EIP-712 word of a field: an address left-padded, a uint256 big-endian; anything else refused. */
function writeWord(out: Uint8Array, at: number, field: VaultField, value: unknown): void {
  if (field.type === 'address') {
    if (typeof value !== 'string' || !ADDRESS.test(value))
      throw new TypeError(`${field.name}: not an address: ${String(value)}`);
    out.set(hexToBytes(value as Hex), at + 12);
    return;
  }
  if (typeof value !== 'bigint' || value < 0n || value >= TWO_256)
    throw new RangeError(`${field.name}: not a uint256: ${String(value)}`);
  let rest = value;
  for (let i = at + 31; i >= at && rest > 0n; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

/**
 * The EIP-712 digest `keccak256(0x1901 ‖ domain separator ‖ hashStruct(message))` of one of the
 * vault's types (all fields static: the struct is the type hash and one word per field).
 */
function digester(separator: Hex, primaryType: VaultTypeName) {
  const fields = VAULT_TYPES[primaryType];
  const typeHash = keccak_256(`${primaryType}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`);
  const prefix = new Uint8Array(66);
  prefix.set([0x19, 0x01]);
  prefix.set(hexToBytes(separator), 2);
  return (message: Record<string, unknown>): Uint8Array => {
    const struct = new Uint8Array(32 * (fields.length + 1));
    struct.set(typeHash);
    fields.forEach((field, i) => writeWord(struct, 32 * (i + 1), field, message[field.name]));
    const whole = prefix.slice();
    whole.set(keccak_256(struct), 34);
    return keccak_256(whole);
  };
}

/** A 32-byte big-endian hex word. */
const word = (n: bigint): Hex => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * Signs with `account` in the domain of the vault at `vault` on `chainId`: the EIP-712 digest is
 * built directly for the vault's three static types (type hashes and the domain separator computed
 * once) and signed with @noble/curves' secp256k1 (RFC 6979 deterministic k, low s), which is what
 * viem's `signTypedData` ends in, without its generic encoding of the types and the domain on every
 * voucher. The signatures equal `signTypedData`'s (src/vault/signer.test.ts). A value the types
 * cannot hold (an address that is not 20 bytes, a uint256 out of range) is refused.
 */
export function createVaultSigner(account: SignerAccount, domain: { chainId: number; vault: Address }): VaultSigner {
  const separator = domainSeparator({ domain: vaultDomain(domain.chainId, domain.vault) });
  const key = hexToBytes(account.privateKey);
  const sign = async (digest: Uint8Array): Promise<SignatureJson> => {
    const { r, s, recovery } = secp256k1.sign(digest, key, { lowS: true, extraEntropy: false });
    return { r: word(r), s: word(s), v: recovery === 1 ? 28 : 27 };
  };
  const withdraw = digester(separator, 'Withdraw');
  const diveIn = digester(separator, 'DiveIn');
  const exchange = digester(separator, 'Exchange');
  return {
    address: account.address,
    signWithdraw: async (message: WithdrawMessage) => sign(withdraw(message)),
    signDiveIn: async (message: DiveInMessage) => sign(diveIn(message)),
    signExchange: async (message: ExchangeMessage) => sign(exchange(message)),
  };
}
