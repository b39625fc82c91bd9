// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DYNAMIC_INCOME_TYPES } from '@eterno/protocol/referralApi';
import { setLanguage } from '../../i18n/index.ts';
import { IncomeView, type IncomeViewProps } from './IncomeView.tsx';
import { INCOME, MISSING, SUMMARY, failed, ok } from '../mine/testData.ts';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const view = (props: Partial<IncomeViewProps> = {}) =>
  render(
    <MemoryRouter>
      <IncomeView tab={0} income={ok(INCOME)} summary={ok(SUMMARY)} bills={<p data-testid="bills" />} {...props} />
    </MemoryRouter>,
  );
const text = (id: string) => screen.getByTestId(id).textContent;

describe('IncomeView (/assets/income)', () => {
  it('dynamic income: every type all time and today (the prize pool in EUSD), then the bills', () => {
    view();
    for (const type of DYNAMIC_INCOME_TYPES) expect(screen.getByTestId(`income-${type}-total`)).toBeTruthy();
    expect(text('income-direct-total')).toBe('60 USDT');
    expect(text('income-direct-today')).toBe('10 USDT');
    expect(text('income-service_center-today')).toBe('2 USDT');
    expect(text('income-personal_pool-total')).toBe('3 EUSD');
    expect(text('income-types-note')).toMatch(/^Prize pool: your share of each day's pool/);
    expect(screen.getByTestId('bills')).toBeTruthy();
  });

  it('loop reinvestment and energy value', () => {
    view({ tab: 1 });
    expect(text('loop-reinvested')).toBe('15 USDT');
    expect(text('loop-balance')).toBe('15 USDT');
    expect(text('loop-orders')).toBe('0 orders');
    view({ tab: 2 });
    expect(text('energy-ep')).toBe('1,400 USDT');
    expect(text('energy-burned')).toBe('7 USDT');
    expect(text('energy-limit')).toBe('1,440 USDT');
    expect(text('energy-gained')).toBe('40 USDT');
  });

  it('a 404 on the income route is an error with Retry on every tab; the bills stay', async () => {
    view({ income: failed(MISSING) });
    expect(screen.getByTestId('income-types-error').textContent).toMatch(/Retry/);
    expect(screen.getByTestId('bills')).toBeTruthy();
    view({ tab: 2, income: failed(MISSING) });
    expect(screen.getByTestId('income-energy-error').textContent).toMatch(/Retry/);
    expect(text('energy-limit')).toBe('1,440 USDT');
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('income-energy-error').textContent).toMatch(/无法从服务器读取.*重试/);
  });
});
