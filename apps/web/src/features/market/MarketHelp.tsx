import { useTranslation } from 'react-i18next';
import { readEusdMarketParameters, type EusdMarketParameters } from '@eterno/protocol/market/readEusdMarket';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import { bpsText, marketAmount } from './format.ts';

/** The EUSD market rules of the help document, from the contract's parameters in force (never a constant of the app). */
export function MarketRules({ params }: { params: EusdMarketParameters | undefined }) {
  const { t } = useTranslation(['market']);
  return (
    <section className="finance-help" data-testid="market-help">
      <h4>{t('market:help.title')}</h4>
      {params ? (
        <ul>
          <li>{t('market:help.maxPrice', { price: marketAmount(params.maxUnitPrice, 'USDT') })}</li>
          <li>{t('market:help.fee', { rate: bpsText(params.sellerFeeBps) })}</li>
          <li>{t('market:help.reward', { rate: bpsText(params.rewardBps) })}</li>
        </ul>
      ) : (
        <p className="finance-note">{t('market:help.unavailable')}</p>
      )}
    </section>
  );
}

/** The help document's market part, read live. */
export function MarketHelp() {
  const read = useBlockRead('market-params', [], (client) =>
    readEusdMarketParameters(client, { contracts: getConfig().deployments.contracts }),
  );
  if (!read.data && !read.error) return <p className="finance-note">…</p>;
  return <MarketRules params={read.data} />;
}
