import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { checkBuyForm, checkListForm } from './marketForm.ts';
import { MARKET_LOT, isLotMultiple, marketCost, quoteFill } from './marketMath.ts';

const limits = { maxUnitPrice: parseEther('1'), eusdBalance: parseEther('500') };

describe('checkListForm', () => {
  it('asks for the unit price first, then the quantity, and names every field’s problem at once', () => {
    expect(checkListForm({ unitPrice: '', quantity: '' }, limits)).toEqual({
      ok: false,
      field: 'unitPrice',
      problem: 'ENTER_UNIT_PRICE',
      problems: { unitPrice: 'ENTER_UNIT_PRICE', quantity: 'ENTER_QUANTITY' },
    });
    expect(checkListForm({ unitPrice: '2', quantity: '15' }, limits)).toMatchObject({
      field: 'unitPrice',
      problems: { unitPrice: 'BID_TOO_HIGH', quantity: 'NOT_MULTIPLE_OF_10' },
    });
    expect(checkListForm({ unitPrice: '  ', quantity: '10' }, limits)).toMatchObject({ problem: 'ENTER_UNIT_PRICE' });
    expect(checkListForm({ unitPrice: '0.95', quantity: '' }, limits)).toEqual({
      ok: false,
      field: 'quantity',
      problem: 'ENTER_QUANTITY',
      problems: { quantity: 'ENTER_QUANTITY' },
    });
  });

  it("refuses a price above the maximum ('Your bid is too high') and a zero or malformed price", () => {
    expect(checkListForm({ unitPrice: '1.000001', quantity: '10' }, limits)).toEqual({
      ok: false,
      field: 'unitPrice',
      problem: 'BID_TOO_HIGH',
      problems: { unitPrice: 'BID_TOO_HIGH' },
    });
    expect(checkListForm({ unitPrice: '0', quantity: '10' }, limits)).toMatchObject({ problem: 'ZERO' });
    expect(checkListForm({ unitPrice: 'abc', quantity: '10' }, limits)).toMatchObject({ problem: 'NOT_A_NUMBER' });
    expect(checkListForm({ unitPrice: '1', quantity: '10' }, limits)).toMatchObject({ ok: true });
  });

  it("refuses a quantity that is not a multiple of 10 ('Trading multiples of 10') or above the balance", () => {
    for (const quantity of ['15', '10.5', '5', '9.999999999999999999'])
      expect(checkListForm({ unitPrice: '0.9', quantity }, limits), quantity).toEqual({
        ok: false,
        field: 'quantity',
        problem: 'NOT_MULTIPLE_OF_10',
        problems: { quantity: 'NOT_MULTIPLE_OF_10' },
      });
    expect(checkListForm({ unitPrice: '0.9', quantity: '510' }, limits)).toMatchObject({
      problem: 'INSUFFICIENT_BALANCE',
    });
    expect(checkListForm({ unitPrice: '0.9', quantity: '500' }, limits)).toEqual({
      ok: true,
      unitPrice: parseEther('0.9'),
      quantity: parseEther('500'),
    });
  });
});

describe('checkBuyForm', () => {
  const order = { unitPrice: parseEther('0.95'), remaining: parseEther('100') };

  it('checks the quantity: entered, a multiple of 10, within the order, its cost within the USDT balance', () => {
    expect(checkBuyForm({ quantity: '' }, order, parseEther('1000'))).toMatchObject({ problem: 'ENTER_QUANTITY' });
    expect(checkBuyForm({ quantity: '25' }, order, parseEther('1000'))).toMatchObject({
      problem: 'NOT_MULTIPLE_OF_10',
    });
    expect(checkBuyForm({ quantity: '110' }, order, parseEther('1000'))).toMatchObject({
      problem: 'EXCEEDS_REMAINING',
    });
    expect(checkBuyForm({ quantity: '30' }, order, parseEther('28.49'))).toMatchObject({
      problem: 'INSUFFICIENT_BALANCE',
    });
    expect(checkBuyForm({ quantity: '30' }, order, parseEther('28.5'))).toEqual({
      ok: true,
      quantity: parseEther('30'),
      cost: parseEther('28.5'),
    });
  });
});

describe('market maths', () => {
  it('mirrors the contract: cost exact, fee rounded down, reward capped by the fee and the reserve', () => {
    expect(isLotMultiple(MARKET_LOT * 3n)).toBe(true);
    expect(isLotMultiple(0n)).toBe(false);
    expect(isLotMultiple(MARKET_LOT + 1n)).toBe(false);
    expect(marketCost(parseEther('30'), parseEther('0.95'))).toBe(parseEther('28.5'));
    const base = { quantity: parseEther('30'), unitPrice: parseEther('0.95'), feeBps: 300n, rewardBps: 100n };
    expect(quoteFill({ ...base, reserve: parseEther('1000') })).toEqual({
      cost: parseEther('28.5'),
      fee: parseEther('0.855'),
      proceeds: parseEther('27.645'),
      reward: parseEther('0.3'),
    });
    expect(quoteFill({ ...base, reserve: parseEther('0.1') }).reward).toBe(parseEther('0.1'));
    expect(quoteFill({ ...base, unitPrice: parseEther('0.2'), reserve: parseEther('1000') }).reward).toBe(
      parseEther('0.18'),
    );
  });
});
