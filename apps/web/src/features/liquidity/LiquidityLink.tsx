import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiquidityPair } from '@eterno/protocol/liquidity/pairs';
import './liquidityLink.css';

/** Where to get an LP token: the liquidity screen of its pair (from staking, the farm and the assets). */
export function liquidityPath(pair: LiquidityPair, tab: 'add' | 'remove' = 'add'): string {
  return `/assets/overview/liquidity?pair=${pair.toLowerCase()}${tab === 'remove' ? '&tab=remove' : ''}`;
}

/** A small "Get EULP: add liquidity ›" link; `inRow`: under a balance row, aligned with its symbol. */
export function LiquidityLink({ pair, inRow = false }: { pair: LiquidityPair; inRow?: boolean }) {
  const { t } = useTranslation('liquidity');
  return (
    <Link
      className={inRow ? 'liquidity-link liquidity-link-row' : 'liquidity-link'}
      to={liquidityPath(pair)}
      data-testid={`liquidity-link-${pair}`}
    >
      {t('link', { lp: pair })}
    </Link>
  );
}
