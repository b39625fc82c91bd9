import { describe, expect, it } from 'vitest';
import {
  BILL_TYPES,
  LOCK_PERIODS_DAYS,
  ORDER_STATUSES,
  TOKENS,
  TOKEN_DECIMALS,
  TOKEN_SYMBOLS,
  isBillType,
  isLockPeriod,
  isOrderStatus,
  isTokenSymbol,
} from './domain.ts';

describe('domain constants', () => {
  it('lists the spec lock periods', () => {
    expect(LOCK_PERIODS_DAYS).toEqual([30, 60, 90, 120, 150, 180, 210, 360]);
    expect(isLockPeriod(90)).toBe(true);
    expect(isLockPeriod(45)).toBe(false);
    expect(isLockPeriod('90')).toBe(false);
  });

  it('lists the 23 spec bill types with unique ids', () => {
    expect(BILL_TYPES).toHaveLength(23);
    expect(new Set(BILL_TYPES).size).toBe(23);
    expect(BILL_TYPES[0]).toBe('regular');
    expect(BILL_TYPES.at(-1)).toBe('fon_release');
    for (const type of BILL_TYPES) expect(type).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(isBillType('lp_reward')).toBe(true);
    expect(isBillType('LP reward')).toBe(false);
  });

  it('lists the order statuses in lifecycle order', () => {
    expect(ORDER_STATUSES).toEqual(['unpaid', 'waiting', 'in_progress', 'finished']);
    expect(isOrderStatus('waiting')).toBe(true);
    expect(isOrderStatus('in progress')).toBe(false);
  });

  it('lists the overview tokens, all known symbols of 18 decimals', () => {
    expect(TOKENS).toEqual(['UNITS', 'EULP', 'ETRO', 'USDT', 'FON']);
    for (const symbol of TOKENS) expect(TOKEN_SYMBOLS).toContain(symbol);
    expect(TOKEN_DECIMALS).toBe(18);
    expect(isTokenSymbol('EUSD')).toBe(true);
    expect(isTokenSymbol('usdt')).toBe(false);
  });
});
