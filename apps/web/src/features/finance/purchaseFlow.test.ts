import { describe, expect, it, vi } from 'vitest';
import { GAS_LIMIT } from '@eterno/protocol/chain';
import { planBuy } from '@eterno/protocol/finance/planBuy';
import { PurchaseExpiredError } from '@eterno/protocol/finance/planPurchase';
import { planRegularBuy } from '@eterno/protocol/finance/planRegularBuy';
import { InsufficientBalanceError, type TxStep } from '@eterno/protocol/tx/steps';
import { ApiError } from '../../session/ApiError.ts';
import { runPurchase } from './purchaseFlow.ts';
import { authorisation, E18, NOW, USDT, VAULT } from './testData.ts';

const contracts = { EternoVault: VAULT, USDT } as const;
const wallet = { balance: 1000n * E18, allowance: 0n, timestamp: BigInt(NOW) };

/** Runs the plan as useTransaction would and records the steps. */
function recorder() {
  const steps: TxStep[][] = [];
  const run = vi.fn(async (plan: () => readonly TxStep[]) => {
    steps.push([...plan()]);
    return 'confirmed' as const;
  });
  return { steps, run };
}

describe('runPurchase (authorisation → approve exactly → diveInWithToken)', () => {
  it('a package: the server authorises, then Step 1 of 2 approve USDT for exactly the price, Step 2 of 2 buy with gas 1,000,000', async () => {
    const { steps, run } = recorder();
    const request = vi.fn(async () => authorisation());
    const result = await runPurchase({ amount: 500n * E18, wallet, contracts, request, plan: planBuy, run });
    expect(result).toMatchObject({ kind: 'sent', outcome: 'confirmed' });
    expect(request).toHaveBeenCalledOnce();
    const [approve, buy] = steps[0]!;
    expect(steps[0]).toHaveLength(2);
    expect(approve).toMatchObject({ kind: 'approve', token: USDT, spender: VAULT, amount: 500n * E18, symbol: 'USDT' });
    expect(buy).toMatchObject({ kind: 'call', action: 'finance.buy', gasLimit: GAS_LIMIT });
    expect(GAS_LIMIT).toBe(1_000_000n);
    expect(buy?.kind === 'call' ? buy.call.functionName : '').toBe('diveInWithToken');
    expect(buy?.kind === 'call' ? buy.call.args.slice(0, 4) : []).toEqual([2n, 1n, USDT, 500n * E18]);
  });

  it('no approval when the allowance already covers the price: one step', async () => {
    const { steps, run } = recorder();
    await runPurchase({
      amount: 500n * E18,
      wallet: { ...wallet, allowance: 500n * E18 },
      contracts,
      request: async () => authorisation(),
      plan: planBuy,
      run,
    });
    expect(steps[0]!.map((step) => step.kind)).toEqual(['call']);
  });

  it('a fixed-term deposit runs the regular plan (custom = product id, custom1 = 0)', async () => {
    const { steps, run } = recorder();
    await runPurchase({
      amount: 100n * E18,
      wallet,
      contracts,
      request: async () => authorisation({ custom: 101n, custom1: 0n, amount: 100n * E18 }),
      plan: planRegularBuy,
      run,
    });
    expect(steps[0]!.at(-1)).toMatchObject({ kind: 'call', action: 'finance.regular' });
  });

  it('the wallet cannot pay: INSUFFICIENT_BALANCE, nothing requested, nothing sent', async () => {
    const request = vi.fn(async () => authorisation());
    const run = vi.fn();
    const result = await runPurchase({
      amount: 500n * E18,
      wallet: { ...wallet, balance: 499n * E18 },
      contracts,
      request,
      plan: planBuy,
      run,
    });
    expect(result.kind).toBe('refused');
    expect(result.kind === 'refused' && result.error).toBeInstanceOf(InsufficientBalanceError);
    expect(request).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
  });

  it.each([
    'NOT_REGISTERED',
    'CYCLES_USED_UP',
    'AMOUNT_NOT_PACKAGE_PRICE',
    'PACKAGE_NOT_FOUND',
    'VAULT_PAUSED',
  ] as const)('the server refuses (%s): nothing is sent', async (code) => {
    const refusal = new ApiError(code, code, 409);
    const run = vi.fn();
    const result = await runPurchase({
      amount: 500n * E18,
      wallet,
      contracts,
      request: async () => {
        throw refusal;
      },
      plan: planBuy,
      run,
    });
    expect(result).toEqual({ kind: 'refused', error: refusal });
    expect(run).not.toHaveBeenCalled();
  });

  it('an authorisation already past its deadline by the chain clock is not sent (PURCHASE_EXPIRED from the plan)', async () => {
    let thrown: unknown;
    const run = vi.fn(async (plan: () => readonly TxStep[]) => {
      try {
        plan();
      } catch (error) {
        thrown = error;
      }
      return 'failed' as const;
    });
    const result = await runPurchase({
      amount: 500n * E18,
      wallet: { ...wallet, timestamp: BigInt(NOW + 1801) },
      contracts,
      request: async () => authorisation(),
      plan: planBuy,
      run,
    });
    expect(result).toMatchObject({ kind: 'sent', outcome: 'failed' });
    expect(thrown).toBeInstanceOf(PurchaseExpiredError);
  });
});
