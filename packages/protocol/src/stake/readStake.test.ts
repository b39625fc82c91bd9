import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, erc20Abi, getAddress, http, parseEther, type Address, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { deploy } from '@eterno/devstack/deploy';
import { recordingClient, rpc, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoStakingAbi, lockLedgerAbi } from '../generated/abis.ts';
import { aggregateStrict, blockTimestampRead, viewRead, type MulticallRead } from '../multicall.ts';
import type { TxStep } from '../tx/steps.ts';
import { planEnterStake, planLeaveStake } from './planStake.ts';
import { MulticallCallError, readStake, type StakeView } from './readStake.ts';
import { stakeRecord, type StakeOrder } from './records.ts';
import type { StakePool } from './pools.ts';

const DAY = 86_400;
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const stranger = getAddress('0x00000000000000000000000000000000000e7e70');

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

const wallet = () =>
  createWalletClient({ account: alice, chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });

/** Sends the planned steps from alice, one after the other, each mined before the next. */
async function send(steps: TxStep[]): Promise<void> {
  for (const step of steps) {
    const hash =
      step.kind === 'approve'
        ? await wallet().writeContract({
            address: step.token,
            abi: erc20Abi,
            functionName: 'approve',
            args: [step.spender, step.amount],
          })
        : await wallet().writeContract(step.call as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  }
}

const view = (pool: StakePool, account: Address = alice.address) =>
  readStake(client, { contracts: deployments.contracts, pool, account });

async function advanceTo(timestamp: bigint): Promise<void> {
  await rpc(anvil.rpcUrl, 'evm_setNextBlockTimestamp', [Number(timestamp)]);
  await rpc(anvil.rpcUrl, 'evm_mine');
}

async function advance(seconds: number): Promise<void> {
  await rpc(anvil.rpcUrl, 'evm_increaseTime', [seconds]);
  await rpc(anvil.rpcUrl, 'evm_mine');
}

const stakingOf = (pool: StakePool) =>
  deployments.contracts[pool === 'ETRO' ? 'StakingETRO' : 'StakingEULP'] as Address;

/**
 * What the contract itself says about `ids` — `earnedReward(id)`, `quoteLeave(id)`, `baseReward(id)` — next to
 * `ordersOf`, `ACCRUAL` and the block timestamp, all in ONE multicall (the same block.timestamp).
 */
async function contractAnswers(pool: StakePool, ids: readonly bigint[]) {
  const staking = stakingOf(pool);
  const label = (name: string) => `Staking${pool}.${name}`;
  const byId = <T>(make: (id: bigint) => MulticallRead<T>) =>
    Object.fromEntries(ids.map((id) => [String(id), make(id)]));
  const r = await aggregateStrict(client, deployments.contracts.Multicall3, {
    timestamp: blockTimestampRead(deployments.contracts.Multicall3),
    accrual: viewRead(label('ACCRUAL'), staking, eternoStakingAbi, 'ACCRUAL', []),
    orders: viewRead(label('ordersOf'), staking, eternoStakingAbi, 'ordersOf', [alice.address]),
    earned: byId((id) => viewRead(label('earnedReward'), staking, eternoStakingAbi, 'earnedReward', [id])),
    quotes: byId((id) => viewRead(label('quoteLeave'), staking, eternoStakingAbi, 'quoteLeave', [id])),
    bases: byId((id) => viewRead(label('baseReward'), staking, eternoStakingAbi, 'baseReward', [id])),
  });
  const [orderIds, orders] = r.orders;
  const each = <T>(values: Record<string, T>): T[] =>
    ids.map((id) => {
      const value = values[String(id)];
      if (value === undefined) throw new Error(`no answer for order ${id}`);
      return value;
    });
  return {
    timestamp: r.timestamp,
    accrual: r.accrual === 0 ? ('daily' as const) : ('perSecond' as const),
    orders: orderIds.map((id, i) => ({ id, order: orders[i] as StakeOrder })),
    earned: each(r.earned),
    quotes: each(r.quotes),
    bases: each(r.bases),
  };
}

describe('readStake', () => {
  it('reads a pool for a fresh account in exactly one eth_call: seeded limits, rates, reserve, no records', async () => {
    requests.length = 0;
    const etro = await view('ETRO', stranger);
    expect(requests).toEqual([['eth_call']]);
    expect(etro).toMatchObject({
      pool: 'ETRO',
      symbol: 'ETRO',
      token: deployments.contracts.ETRO,
      staking: deployments.contracts.StakingETRO,
      balance: 0n,
      allowance: 0n,
      minStakeAmount: parseEther('100'),
      availableRewards: parseEther('1000000'),
      rewardReleaseDuration: BigInt(30 * DAY),
      accrual: 'daily',
      earlyExitAllowed: true,
      runningOrders: 0n,
      maxRunningOrders: 16n,
      records: [],
    });
    expect(etro.periods).toEqual([
      { days: 30, rateBps: 100 },
      { days: 60, rateBps: 250 },
      { days: 90, rateBps: 400 },
      { days: 120, rateBps: 600 },
      { days: 150, rateBps: 800 },
      { days: 180, rateBps: 1000 },
      { days: 210, rateBps: 1200 },
      { days: 360, rateBps: 2400 },
    ]);
    expect(etro.blockNumber).toBe(BigInt(await rpc<string>(anvil.rpcUrl, 'eth_blockNumber')));
    const latest = await client.getBlock();
    expect(etro.timestamp).toBeGreaterThanOrEqual(latest.timestamp);

    const eulp = await view('EULP', stranger);
    expect(eulp).toMatchObject({
      token: deployments.contracts.EULP,
      minStakeAmount: parseEther('1'),
      accrual: 'perSecond',
    });
  });

  it('reads the account balance of the pool token (alice holds ETRO and EULP)', async () => {
    const [etro, eulp] = await Promise.all([view('ETRO'), view('EULP')]);
    const balanceOf = (token: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [alice.address] });
    expect(etro.balance).toBe(await balanceOf(deployments.contracts.ETRO));
    expect(eulp.balance).toBe(await balanceOf(deployments.contracts.EULP));
    expect(etro.balance).toBeGreaterThan(parseEther('100'));
    expect(eulp.balance).toBeGreaterThan(parseEther('1'));
  });

  it.each(['ETRO', 'EULP'] as const)(
    '%s: a stake made from the plan shows as a record that agrees with the contract over time',
    async (pool) => {
      const before = await view(pool);
      const amount = pool === 'ETRO' ? parseEther('1000') : parseEther('10');
      const steps = planEnterStake(before, 60, amount);
      expect(steps.map((step) => step.kind)).toEqual(['approve', 'call']);
      await send(steps);

      const after = await view(pool);
      expect(after.balance).toBe(before.balance - amount);
      expect(after.allowance).toBe(0n);
      expect(after.availableRewards).toBe(before.availableRewards - (amount * 250n) / 10_000n);
      expect(after.records).toHaveLength(before.records.length + 1);
      const record = after.records[0];
      expect(record).toMatchObject({
        amount,
        days: 60,
        rateBps: 250,
        reward: (amount * 250n) / 10_000n,
        status: 'locked',
        timeLeft: { days: 60, hours: 0 },
        leave: { principal: amount, reward: 0n, forfeited: (amount * 250n) / 10_000n, early: true },
      });

      // The records' figures are the contract's own answers, whatever the time: an hour in, a day and
      // a half in, one second before the unlock, at it, and long after.
      if (!record) throw new Error('no record');
      const unlock = record.unlockTime;
      for (const time of [
        record.stakingTime + 3_600n,
        record.stakingTime + 129_600n,
        unlock - 1n,
        unlock,
        unlock + 100n * 86_400n,
      ]) {
        await advanceTo(time);
        const answers = await contractAnswers(pool, answersIds(after));
        expect(answers.timestamp).toBe(time);
        answers.orders.forEach(({ id, order }, i) => {
          const mine = stakeRecord(id, order, answers.timestamp, answers.accrual);
          expect(mine.revenue, `earned of ${id} at ${time}`).toBe(answers.earned[i]);
          const [principal, reward, forfeited, early, unlockTime] = answers.quotes[i] as readonly [
            bigint,
            bigint,
            bigint,
            boolean,
            bigint,
          ];
          expect(mine.leave).toEqual({ principal, reward, forfeited, early });
          expect(mine.unlockTime).toBe(unlockTime);
          expect(mine.base, `base of ${id}`).toBe(answers.bases[i]);
        });
        const shown = (await view(pool)).records[0];
        expect(shown?.revenue).toBe(answers.earned[answers.orders.length - 1]);
      }
      expect((await view(pool)).records[0]).toMatchObject({
        status: 'unlocked',
        timeLeft: null,
        revenue: record?.reward,
      });
    },
  );

  it('ETRO: daily accrual shows no revenue before a whole day, EULP: revenue by the second', async () => {
    await send(planEnterStake(await view('ETRO'), 30, parseEther('300')));
    await send(planEnterStake(await view('EULP'), 30, parseEther('3')));
    await advance(DAY - 120);
    const [etro, eulp] = await Promise.all([view('ETRO'), view('EULP')]);
    expect(etro.records[0]).toMatchObject({ status: 'locked', revenue: 0n });
    expect(eulp.records[0]?.revenue).toBeGreaterThan(0n);
    await advance(240);
    expect((await view('ETRO')).records[0]?.revenue).toBe(parseEther('0.1'));
  });

  it('EULP: the base reward is in the lock balance from the stake on and its released part grows by the second, as the ledger says', async () => {
    const ledger = deployments.contracts.LockLedger as Address;
    const before = await view('EULP');
    await send(planEnterStake(before, 60, parseEther('2')));
    // The base: the 30-day rate (1 %) over 60 days = 2 % of the amount; the other 0.5 % comes at the unlock.
    const base = (parseEther('2') * 100n * 60n) / (30n * 10_000n);
    const first = await view('EULP');
    expect(first.lock.credited).toBe(before.lock.credited + base);
    expect(first.runningOrders).toBe(before.runningOrders + 1n);
    expect(first.records[0]?.base).toBe(base);
    await advance(10);
    const later = await view('EULP');
    expect(later.lock.released).toBeGreaterThan(first.lock.released);
    const [released, [amount, fee]] = await Promise.all([
      client.readContract({
        address: ledger,
        abi: lockLedgerAbi,
        functionName: 'released',
        args: [alice.address],
        blockNumber: later.blockNumber,
      }),
      client.readContract({
        address: ledger,
        abi: lockLedgerAbi,
        functionName: 'quoteClaim',
        args: [alice.address],
        blockNumber: later.blockNumber,
      }),
    ]);
    expect(later.lock).toMatchObject({ released, claimable: amount, claimFee: fee });
  });

  it('leaving: after the unlock the reward goes to the lock ledger; early leave returns the principal only', async () => {
    const ledger = deployments.contracts.LockLedger as Address;
    const credited = () =>
      client.readContract({ address: ledger, abi: lockLedgerAbi, functionName: 'credited', args: [alice.address] });
    await send(planEnterStake(await view('ETRO'), 30, parseEther('200')));
    const locked = await view('ETRO');
    const early = locked.records[0];
    if (!early) throw new Error('no record');
    const creditedBefore = await credited();
    await send(planLeaveStake(locked, early.id));
    const afterEarly = await view('ETRO');
    expect(afterEarly.balance).toBe(locked.balance + parseEther('200'));
    expect(afterEarly.records[0]).toMatchObject({
      id: early.id,
      status: 'left',
      revenue: 0n,
      leave: null,
      timeLeft: null,
    });
    expect(await credited()).toBe(creditedBefore);

    const matured = afterEarly.records.find((r) => r.status === 'unlocked');
    if (!matured) throw new Error('an unlocked order from the earlier tests was expected');
    await send(planLeaveStake(afterEarly, matured.id));
    const afterLeave = await view('ETRO');
    expect(afterLeave.balance).toBe(afterEarly.balance + matured.amount);
    expect(afterLeave.records.find((r) => r.id === matured.id)).toMatchObject({
      status: 'left',
      revenue: null,
      leave: null,
    });
    expect(await credited()).toBe(creditedBefore + matured.reward);
  });

  it('throws a labelled MulticallCallError when the staking address is not a staking contract', async () => {
    const contracts = { ...deployments.contracts, StakingEULP: deployments.contracts.USDT };
    const error = await readStake(client, { contracts, pool: 'EULP', account: alice.address }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MulticallCallError);
    expect(error).toMatchObject({ label: 'StakingEULP.minStakeAmount', failure: 'REVERTED' });
  });
});

function answersIds(stake: StakeView): bigint[] {
  return stake.records.map((record) => record.id).reverse();
}
