import { useTranslation } from 'react-i18next';
import './finance.css';

/** The keys of the settlement's rules in the help document, in their order (ECONOMY §10). */
const RULES = ['earners', 'days', 'price', 'pool', 'matching', 'loop', 'release'] as const;

/**
 * The help document's daily settlement: who earns a day, how a day's ETRO price is computed (the
 * integer formula of protocol/twap.ts `dayEtroPrice`), the pool's dust and ties, matching after the
 * burn, the loop bill and the release. Rules, not settings: no figure here comes from a constant of
 * the app (the rates are in the live finance settings above and on each screen).
 */
export function SettlementHelp() {
  const { t } = useTranslation('finance');
  return (
    <section className="finance-help" data-testid="settlement-help">
      <h4>{t('help.settlement.title')}</h4>
      <ul>
        {RULES.map((rule) => (
          <li key={rule} data-testid={`settlement-help-${rule}`}>
            {t(`help.settlement.${rule}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
