import '../../i18n/index.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from '@eterno/protocol/errors';
import { i18n, loadNamespaces, setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { errorKeyOf, paramsFromMessage } from './errorText.ts';

afterEach(async () => {
  await setLanguage('en');
});

describe('paramsFromMessage', () => {
  it("recovers the server's figures from a catalogue message", () => {
    expect(paramsFromMessage('OVER_DAY_CAP', errorMessage('OVER_DAY_CAP', { remaining: '12.5 USDT' }))).toEqual({
      remaining: '12.5 USDT',
    });
    expect(paramsFromMessage('OVER_TX_CAP', errorMessage('OVER_TX_CAP', { cap: '100,000 ETRO' }))).toEqual({
      cap: '100,000 ETRO',
    });
  });

  it('is empty for a message that does not follow the template, and for a code without figures', () => {
    expect(paramsFromMessage('OVER_TX_CAP', 'something else')).toEqual({});
    expect(paramsFromMessage('VOUCHER_OPEN', errorMessage('VOUCHER_OPEN'))).toEqual({});
  });
});

describe('errorKeyOf', () => {
  it("gives the catalogue key and the server's figures, shown in the user's language", async () => {
    await loadNamespaces(['errors']);
    const error = new ApiError('OVER_DAY_CAP', errorMessage('OVER_DAY_CAP', { remaining: '7 USDT' }), 422);
    const { code, params } = errorKeyOf(error);
    expect(code).toBe('OVER_DAY_CAP');
    expect(i18n.t(`errors:${code}`, params)).toBe("Today's limit is reached: at most 7 USDT more can go out today");
    await setLanguage('zh');
    expect(i18n.t(`errors:${code}`, params)).toBe('已达今日上限：今天最多还能转出 7 USDT');
  });

  it('an error without a catalogue code is INTERNAL', () => {
    expect(errorKeyOf(new Error('boom'))).toEqual({ code: 'INTERNAL', params: {} });
  });
});
