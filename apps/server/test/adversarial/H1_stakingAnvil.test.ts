/**
 * Security review 2026-11, H-1 (HIGH), on a real chain: "An early leave keeps the WHOLE unreleased reward
 * (principal back) by starving `LEDGER.revoke` of gas inside the pool's `try/catch` [...] and the wallet's own
 * `eth_estimateGas` picks the starving gas limit." The review's anvil script (stakingStarveAnvil.ts) prepared
 * the attacker's ledger stream, then left five 500,000 EULP orders with the gas limit of `eth_estimateGas`:
 * each kept its 5,000 ETRO reward.
 *
 * What this test proves, with plain EOA transactions on anvil after the project's deploy: after the same
 * preparation (as far as the new rules allow), every leave sent with its `eth_estimateGas` limit succeeds and
 * keeps only what the rule allows (the base's part released in the seconds between the stake and the leave,
 * at the 30-day rate); sent with any lower limit (a sample from half the estimate up) it either reverts,
 * changing nothing, or does exactly the same; the reserve gets every forfeited ETRO back. The ETRO pool's
 * reward credit at a leave after the lock is never left pending by the estimate's limit either.
 */
import { deploy } from '@eterno/devstack/deploy';
import { rpc, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import { eternoStakingAbi, lockLedgerAbi } from '@eterno/protocol/generated/abis';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const e18 = (n: string) => parseUnits(n, 18);
const DAY = 86_400n;
const PREPARE_GAS = 1_000_000n;

const deployer = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
const attacker = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 6 });

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
});

afterAll(async () => {
  await anvil?.stop();
});

const at = (name: ContractKey): Address => deployments.contracts[name];
const wallet = (account: typeof deployer) =>
  createWalletClient({ account, chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status, `transaction ${hash}`).toBe('success');
  return receipt;
}

async function stake(pool: Address, days: 30 | 90, amount: bigint): Promise<bigint> {
  const functionName = days === 30 ? 'enterStaking_30' : 'enterStaking_90';
  const { result } = await client.simulateContract({
    account: attacker,
    address: pool,
    abi: eternoStakingAbi,
    functionName,
    args: [amount],
  });
  await mined(
    await wallet(attacker).writeContract({
      address: pool,
      abi: eternoStakingAbi,
      functionName,
      args: [amount],
      gas: PREPARE_GAS,
    }),
  );
  return result;
}

async function setTime(timestamp: bigint): Promise<void> {
  await rpc(anvil.rpcUrl, 'evm_setNextBlockTimestamp', [Number(timestamp)]);
  await rpc(anvil.rpcUrl, 'evm_mine');
}

const credited = (blockNumber?: bigint) =>
  client.readContract({
    address: at('LockLedger'),
    abi: lockLedgerAbi,
    functionName: 'credited',
    args: [attacker.address],
    blockNumber,
  });

const leaveCall = (pool: Address, id: bigint) =>
  ({ address: pool, abi: eternoStakingAbi, functionName: 'leaveStaking', args: [id] }) as const;

/** Sends the leave with `gas` from the attacker's EOA; the receipt. */
async function sendLeave(pool: Address, id: bigint, gas: bigint) {
  const hash = await wallet(attacker).writeContract({ ...leaveCall(pool, id), gas });
  return client.waitForTransactionReceipt({ hash });
}

/** What a leave sent with `gas` does, undone afterwards (evm_snapshot / evm_revert). */
async function tryLeave(pool: Address, id: bigint, gas: bigint) {
  const snapshot = await rpc<Hex>(anvil.rpcUrl, 'evm_snapshot');
  try {
    const before = await credited();
    const receipt = await sendLeave(pool, id, gas);
    const order = await client.readContract({
      address: pool,
      abi: eternoStakingAbi,
      functionName: 'orders',
      args: [id],
    });
    const pending = await client.readContract({
      address: pool,
      abi: eternoStakingAbi,
      functionName: 'pendingReward',
      args: [id],
    });
    const time = (await client.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
    return { status: receipt.status, left: order.unstaked, delta: (await credited()) - before, pending, time };
  } finally {
    await rpc(anvil.rpcUrl, 'evm_revert', [snapshot]);
  }
}

/** A sample of gas limits from half of `estimate` up to just below it. */
function limitsBelow(estimate: bigint): bigint[] {
  return [50n, 70n, 85n, 95n, 99n].map((pct) => (estimate * pct) / 100n).concat([estimate - 1n]);
}

describe('H-1 on anvil: EOA leaves with their eth_estimateGas limit', () => {
  it('an EULP early leave after the review preparation keeps only what the base released; the reserve keeps the rest', async () => {
    const pool = at('StakingEULP');
    const eulp = at('EULP');
    await mined(
      await wallet(deployer).writeContract({
        address: eulp,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [attacker.address, e18('600000')],
      }),
    );
    await mined(
      await wallet(attacker).writeContract({
        address: eulp,
        abi: erc20Abi,
        functionName: 'approve',
        args: [pool, 2n ** 255n],
      }),
    );
    // 1. 15 minimum orders (1 EULP, 30 days) that will finish unclaimed (the pool allows 16 at once).
    for (let i = 0; i < 15; i++) await stake(pool, 30, e18('1'));
    const t0 = (await client.getBlock()).timestamp;
    // 2. 29 d 23 h later: one more order, left at once.
    await setTime(t0 + 30n * DAY - 3600n);
    const r = await stake(pool, 30, e18('1'));
    await mined(await wallet(attacker).writeContract({ ...leaveCall(pool, r), gas: PREPARE_GAS }));
    // 3. The 15 have finished (never claimed, never left).
    await setTime(t0 + 30n * DAY + 10n);

    const reserveBefore = await client.readContract({
      address: pool,
      abi: eternoStakingAbi,
      functionName: 'rewardReserve',
    });
    let keptTotal = 0n;
    for (let cycle = 1; cycle <= 5; cycle++) {
      const id = await stake(pool, 30, e18('500000')); // 1 % = 5,000 ETRO, credited at entry
      const stakedAt = (await client.getBlock()).timestamp;
      const base = await client.readContract({
        address: pool,
        abi: eternoStakingAbi,
        functionName: 'baseReward',
        args: [id],
      });
      expect(base).toBe(e18('5000'));
      const estimate = await client.estimateContractGas({ ...leaveCall(pool, id), account: attacker });

      // Every lower limit either reverts (nothing changes) or does exactly what the estimate's limit does.
      let reverted = 0;
      for (const gas of limitsBelow(estimate)) {
        const outcome = await tryLeave(pool, id, gas);
        if (outcome.status === 'reverted') {
          reverted++;
          expect(outcome.left, `gas ${gas}`).toBe(false);
          expect(outcome.delta, `gas ${gas}`).toBe(0n);
        } else {
          const keptThen = (base * (outcome.time - stakedAt)) / (30n * DAY);
          expect(outcome.delta, `gas ${gas}: revoked exactly`).toBe(keptThen - base);
        }
      }
      expect(reverted, 'the sample spans limits too low to leave').toBeGreaterThan(0);

      const before = await credited();
      const receipt = await sendLeave(pool, id, estimate);
      expect(receipt.status, `cycle ${cycle}: the estimate's limit works`).toBe('success');
      const leftAt = (await client.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
      // Kept: the base released between the stake and the leave, per entry and rounded down, i.e. the
      // 30-day rate by the second; the ledger gave the rest back (before included the whole base).
      const expectedKept = (base * (leftAt - stakedAt)) / (30n * DAY);
      const kept = (await credited()) - (before - base);
      expect(kept, `cycle ${cycle}`).toBe(expectedKept);
      expect(kept).toBeLessThan(e18('1'));
      keptTotal += kept;
    }
    expect(
      await client.readContract({ address: eulp, abi: erc20Abi, functionName: 'balanceOf', args: [attacker.address] }),
    ).toBe(e18('600000') - e18('15'));
    const reserveAfter = await client.readContract({
      address: pool,
      abi: eternoStakingAbi,
      functionName: 'rewardReserve',
    });
    expect(reserveAfter).toBe(reserveBefore - keptTotal);
  });

  it('an ETRO-pool leave after the lock credits the reward with the estimate limit, never leaves it pending', async () => {
    const pool = at('StakingETRO');
    const etro = at('ETRO');
    await mined(
      await wallet(deployer).writeContract({
        address: etro,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [attacker.address, e18('100000')],
      }),
    );
    await mined(
      await wallet(attacker).writeContract({
        address: etro,
        abi: erc20Abi,
        functionName: 'approve',
        args: [pool, 2n ** 255n],
      }),
    );
    const id = await stake(pool, 90, e18('10000'));
    await setTime((await client.getBlock()).timestamp + 90n * DAY);
    const reward = (
      await client.readContract({ address: pool, abi: eternoStakingAbi, functionName: 'orders', args: [id] })
    ).reward;
    const estimate = await client.estimateContractGas({ ...leaveCall(pool, id), account: attacker });
    let reverted = 0;
    for (const gas of limitsBelow(estimate)) {
      const outcome = await tryLeave(pool, id, gas);
      if (outcome.status === 'reverted') {
        reverted++;
        expect(outcome.left, `gas ${gas}`).toBe(false);
      } else {
        expect(outcome.pending, `gas ${gas}: never pending because of the gas`).toBe(0n);
        expect(outcome.delta, `gas ${gas}`).toBe(reward);
      }
    }
    expect(reverted, 'the sample spans limits too low to leave').toBeGreaterThan(0);
    const before = await credited();
    expect((await sendLeave(pool, id, estimate)).status).toBe('success');
    expect(
      await client.readContract({ address: pool, abi: eternoStakingAbi, functionName: 'pendingReward', args: [id] }),
    ).toBe(0n);
    expect((await credited()) - before).toBe(reward);
  });
});
