/**
 * Helpers of the Mine suite: a small referral team built for real on the local chain (each member
 * given FON, USDT, and registered by its own `register` / `registerUnder`), and a package bought
 * straight from Node (the local signer authorises it as `POST /finance/purchases` would; setup for
 * the tests whose subject is not the buy screen).
 */
import { createWalletClient, erc20Abi, parseEther, type Address } from 'viem';
import { registerAccounts } from '@eterno/devstack/referral';
import type { Deployments } from '@eterno/protocol/deployments';
import { REGISTRATION_TYPE_CODES } from '@eterno/protocol/financeApi';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { diveInTypedData, splitSignature, VAULT_KIND } from '@eterno/protocol/vault/typedData';
import { chainClients, testAccount } from './chain.ts';
import { fundFromAlice, giveFon, SIGNER_INDEX } from './vault.ts';

/** Package ids of the shipped settings (apps/server/settings/finance.json) and their prices (units × 100 USDT). */
export const PACKAGE_PRICE: Record<number, bigint> = {
  1: parseEther('100'),
  2: parseEther('500'),
  3: parseEther('1000'),
};

/**
 * Registers test account `index` under `inviter` on `side` (automatic placement: the end of that
 * leg), after giving it FON for gas and `usdt` USDT from alice.
 */
export async function joinTeam(
  rpcUrl: string,
  d: Pick<Deployments, 'contracts' | 'accounts'>,
  index: number,
  inviter: Address,
  side: 0 | 1,
  usdt: bigint,
): Promise<Address> {
  const user = testAccount(index).address;
  await giveFon(rpcUrl, user, parseEther('10'));
  if (usdt > 0n) await fundFromAlice(rpcUrl, d.contracts.USDT, user, usdt);
  const done = await registerAccounts(rpcUrl, d, [testAccount(index)], { inviter, side });
  if (done.length !== 1) throw new Error(`test account ${index} was already registered`);
  return user;
}

/** Pays package `packageId` (its first purchase) from test account `index`, authorised by the local signer. */
export async function buyPackage(
  rpcUrl: string,
  d: Pick<Deployments, 'contracts' | 'chainId'>,
  index: number,
  packageId: 1 | 2 | 3,
): Promise<void> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const user = testAccount(index);
  const vault = d.contracts.EternoVault;
  const token = d.contracts.USDT;
  const amount = PACKAGE_PRICE[packageId]!;
  const nonce = await client.readContract({
    address: vault,
    abi: eternoVaultAbi,
    functionName: 'nonces',
    args: [user.address, VAULT_KIND.DiveIn],
  });
  const deadline = (await client.getBlock()).timestamp + 1_800n;
  const custom = BigInt(packageId);
  const custom1 = BigInt(REGISTRATION_TYPE_CODES.first);
  const signer = createWalletClient({ account: testAccount(SIGNER_INDEX), chain, transport });
  const { r, s, v } = splitSignature(
    await signer.signTypedData(
      diveInTypedData(
        { chainId: d.chainId, vault },
        { user: user.address, custom, custom1, token, amount, nonce, deadline },
      ),
    ),
  );
  const wallet = createWalletClient({ account: user, chain, transport });
  const approve = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [vault, amount],
  });
  await client.waitForTransactionReceipt({ hash: approve });
  const hash = await wallet.writeContract({
    address: vault,
    abi: eternoVaultAbi,
    functionName: 'diveInWithToken',
    args: [custom, custom1, token, amount, deadline, r, s, v],
    gas: 1_000_000n,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`diveInWithToken ${hash} reverted`);
}
