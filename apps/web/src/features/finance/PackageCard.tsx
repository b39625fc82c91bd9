import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FinancePackage } from '../../api/finance.ts';
import { useIndexLag } from '../../tx/useIndexLag.ts';
import { allocationText, multipleText, percentText, usdtText } from './format.ts';
import { cyclesKey } from './usePurchase.ts';
import { registerToBuyPath } from './RegisterOffer.tsx';

/**
 * One package of the catalogue: its figures as the server's settings give them, and Subscribe. An
 * unregistered wallet's Subscribe goes straight to the registration, which says why and comes back.
 */
export function PackageCard({ pkg, unregistered = false }: { pkg: FinancePackage; unregistered?: boolean }) {
  const { t } = useTranslation(['finance', 'common']);
  // Bought here, not indexed yet: the count from before the purchase is not shown as current.
  const recording = useIndexLag(cyclesKey(pkg.id), pkg.cyclesLeft?.toString());
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
            {recording
              ? t('common:recording')
              : pkg.cyclesLeft === null
                ? String(pkg.cyclesMax)
                : t('buy.cyclesValue', { left: pkg.cyclesLeft, max: pkg.cyclesMax })}
          </dd>
        </div>
      </dl>
      <p className="finance-note" data-testid={`package-${pkg.id}-multiples-hint`}>
        {t('buy.multiplesHint', {
          a01: percentText(pkg.allocation01Bps),
          a02: percentText(10_000 - pkg.allocation01Bps),
          m01: multipleText(pkg.multiple01Bps),
          m02: multipleText(pkg.multiple02Bps),
        })}
      </p>
      <Link
        className={usedUp ? 'button package-open package-open-done' : 'button button-primary package-open'}
        to={unregistered && !usedUp ? registerToBuyPath(pkg.id) : `/finance/overview/subscribe/${pkg.id}`}
        data-testid={`package-${pkg.id}-open`}
      >
        {usedUp ? t('buy.usedUp') : t('buy.open')}
      </Link>
    </li>
  );
}
