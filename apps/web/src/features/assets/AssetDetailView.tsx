import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlockChip } from '../../components/BlockChip.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { DepositForm, type DepositFormProps } from '../vault/DepositForm.tsx';
import { VoucherCard, type VoucherCardProps } from '../vault/VoucherCard.tsx';
import { WithdrawForm, type WithdrawFormProps } from '../vault/WithdrawForm.tsx';
import { figureAmount } from '@eterno/protocol/figure';
import { DISPLAY_DIGITS } from '@eterno/protocol/amount';
import { FigureText, useFigureLocale } from '../../components/FigureText.tsx';
import { sameFigureNotes, type AssetFigure } from './assetFigures.ts';
import type { OverviewSymbol } from './overviewTokens.ts';
import '../../screens/screens.css';
import './assets.css';
import '../vault/vault.css';

export type AssetDetailViewProps = {
  symbol: OverviewSymbol;
  figures: readonly AssetFigure[];
  /** The block of the chain figures, and of the ledger's. */
  blockNumber: bigint | undefined;
  ledgerBlock: bigint | undefined;
  /** Messages of failed reads (the figures that could not be read stay skeletons). */
  chainError: string | null;
  ledgerError: string | null;
  onRetry: () => void;
  /** Whether the vault's token list is known yet (FON: always; else once /vault/config answered). */
  vaultKnown: boolean;
  /** null: the vault does not take this token (figures only, no forms). */
  vault: {
    /** Deposits (and exchanges) are paused. */
    paused: boolean;
    /** The pause still holds withdrawals; they reopen by themselves at `withdrawalsReopenAt` (unix seconds). */
    withdrawalsPaused: boolean;
    withdrawalsReopenAt: number;
    withdraw: Omit<WithdrawFormProps, 'symbol' | 'disabled'>;
    deposit: Omit<DepositFormProps, 'symbol' | 'disabled'>;
    voucher: Omit<VoucherCardProps, 'symbol'> | null;
  } | null;
  /** The token's bill (the bills feature's list), under the forms. */
  bill?: ReactNode;
  /** The vault exchanges this token for another (Finance › exchange, opened paying with it). */
  exchangeable?: boolean;
};

type Tab = 'withdraw' | 'deposit';

/** Assets › overview/{type}: the token's figures, Withdraw and Deposit, the latest voucher, the bill. */
export function AssetDetailView(props: AssetDetailViewProps) {
  const { t, i18n } = useTranslation(['screens', 'vault']);
  const [tab, setTab] = useState<Tab>('withdraw');
  const { symbol, vault } = props;
  const locale = useFigureLocale();
  const notes = sameFigureNotes(props.figures);
  return (
    <div className="asset-detail" data-testid="asset-detail" data-symbol={symbol}>
      <header className="asset-detail-head">
        <TokenIcon symbol={symbol} />
        <h2>{t('screens:assets.detail.title', { token: symbol })}</h2>
        {props.blockNumber !== undefined ? <BlockChip blockNumber={props.blockNumber} /> : null}
      </header>

      <section className="vault-card">
        <dl className="asset-figures">
          {props.figures.map((figure) => (
            <div key={figure.key} data-testid={`figure-${figure.key}`}>
              <dt>
                {t(`vault:figures.${figure.key}`)}
                <small className="asset-figure-hint">{t(`vault:figureHints.${figure.key}`)}</small>
              </dt>
              <dd aria-busy={figure.value === undefined}>
                {figure.value !== undefined ? (
                  <FigureText
                    figure={figureAmount(figure.value, locale, { digits: DISPLAY_DIGITS[symbol] })}
                    suffix={symbol}
                  />
                ) : (
                  <span className="skeleton asset-figure-skeleton" aria-hidden="true" />
                )}
              </dd>
            </div>
          ))}
        </dl>
        {notes.map((note) => (
          <p key={note} className="vault-note" data-testid={`same-figure-${note}`}>
            {t(`vault:sameFigure.${note}`)}
          </p>
        ))}
        {props.ledgerBlock !== undefined ? (
          <p className="vault-note">{t('vault:detail.ledgerAt', { block: props.ledgerBlock.toString() })}</p>
        ) : null}
        {props.chainError || props.ledgerError ? (
          <div className="vault-error" role="alert">
            {props.chainError ? <p>{props.chainError}</p> : null}
            {props.ledgerError ? <p>{props.ledgerError}</p> : null}
            <button type="button" className="button" onClick={props.onRetry}>
              {t('vault:retry')}
            </button>
          </div>
        ) : null}
      </section>

      {props.exchangeable ? (
        <Link className="button asset-exchange" to={`/finance/exchange?pay=${symbol}`} data-testid="asset-exchange">
          {t('screens:assets.detail.exchange', { token: symbol })}
        </Link>
      ) : null}
      {vault ? (
        <>
          {vault.voucher ? <VoucherCard {...vault.voucher} symbol={symbol} /> : null}
          <section className="vault-card">
            <div className="pill-switch" role="tablist">
              {(['withdraw', 'deposit'] as const).map((id) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  aria-selected={tab === id}
                  className={tab === id ? 'pill-option pill-option-active' : 'pill-option'}
                  data-testid={`tab-${id}`}
                  onClick={() => setTab(id)}
                >
                  {t(`vault:tabs.${id}`)}
                </button>
              ))}
            </div>
            {vault.paused ? (
              <p className="vault-error" role="status" data-testid="vault-paused">
                {vault.withdrawalsPaused
                  ? t('vault:detail.paused', { time: formatDateTime(vault.withdrawalsReopenAt, i18n.language) })
                  : t('vault:detail.depositsPaused')}
              </p>
            ) : null}
            {tab === 'withdraw' ? (
              <WithdrawForm {...vault.withdraw} symbol={symbol} disabled={vault.withdrawalsPaused} />
            ) : (
              <DepositForm {...vault.deposit} symbol={symbol} disabled={vault.paused} />
            )}
          </section>
        </>
      ) : props.vaultKnown ? (
        <p className="vault-note" data-testid="not-in-vault">
          {t('vault:detail.notInVault', { token: symbol })}
        </p>
      ) : null}
      {props.bill}
    </div>
  );
}
