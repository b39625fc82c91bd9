// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEADLINE_STORAGE_KEY, useDeadline } from './useDeadline.ts';
import { SLIPPAGE_STORAGE_KEY, useSlippage } from './useSlippage.ts';

afterEach(() => localStorage.clear());

describe('useDeadline', () => {
  it('is 20 minutes until the user sets it, then keeps the setting across visits', () => {
    const first = renderHook(() => useDeadline());
    expect(first.result.current[0]).toBe(20n);
    act(() => first.result.current[1](45n));
    expect(first.result.current[0]).toBe(45n);
    expect(localStorage.getItem(DEADLINE_STORAGE_KEY)).toBe('45');
    expect(renderHook(() => useDeadline()).result.current[0]).toBe(45n);
  });

  it.each(['0', '4321', '-5', '1.5', 'x', ''])('ignores a stored %j that is not a valid setting', (text) => {
    localStorage.setItem(DEADLINE_STORAGE_KEY, text);
    expect(renderHook(() => useDeadline()).result.current[0]).toBe(20n);
  });
});

describe('useSlippage', () => {
  it('keeps a stored tolerance below 100 % and ignores anything else', () => {
    localStorage.setItem(SLIPPAGE_STORAGE_KEY, '250');
    expect(renderHook(() => useSlippage()).result.current[0]).toBe(250n);
    localStorage.setItem(SLIPPAGE_STORAGE_KEY, '10000');
    expect(renderHook(() => useSlippage()).result.current[0]).toBe(50n);
  });
});
