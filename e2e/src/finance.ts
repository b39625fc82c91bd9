/**
 * Helpers of the finance suite: the chain clock moved to the next settlement (00:00 UTC of block
 * time), a package bought from Node with the server's authorisation (setup for the tests whose
 * subject is not the buy screen), the user's finance orders as the API answers them, and the ETRO
 * price of the EULP pair.
 */
import { createWalletClient, erc20Abi } from 'viem';
import type { DeployedContracts } from '@eterno/protocol/deployments';
import { eternoVaultAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import type {
  FinanceOrderJson,
  FinanceOrdersPageJson,
  PurchaseAuthorisationJson,
  RegularOrderJson,
  RegularOrdersPageJson,
} from '@eterno/protocol/financeApi';
import { PRICE_SCALE } from '@eterno/protocol/pair';
import { advanceTime, chainClients, testAccount } from './chain.ts';
import { apiCall, type VaultDeployments } from './vault.ts';
import { until } from './wait.ts';

const DAY = 86_400n;

/** The latest block's timestamp. */
export async function chainNow(rpcUrl: string): Promise<bigint> {
  return (await chainClients(rpcUrl).public.getBlock()).timestamp;
}

/**
 * Waits until the API's clock (the latest indexed block's time, `GET /finance/rounds` `now`) is the
 * chain's. The server dates an authorisation from the later of its wall clock and that block time, so
 * after a test that moved the chain days ahead was reverted, a test about deadlines must first let the
 * indexer follow the revert (a reorg of many settled days takes a while on a loaded machine).
 */
export async function waitForIndexedClock(rpcUrl: string, apiUrl: string): Promise<void> {
  await until(
    "the API's indexed block time to be the chain's",
    async () => {
      const res = await fetch(`${apiUrl}/finance/rounds`);
      if (res.status !== 200) return false;
      const { now } = (await res.json()) as { now?: unknown };
      return typeof now === 'string' && BigInt(now) === (await chainNow(rpcUrl));
    },
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}

/**
 * Mines a block `days` settlements ahead: at 00:00 UTC of the next day (+ `days` − 1 more days),
 * plus a minute, so the indexer settles exactly that many days.
 */
export async function toSettlement(rpcUrl: string, days = 1): Promise<bigint> {
  const now = await chainNow(rpcUrl);
  const target = (now / DAY + BigInt(days)) * DAY + 60n;
  await advanceTime(rpcUrl, Number(target - now));
  return target;
}

/** The session user's orders (`GET /finance/orders?status=…`), newest first. */
export async function ordersOf(
  apiUrl: string,
  session: string,
  status: 'active' | 'past' = 'active',
): Promise<FinanceOrderJson[]> {
  const answer = await apiCall(apiUrl, session, 'GET', `/finance/orders?status=${status}`);
  if (answer.status !== 200) throw new Error(`GET /finance/orders answered ${answer.status}`);
  return (answer.body as FinanceOrdersPageJson).orders;
}

/** The session user's regular orders (`GET /finance/regular-orders`), newest first. */
export async function regularOrdersOf(apiUrl: string, session: string): Promise<RegularOrderJson[]> {
  const answer = await apiCall(apiUrl, session, 'GET', '/finance/regular-orders');
  if (answer.status !== 200) throw new Error(`GET /finance/regular-orders answered ${answer.status}`);
  return (answer.body as RegularOrdersPageJson).orders;
}

/** Asks for a purchase authorisation (`POST /finance/purchases` or `/finance/regular-purchases`); throws on anything but 201. */
export async function requestAuthorisation(
  apiUrl: string,
  session: string,
  kind: 'package' | 'regular',
  id: number,
  amount: bigint,
): Promise<PurchaseAuthorisationJson> {
  const answer =
    kind === 'package'
      ? await apiCall(apiUrl, session, 'POST', '/finance/purchases', { packageId: id, amount: amount.toString() })
      : await apiCall(apiUrl, session, 'POST', '/finance/regular-purchases', {
          productId: id,
          amount: amount.toString(),
        });
  if (answer.status !== 201)
    throw new Error(`the purchase request answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as PurchaseAuthorisationJson;
}

/** Pays an authorisation from test account `userIndex`: approve exactly the amount, then `diveInWithToken`. */
export async function payAuthorisation(
  rpcUrl: string,
  d: VaultDeployments,
  userIndex: number,
  a: PurchaseAuthorisationJson,
): Promise<`0x${string}`> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const wallet = createWalletClient({ account: testAccount(userIndex), chain, transport });
  const vault = d.contracts.EternoVault;
  const amount = BigInt(a.amount);
  const approve = await wallet.writeContract({
    address: a.token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [vault, amount],
  });
  await client.waitForTransactionReceipt({ hash: approve });
  const hash = await wallet.writeContract({
    address: vault,
    abi: eternoVaultAbi,
    functionName: 'diveInWithToken',
    args: [
      BigInt(a.custom),
      BigInt(a.custom1),
      a.token,
      amount,
      BigInt(a.deadline),
      a.signature.r,
      a.signature.s,
      a.signature.v,
    ],
    gas: 1_000_000n,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`diveInWithToken ${hash} reverted`);
  return hash;
}

/** The EULP pair's ETRO price in USDT now (18-decimal fixed point, rounded down): the TWAP of a day without trades. */
export async function etroPriceNow(rpcUrl: string, d: { contracts: DeployedContracts }): Promise<bigint> {
  const client = chainClients(rpcUrl).public;
  const pair = d.contracts.EULP;
  const [reserves, token0] = await Promise.all([
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
  ]);
  const etroIsToken0 = token0.toLowerCase() === d.contracts.ETRO.toLowerCase();
  const [etro, usdt] = etroIsToken0 ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]];
  return (usdt * PRICE_SCALE) / etro;
}

/** Pauses the vault (its owner, the deployer, anvil account 0). */
export async function pauseVault(rpcUrl: string, d: VaultDeployments): Promise<void> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const owner = createWalletClient({ account: testAccount(0), chain, transport });
  const hash = await owner.writeContract({
    address: d.contracts.EternoVault,
    abi: eternoVaultAbi,
    functionName: 'pause',
    args: [],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`pause ${hash} reverted`);
}
