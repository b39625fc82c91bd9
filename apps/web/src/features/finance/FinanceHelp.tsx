import { useTranslation } from 'react-i18next';
import type { FinanceCatalogue } from '../../api/finance.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { allocationText, multipleText, percentText, usdtText } from './format.ts';
import { SettlementHelp } from './SettlementHelp.tsx';
import { useCatalogue } from './useCatalogue.ts';
import './finance.css';

/** The finance rules of the help document, from the settings in force (`GET /finance/catalogue`): never a constant of the app. */
export function FinanceRules({ catalogue }: { catalogue: FinanceCatalogue }) {
  const { t, i18n } = useTranslation('finance');
  return (
    <section className="finance-help" data-testid="finance-help">
      <h4>
        {catalogue.effectiveFrom > 0
          ? t('help.title', { time: formatDateTime(catalogue.effectiveFrom, i18n.language) })
          : t('help.titleNoDate')}
      </h4>
      <p>{t('help.general', { unitPrice: usdtText(catalogue.unitPrice), quota: usdtText(catalogue.dailyQuota) })}</p>
      <ul>
        {catalogue.packages.map((pkg) => (
          <li key={pkg.id}>
            {t('help.package', {
              units: t('buy.units', { count: pkg.units }),
              price: usdtText(pkg.price),
              m01: multipleText(pkg.multiple01Bps),
              m02: multipleText(pkg.multiple02Bps),
              alloc: allocationText(pkg.allocation01Bps),
              rate: percentText(pkg.dailyRateBps),
              limit: usdtText(pkg.rewardLimit),
              cycles: pkg.cyclesMax,
            })}
          </li>
        ))}
        {catalogue.regular.map((product) => (
          <li key={product.id}>
            {t('help.regular', {
              days: product.days,
              rate: percentText(product.dailyRateBps),
              min: usdtText(product.minAmount),
              max: usdtText(product.maxAmount),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The help document's finance part: the live catalogue (or a note when it cannot be read), then the
 * daily settlement's rules.
 */
export function FinanceHelp() {
  const { t } = useTranslation('finance');
  const { data, error } = useCatalogue();
  const live = data ? (
    <FinanceRules catalogue={data} />
  ) : (
    <p className="finance-note">{error ? t('help.unavailable') : '…'}</p>
  );
  return (
    <>
      {live}
      <SettlementHelp />
    </>
  );
}
