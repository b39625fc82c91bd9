import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FinancePackage } from '../../api/finance.ts';
import { allocationText, multipleText, percentText, usdtText } from './format.ts';

/** One package of the catalogue: its figures as the server's settings give them, and Subscribe. */
export function PackageCard({ pkg }: { pkg: FinancePackage }) {
  const { t } = useTranslation('finance');
  const usedUp = pkg.cyclesLeft !== null && pkg.cyclesLeft <= 0;
  return (
    <li className="finance-card package-card" data-testid={`package-${pkg.id}`}>
      <header className="package-head">
        <h3>{t('buy.units', { count: pkg.units })}</h3>
        <span className="package-price" data-testid={`package-${pkg.id}-price`}>
          {usdtText(pkg.price)}
        </span>
      </header>
      <dl className="finance-figures package-figures">
        <div>
          <dt>{t('buy.multiple01')}</dt>
          <dd>{multipleText(pkg.multiple01Bps)}</dd>
        </div>
        <div>
          <dt>{t('buy.multiple02')}</dt>
          <dd>{multipleText(pkg.multiple02Bps)}</dd>
        </div>
        <div>
          <dt>{t('buy.allocation')}</dt>
          <dd>{allocationText(pkg.allocation01Bps)}</dd>
        </div>
        <div>
          <dt>{t('buy.limit')}</dt>
          <dd data-testid={`package-${pkg.id}-limit`}>{usdtText(pkg.rewardLimit)}</dd>
        </div>
        <div>
          <dt>{t('buy.daily')}</dt>
          <dd>{percentText(pkg.dailyRateBps)}</dd>
        </div>
        <div>
          <dt>{t('buy.cycles')}</dt>
          <dd data-testid={`package-${pkg.id}-cycles`}>
            {pkg.cyclesLeft === null
              ? String(pkg.cyclesMax)
              : t('buy.cyclesValue', { left: pkg.cyclesLeft, max: pkg.cyclesMax })}
          </dd>
        </div>
      </dl>
      <Link
        className={usedUp ? 'button package-open package-open-done' : 'button button-primary package-open'}
        to={`/finance/overview/subscribe/${pkg.id}`}
        data-testid={`package-${pkg.id}-open`}
      >
        {usedUp ? t('buy.usedUp') : t('buy.open')}
      </Link>
    </li>
  );
}
