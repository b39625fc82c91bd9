import { useTranslation } from 'react-i18next';
import type { FinanceSummary } from '../../api/finance.ts';
import type { IncomeSummary, Team } from '../../api/referral.ts';
import type { LedgerBalances } from '../../api/vault.ts';
import { tokenAmountText } from '../../components/tokenAmountText.ts';
import { formatDay } from '../../i18n/dateTime.ts';
import { usdtText } from '../finance/format.ts';
import { Figure, Loadable, type Read } from './Loadable.tsx';
import { NotRegistered } from './NotRegistered.tsx';
import './mine.css';

export type TodayViewProps = {
  team: Read<Team>;
  summary: Read<FinanceSummary>;
  ledger: Read<LedgerBalances>;
  income: Read<IncomeSummary>;
};

const eusdText = (value: bigint) => `${tokenAmountText(value, 'EUSD')} EUSD`;

/** The ledger's available amount of one token (0 when the ledger has no row for it yet). */
function available(ledger: LedgerBalances, symbol: string): bigint {
  return ledger.balances.find((b) => b.symbol === symbol)?.available ?? 0n;
}

/**
 * Mine › today (`/mine/today`): today's volume of the two legs (the indexer's team figures) and the
 * Mine summary of spec §3: the package figures (GET /finance/summary), the ledger balances
 * (GET /vault/balances) and the referral figures (GET /referral/income). Each card stands alone:
 * a read that fails or that the server does not provide says so without hiding the others.
 */
export function TodayView({ team, summary, ledger, income }: TodayViewProps) {
  const { t, i18n } = useTranslation('mine');
  return (
    <section className="finance-screen mine-screen" data-testid="mine-today">
      <section className="finance-card">
        <h3>{t('today.volumeTitle')}</h3>
        <Loadable read={team} testId="today-volume">
          {({ team: figures, day }) =>
            figures === null ? (
              <NotRegistered />
            ) : (
              <>
                <div className="mine-legs">
                  <div className="mine-leg" data-side="left">
                    <span>{t('today.leftToday')}</span>
                    <strong data-testid="today-left">{usdtText(figures.left.today)}</strong>
                  </div>
                  <div className="mine-leg" data-side="right">
                    <span>{t('today.rightToday')}</span>
                    <strong data-testid="today-right">{usdtText(figures.right.today)}</strong>
                  </div>
                </div>
                <dl className="finance-figures">
                  <Figure
                    label={t('today.totalToday')}
                    value={usdtText(figures.left.today + figures.right.today)}
                    testId="today-total"
                  />
                </dl>
                <p className="finance-note">{t('asOfDay', { day: formatDay(day, i18n.language) })}</p>
              </>
            )
          }
        </Loadable>
      </section>
      <section className="finance-card">
        <h3>{t('today.summaryTitle')}</h3>
        <Loadable read={summary} testId="summary-finance">
          {(s) => (
            <dl className="finance-figures">
              <Figure label={t('today.units')} value={t('today.unitsValue', { count: s.units })} testId="sum-units" />
              <Figure label={t('today.currentValue')} value={usdtText(s.currentValue)} testId="sum-current" />
              <Figure label={t('today.rewardGained')} value={usdtText(s.rewardGained)} testId="sum-gained" />
              <Figure label={t('today.rewardRemaining')} value={usdtText(s.rewardRemaining)} testId="sum-remaining" />
              <Figure label={t('today.rewardLimit')} value={usdtText(s.rewardLimit)} testId="sum-limit" />
              <Figure label={t('today.cycles')} value={String(s.cyclesRemaining)} testId="sum-cycles" />
            </dl>
          )}
        </Loadable>
        <Loadable read={ledger} testId="summary-ledger">
          {(l) => (
            <>
              <dl className="finance-figures">
                <Figure
                  label={t('today.etroBalance')}
                  value={`${tokenAmountText(available(l, 'ETRO'), 'ETRO')} ETRO`}
                  testId="sum-etro"
                />
                <Figure label={t('today.usdtBalance')} value={usdtText(available(l, 'USDT'))} testId="sum-usdt" />
              </dl>
              <p className="finance-note">{t('today.balancesNote')}</p>
            </>
          )}
        </Loadable>
        <Loadable read={income} testId="summary-income">
          {(i) => (
            <dl className="finance-figures">
              <Figure label={t('today.prizePool')} value={eusdText(i.pendingPrizePool)} testId="sum-prize" />
              <Figure label={t('today.prospective')} value={usdtText(i.ep)} testId="sum-ep" />
              <Figure label={t('today.unreleased')} value={usdtText(i.release.unreleased)} testId="sum-unreleased" />
              <Figure label={t('today.released')} value={usdtText(i.release.released)} testId="sum-released" />
            </dl>
          )}
        </Loadable>
      </section>
    </section>
  );
}
