import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import EmptyScreen from '../../screens/EmptyScreen.tsx';
import NotFound from '../../shell/NotFound.tsx';
import { symbolFromPath } from './overviewTokens.ts';

/** `/assets/overview/:type`: one token of the overview (spec: asset detail). */
export default function AssetDetail() {
  const { t } = useTranslation('screens');
  const symbol = symbolFromPath(useParams().type);
  if (!symbol) return <NotFound />;
  return (
    <div className="asset-detail">
      <header className="asset-detail-head">
        <TokenIcon symbol={symbol} />
        <h2>{t('assets.detail.title', { token: symbol })}</h2>
      </header>
      <EmptyScreen message="assets.detail.empty" values={{ token: symbol }} />
    </div>
  );
}
