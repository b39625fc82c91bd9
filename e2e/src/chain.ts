/**
 * Direct chain access for the e2e suites: anvil snapshots (each test starts from the deployed and
 * seeded state), the balances a screen should show, read straight from the chain, and transfers
 * from other test accounts.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  type Address,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';

export const BALANCE_KEYS = ['UNITS', 'EULP', 'ETRO', 'USDT', 'FON'] as const;
export type BalanceKey = (typeof BALANCE_KEYS)[number];

export type ChainDeployments = { contracts: Record<'UNITS' | 'USDT' | 'ETRO' | 'EULP', Address> };

export function localChain(rpcUrl: string) {
  return defineChain({
    id: ETERNO_CHAIN_ID,
    name: 'ETERNO local',
    nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function chainClients(rpcUrl: string) {
  const chain = localChain(rpcUrl);
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    chain,
    transport,
    public: createPublicClient({ chain, transport, pollingInterval: 100 }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
  };
}

/**
 * Takes an anvil snapshot; the returned function reverts to it (a snapshot is used up by its revert).
 * First the chain's clock is set to the wall clock when it has fallen behind: a revert puts anvil's
 * clock back to the snapshot's block, so over a run of tests on one chain it would lag more and more
 * behind the browser's `Date.now()` (a deadline "1 minute from now" would then be hours away in
 * chain time). Every test starts as on a fresh chain: chain time ≈ wall time.
 */
export async function snapshot(rpcUrl: string): Promise<() => Promise<void>> {
  const { public: client, test } = chainClients(rpcUrl);
  const head = await client.getBlock();
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (head.timestamp < now) await test.request({ method: 'evm_setTime', params: [Number(now)] } as never);
  const id = await test.snapshot();
  return async () => {
    // viem's revert() drops anvil's answer; the raw call tells whether the snapshot existed.
    const ok = await test.request({ method: 'evm_revert', params: [id] } as never);
    if (ok !== true) throw new Error(`anvil could not revert to snapshot ${id}`);
  };
}

/** The five balances of the assets overview, as raw on-chain integers. */
export async function readBalances(
  rpcUrl: string,
  deployments: ChainDeployments,
  owner: Address,
): Promise<Record<BalanceKey, bigint>> {
  const client = chainClients(rpcUrl).public;
  const token = (address: Address) =>
    client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const [UNITS, EULP, ETRO, USDT, FON] = await Promise.all([
    token(deployments.contracts.UNITS),
    token(deployments.contracts.EULP),
    token(deployments.contracts.ETRO),
    token(deployments.contracts.USDT),
    client.getBalance({ address: owner }),
  ]);
  return { UNITS, EULP, ETRO, USDT, FON };
}

export function testAccount(index: number) {
  return mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index });
}

/** Sends an ERC-20 transfer (or FON when `token` is null) from test account `fromIndex`; resolves once mined. */
export async function transfer(
  rpcUrl: string,
  fromIndex: number,
  token: Address | null,
  to: Address,
  amount: bigint,
): Promise<Hex> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const wallet = createWalletClient({ account: testAccount(fromIndex), chain, transport });
  const hash =
    token === null
      ? await wallet.sendTransaction({ to, value: amount })
      : await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`transfer ${hash} reverted`);
  return hash;
}

/** Moves anvil's clock `seconds` ahead and mines a block at that time (evm_increaseTime + evm_mine). */
export async function advanceTime(rpcUrl: string, seconds: number): Promise<void> {
  const { test } = chainClients(rpcUrl);
  await test.increaseTime({ seconds });
  await test.mine({ blocks: 1 });
}
