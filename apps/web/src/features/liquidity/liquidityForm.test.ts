import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { MINIMUM_LIQUIDITY } from '@eterno/protocol/liquidity/quoteAdd';
import { addForm, percentOf, removeForm } from './liquidityForm.ts';
import { EMPTY_POOL, liquidityRead } from './testData.ts';

const data = liquidityRead();
const add = (textA: string, textB: string, last: 'A' | 'B', opts: { slippageBps?: bigint; data?: typeof data } = {}) =>
  addForm({ textA, textB, last, slippageBps: opts.slippageBps ?? 50n, data: 'data' in opts ? opts.data : data });

describe('addForm', () => {
  it('loads, then asks for an amount', () => {
    expect(add('', '', 'A', { data: undefined }).submit).toEqual({ kind: 'loading' });
    expect(add('', '', 'A').submit).toEqual({ kind: 'enterAmount' });
  });

  it('fills the other side at the pool’s ratio, quotes the LP and takes the slippage off both amounts', () => {
    const form = add('100', 'stale', 'A');
    expect(form.textA).toBe('100');
    expect(form.textB).toBe('50');
    expect(form.quote).toMatchObject({ amountA: parseEther('100'), amountB: parseEther('50') });
    expect(form.quote?.liquidity).toBe((parseEther('100') * data.state.totalSupply) / data.state.reserveA);
    expect(form.minimums).toEqual({ amountAMin: parseEther('99.5'), amountBMin: parseEther('49.75') });
    expect(form.submit).toEqual({ kind: 'ready', approvals: 2, confirm: false });
  });

  it('typing B fills A; allowances that cover a side need fewer approvals', () => {
    const form = add('', '25', 'B', { data: liquidityRead({ allowances: { A: parseEther('50'), B: 0n, LP: 0n } }) });
    expect(form.textA).toBe('50');
    expect(form.textB).toBe('25');
    expect(form.submit).toEqual({ kind: 'ready', approvals: 1, confirm: false });
  });

  it('an amount above a balance — typed or paired — is INSUFFICIENT_BALANCE on that side, nothing ready', () => {
    const typed = add('20000.000000000000000001', '', 'A');
    expect(typed.problemA).toBe('INSUFFICIENT_BALANCE');
    expect(typed.submit.kind).toBe('invalid');
    // 20,000 ETRO is in the wallet, but it pairs with 10,000 USDT; with 5,000 USDT the B side is short.
    const paired = add('20000', '', 'A', {
      data: liquidityRead({ balances: { A: parseEther('20000'), B: parseEther('5000'), LP: 0n } }),
    });
    expect(paired.problemA).toBeNull();
    expect(paired.problemB).toBe('INSUFFICIENT_BALANCE');
    expect(paired.submit.kind).toBe('invalid');
    expect(paired.quote).toBeNull();
  });

  it('the text’s own problems and an amount that pairs with nothing', () => {
    expect(add('0', '', 'A').problemA).toBe('ZERO');
    expect(add('abc', '', 'A').problemA).toBe('NOT_A_NUMBER');
    expect(add('0.000000000000000001', '', 'A').problemB).toBe('TOO_SMALL');
  });

  it('the swap’s slippage policy: asks for confirmation from 10 %, refuses from 15 %', () => {
    expect(add('100', '', 'A', { slippageBps: 1_000n }).submit).toEqual({ kind: 'ready', approvals: 2, confirm: true });
    expect(add('100', '', 'A', { slippageBps: 1_500n }).submit).toEqual({ kind: 'refused' });
  });

  it('first liquidity: both typed, the amounts set the price, minimums are the amounts', () => {
    const empty = liquidityRead(EMPTY_POOL);
    expect(add('4', '', 'A', { data: empty }).submit).toEqual({ kind: 'enterAmount' });
    const form = add('4', '1', 'B', { data: empty, slippageBps: 1_500n });
    expect(form.firstLiquidity).toBe(true);
    expect([form.textA, form.textB]).toEqual(['4', '1']);
    expect(form.quote?.liquidity).toBe(parseEther('2') - MINIMUM_LIQUIDITY);
    expect(form.minimums).toEqual({ amountAMin: parseEther('4'), amountBMin: parseEther('1') });
    expect(form.submit).toEqual({ kind: 'ready', approvals: 2, confirm: false });
    // Not enough to mint past the locked 1,000: too small.
    const tiny = add('0.000000000000001', '0.000000000000001', 'A', { data: empty });
    expect(tiny.problemA).toBe('TOO_SMALL');
    expect(tiny.submit.kind).toBe('invalid');
  });
});

describe('removeForm', () => {
  it('pays each token pro rata, minimums with the slippage, one LP approval', () => {
    const form = removeForm({ text: '70.852', slippageBps: 100n, data });
    expect(form.quote).toMatchObject({ amountA: parseEther('100.2'), amountB: parseEther('50.1') });
    expect(form.minimums).toEqual({ amountAMin: parseEther('99.198'), amountBMin: parseEther('49.599') });
    expect(form.submit).toEqual({ kind: 'ready', approvals: 1, confirm: false });
  });

  it('more LP than in the wallet: INSUFFICIENT_BALANCE, nothing ready', () => {
    const form = removeForm({ text: '1414.200000000000000001', slippageBps: 50n, data });
    expect(form.problem).toBe('INSUFFICIENT_BALANCE');
    expect(form.submit).toEqual({ kind: 'invalid' });
    expect(removeForm({ text: '', slippageBps: 50n, data }).submit).toEqual({ kind: 'enterAmount' });
    expect(removeForm({ text: '1', slippageBps: 1_500n, data }).submit).toEqual({ kind: 'refused' });
  });

  it('percent buttons type a share of the LP balance', () => {
    expect(percentOf(parseEther('1414.2'), 25n)).toBe('353.55');
    // A part is cut to 8 decimals; 100 % is every wei.
    expect(percentOf(parseEther('1414.213562373095048801'), 25n)).toBe('353.55339059');
    expect(percentOf(parseEther('1414.213562373095048801'), 100n)).toBe('1414.213562373095048801');
  });
});
