import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DYNAMIC_INCOME_TYPES } from '@eterno/protocol/referralApi';
import type { FinanceSummary } from '../../api/finance.ts';
import type { IncomeSummary } from '../../api/referral.ts';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { tokenAmountText } from '../../components/tokenAmountText.ts';
import { usdtText } from '../finance/format.ts';
import { Figure, Loadable, type Read } from '../mine/Loadable.tsx';
import '../mine/mine.css';

export type IncomeViewProps = {
  /** 0 dynamic income, 1 loop reinvestment, 2 energy value. */
  tab: number;
  income: Read<IncomeSummary>;
  summary: Read<FinanceSummary>;
  /** The bill of the dynamic income types (the existing bill list), shown under the dynamic tab. */
  bills: ReactNode;
};

/** The prize pool is paid in EUSD, every other dynamic income in USDT (ECONOMY §4). */
const amountOf = (type: (typeof DYNAMIC_INCOME_TYPES)[number], value: bigint) =>
  type === 'personal_pool' ? `${tokenAmountText(value, 'EUSD')} EUSD` : usdtText(value);

/**
 * Assets › income (`/assets/income`, spec "income tabs"): dynamic income (per type all time and
 * today, then the bills of those types), loop reinvestment (the share put aside, the balance not yet
 * a unit, the loop orders made) and energy value (what can still be earned, what was burned beyond
 * it). Figures from GET /referral/income and GET /finance/summary.
 */
export function IncomeView({ tab, income, summary, bills }: IncomeViewProps) {
  const { t } = useTranslation('mine');
  const tabs = [t('income.tabs.dynamic'), t('income.tabs.reinvest'), t('income.tabs.energy')];
  return (
    <section className="finance-screen mine-screen" data-testid="assets-income">
      <SegmentedTabs labels={tabs} active={tab} />
      <div role="tabpanel" className="finance-screen">
        {tab === 0 ? (
          <>
            <section className="finance-card">
              <h3>{t('income.tabs.dynamic')}</h3>
              <Loadable read={income} testId="income-types">
                {(i) => (
                  <div className="mine-table" role="table" data-testid="income-types">
                    <span className="mine-th" role="columnheader">
                      {t('income.type')}
                    </span>
                    <span className="mine-th mine-num" role="columnheader">
                      {t('income.totalAll')}
                    </span>
                    <span className="mine-th mine-num" role="columnheader">
                      {t('income.today')}
                    </span>
                    {DYNAMIC_INCOME_TYPES.map((type) => (
                      <IncomeRow
                        key={type}
                        type={type}
                        label={t(`income.types.${type}`)}
                        total={amountOf(type, i.byType[type].total)}
                        today={amountOf(type, i.byType[type].today)}
                      />
                    ))}
                  </div>
                )}
              </Loadable>
              <p className="finance-note" data-testid="income-types-note">
                {t('income.typesNote')}
              </p>
            </section>
            {bills}
          </>
        ) : tab === 1 ? (
          <section className="finance-card">
            <h3>{t('income.tabs.reinvest')}</h3>
            <Loadable read={income} testId="income-loop">
              {(i) => (
                <dl className="finance-figures">
                  <Figure label={t('income.reinvested')} value={usdtText(i.loop.reinvested)} testId="loop-reinvested" />
                  <Figure label={t('income.loopBalance')} value={usdtText(i.loop.balance)} testId="loop-balance" />
                  <Figure
                    label={t('income.loopOrders')}
                    value={t('income.loopOrdersValue', { count: i.loop.orders })}
                    testId="loop-orders"
                  />
                </dl>
              )}
            </Loadable>
            <p className="finance-note">{t('income.loopNote')}</p>
            <Link to="/finance/mine" className="finance-back">
              {t('income.ordersLink')} →
            </Link>
          </section>
        ) : (
          <section className="finance-card">
            <h3>{t('income.tabs.energy')}</h3>
            <Loadable read={income} testId="income-energy">
              {(i) => (
                <>
                  <dl className="finance-figures finance-figures-big">
                    <Figure label={t('income.ep')} value={usdtText(i.ep)} testId="energy-ep" />
                  </dl>
                  <dl className="finance-figures">
                    <Figure label={t('income.burned')} value={usdtText(i.burned.total)} testId="energy-burned" />
                    <Figure label={t('income.burnedToday')} value={usdtText(i.burned.today)} />
                  </dl>
                </>
              )}
            </Loadable>
            <Loadable read={summary} testId="income-limits">
              {(s) => (
                <dl className="finance-figures">
                  <Figure label={t('today.rewardLimit')} value={usdtText(s.rewardLimit)} testId="energy-limit" />
                  <Figure label={t('today.rewardGained')} value={usdtText(s.rewardGained)} testId="energy-gained" />
                </dl>
              )}
            </Loadable>
            <p className="finance-note">{t('income.epNote')}</p>
          </section>
        )}
      </div>
    </section>
  );
}

function IncomeRow({ type, label, total, today }: { type: string; label: string; total: string; today: string }) {
  return (
    <>
      <span className="mine-th" data-testid={`income-${type}`}>
        {label}
      </span>
      <span className="mine-num" data-testid={`income-${type}-total`}>
        {total}
      </span>
      <span className="mine-num" data-testid={`income-${type}-today`}>
        {today}
      </span>
    </>
  );
}
