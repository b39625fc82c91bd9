import { describe, expect, it } from 'vitest';
import { erc20Abi, getAddress, type Hex } from 'viem';
import { EternoError } from '@eterno/protocol/errors';
import { TxFailedError, TxRefusedError, TxSimulationError } from '@eterno/protocol/tx/errors';
import type { TxStep } from '@eterno/protocol/tx/steps';
import { PurchaseExpiredError } from '@eterno/protocol/finance/planPurchase';
import { advance, currentHash, errorKey, failed, started } from './txState.ts';

const token = getAddress('0x00000000000000000000000000000000000000a1');
const steps: TxStep[] = [
  { kind: 'approve', token, symbol: 'USDT', spender: token, amount: 1n },
  { kind: 'call', action: 'swap.buy', call: { address: token, abi: erc20Abi, functionName: 'totalSupply', args: [] } },
];
const h1 = `0x${'1'.repeat(64)}` as Hex;
const h2 = `0x${'2'.repeat(64)}` as Hex;

describe('transaction state', () => {
  it('follows the steps: a mined approval is pending the next step, the last mined step is confirmed', () => {
    let s = started(steps);
    expect(s).toMatchObject({ phase: 'simulating', stepIndex: 0, hashes: [undefined, undefined] });
    s = advance(s, { phase: 'signing', stepIndex: 0 });
    s = advance(s, { phase: 'pending', stepIndex: 0, hash: h1 });
    expect(currentHash(s)).toBe(h1);
    s = advance(s, { phase: 'mined', stepIndex: 0, hash: h1 });
    expect(s.phase).toBe('pending');
    s = advance(s, { phase: 'simulating', stepIndex: 1 });
    expect(s).toMatchObject({ phase: 'simulating', stepIndex: 1 });
    expect(currentHash(s)).toBe(h1);
    s = advance(s, { phase: 'mined', stepIndex: 1, hash: h2 });
    expect(s).toMatchObject({ phase: 'confirmed', stepIndex: 1, hashes: [h1, h2] });
  });

  it('keeps the hash of a step that failed on chain', () => {
    const s = failed(advance(started(steps), { phase: 'signing', stepIndex: 1 }), new TxFailedError(1, h2));
    expect(s).toMatchObject({ phase: 'failed', hashes: [undefined, h2] });
  });

  it('a purchase the vault refuses as expired in simulation is PURCHASE_EXPIRED; another action keeps the raw revert', () => {
    const expired = new TxSimulationError(1, { kind: 'custom', name: 'Expired', args: [7n], inputs: ['deadline'] });
    const call = steps[1] as Extract<TxStep, { kind: 'call' }>;
    for (const action of ['finance.buy', 'finance.regular'] as const) {
      const s = failed(started([steps[0]!, { ...call, action }]), expired);
      expect(s.error).toBeInstanceOf(PurchaseExpiredError);
      expect(errorKey(s.error)).toEqual({ code: 'PURCHASE_EXPIRED', params: {} });
    }
    expect(errorKey(failed(started(steps), expired).error).code).toBe('TX_SIMULATION_FAILED');
    const other = new TxSimulationError(1, { kind: 'custom', name: 'ZeroAmount', args: [], inputs: [] });
    expect(errorKey(failed(started([steps[0]!, { ...call, action: 'finance.buy' }]), other).error).code).toBe(
      'TX_SIMULATION_FAILED',
    );
  });

  it('maps errors to the catalogue, with the decoded revert as the reason', () => {
    expect(errorKey(new TxRefusedError(0))).toEqual({ code: 'REFUSED_TRANSACTION_REQUEST', params: {} });
    expect(
      errorKey(
        new TxSimulationError(1, {
          kind: 'custom',
          name: 'BelowMinimum',
          args: [1n, 2n],
          inputs: ['amount', 'minimum'],
        }),
      ),
    ).toEqual({
      code: 'TX_SIMULATION_FAILED',
      params: { reason: 'BelowMinimum(amount: 1, minimum: 2)' },
    });
    expect(errorKey(new EternoError('INSUFFICIENT_BALANCE'))).toEqual({ code: 'INSUFFICIENT_BALANCE', params: {} });
    expect(errorKey(new Error('boom'))).toEqual({ code: 'TX_FAILED', params: {} });
  });
});
