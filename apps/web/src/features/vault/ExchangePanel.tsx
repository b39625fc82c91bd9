import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { AmountField } from '../../components/AmountField.tsx';
import { useAttempt } from '../../tx/formAttempt.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction } from '../../tx/useTransaction.ts';
import type { ExchangeQuote } from '../../api/vault.ts';
import { errorKeyOf } from './errorText.ts';
import { countdownText, feePercentText, pairKey, type ExchangePair } from './exchangeQuote.ts';
import { amountText } from './format.ts';
import { checkSpendAmount } from './vaultAmounts.ts';

export type ExchangePanelProps = {
  /** The offered pairs (undefined: not read yet). */
  pairs: readonly ExchangePair[] | undefined;
  configError: string | null;
  onRetry: () => void;
  pair: ExchangePair | undefined;
  onPair: (key: string) => void;
  text: string;
  onText: (text: string) => void;
  /** The wallet's balance of the token paid (undefined: not read yet). */
  balance: bigint | undefined;
  /**
   * What today leaves of the token received (GET /vault/limits): the user's own daily limit (the smaller of
   * the exchange cap and the vault's payout cap) and what the vault can still pay by exchanges (its budget
   * less the signed quotes, and the day's exchange budget); null while unknown.
   */
  limits: { userRemaining: bigint; budgetRemaining: bigint } | null;
  /** The signed quote for the pair and amount on screen, or null. */
  quote: ExchangeQuote | null;
  secondsLeft: number;
  quoting: boolean;
  /** The server's refusal of the last quote (RESERVE_TOO_LOW, OVER_DAY_CAP, …). */
  error: unknown;
  tx: Pick<Transaction, 'state' | 'busy'>;
  done: ExchangeQuote | null;
  onAsk: (amountIn: bigint) => void;
  onConfirm: (quote: ExchangeQuote) => void;
};

/**
 * Finance › exchange: the pair, the amount paid (checked against the wallet), "Get quote" → the
 * signed quote (price, fee, what is received, a countdown to its deadline) shown BEFORE the wallet
 * opens; then approve + `pureTransfer`, step n of m. An expired quote cannot be sent: ask again.
 */
export function ExchangePanel(props: ExchangePanelProps) {
  const { t } = useTranslation(['vault', 'errors']);
  const { pair, quote, tx } = props;
  const [attempted, setAttempted] = useAttempt(tx.state.phase);
  const check = checkSpendAmount(props.text, props.balance ?? null);
  const showProblem = !check.ok && (attempted || props.text.trim() !== '');
  const busy = tx.busy || props.quoting;
  const serverError = props.error ? errorKeyOf(props.error) : null;
  const expired = quote !== null && props.secondsLeft <= 0;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || busy || !pair) return;
    props.onAsk(check.amount);
  };

  return (
    <section className="exchange-screen" data-testid="exchange-screen">
      <header className="card-heading">
        <h2>{t('vault:exchange.title')}</h2>
      </header>
      <p className="vault-note">{t('vault:exchange.intro')}</p>
      {props.configError ? (
        <div className="vault-error" role="alert">
          <p>{props.configError}</p>
          <button type="button" className="button" onClick={props.onRetry}>
            {t('vault:retry')}
          </button>
        </div>
      ) : null}
      {props.pairs && props.pairs.length === 0 ? <p className="vault-note">{t('vault:exchange.none')}</p> : null}
      {pair ? (
        <form className="vault-card vault-form" onSubmit={ask} noValidate data-testid="exchange-form">
          <fieldset className="exchange-pairs">
            <legend>{t('vault:exchange.pair')}</legend>
            {(props.pairs ?? []).map((p) => {
              const key = pairKey(p);
              const active = key === pairKey(pair);
              return (
                <label key={key} className={active ? 'exchange-pair exchange-pair-active' : 'exchange-pair'}>
                  <input
                    type="radio"
                    name="exchange-pair"
                    value={key}
                    checked={active}
                    disabled={busy}
                    onChange={() => props.onPair(key)}
                  />
                  {`${p.symbolIn} → ${p.symbolOut}`}
                </label>
              );
            })}
          </fieldset>
          <AmountField
            label={t('vault:exchange.pay')}
            value={props.text}
            onChange={props.onText}
            symbol={pair.symbolIn}
            balanceText={t('vault:exchange.balance', {
              amount:
                props.balance !== undefined ? `${amountText(props.balance, pair.symbolIn)} ${pair.symbolIn}` : '…',
            })}
            max={props.balance ?? null}
            problem={showProblem && !check.ok ? check.problem : null}
            disabled={busy}
            hint={t(`vault:exchange.pricing.${pair.pricing}`)}
            testId="exchange"
          />
          <p className="vault-note">
            {t('vault:exchange.dayCap', { cap: amountText(pair.perDayCap, pair.symbolOut), symbol: pair.symbolOut })}
          </p>
          {props.limits !== null ? (
            <p className="vault-note" data-testid="exchange-limits">
              {t('vault:exchange.limits', {
                user: amountText(props.limits.userRemaining, pair.symbolOut),
                budget: amountText(props.limits.budgetRemaining, pair.symbolOut),
                symbol: pair.symbolOut,
              })}
            </p>
          ) : null}
          {serverError ? (
            <p className="vault-error" role="alert" data-testid="exchange-error" data-code={serverError.code}>
              {t(`errors:${serverError.code}`, serverError.params)}
            </p>
          ) : null}
          {quote === null ? (
            <button
              type="submit"
              className="button button-primary vault-submit"
              data-testid="exchange-quote"
              disabled={busy}
            >
              {props.quoting ? t('vault:exchange.quoting') : t('vault:exchange.getQuote')}
            </button>
          ) : null}
        </form>
      ) : null}

      {pair && quote ? (
        <section className="vault-card exchange-quote" data-testid="exchange-quote-card" data-expired={expired}>
          <h3>{t('vault:exchange.quoteTitle')}</h3>
          <dl>
            <div>
              <dt>{t('vault:exchange.price')}</dt>
              <dd data-testid="quote-price">
                {t('vault:exchange.priceValue', {
                  in: pair.symbolIn,
                  out: pair.symbolOut,
                  price: formatAmount(quote.price, TOKEN_DECIMALS, { grouping: true, digits: 8 }),
                })}
              </dd>
            </div>
            <div>
              <dt>{t('vault:exchange.fee', { percent: feePercentText(quote.feeBps) })}</dt>
              <dd data-testid="quote-fee">{`${amountText(quote.fee, pair.symbolOut)} ${pair.symbolOut}`}</dd>
            </div>
            <div className="exchange-receive">
              <dt>{t('vault:exchange.receive')}</dt>
              <dd data-testid="quote-receive">{`${amountText(quote.amountOut, pair.symbolOut)} ${pair.symbolOut}`}</dd>
            </div>
            <div>
              <dt>{t('vault:exchange.validFor')}</dt>
              <dd data-testid="quote-countdown">{countdownText(props.secondsLeft)}</dd>
            </div>
          </dl>
          {expired ? (
            <p className="vault-error" role="alert" data-testid="quote-expired">
              {t('vault:exchange.expired')}
            </p>
          ) : null}
          <div className="exchange-actions">
            <button
              type="button"
              className="button"
              data-testid="exchange-requote"
              disabled={busy}
              onClick={() => check.ok && props.onAsk(check.amount)}
            >
              {t('vault:exchange.newQuote')}
            </button>
            <button
              type="button"
              className="button button-primary"
              data-testid="exchange-confirm"
              disabled={busy || expired}
              onClick={() => props.onConfirm(quote)}
            >
              {t('vault:exchange.confirm')}
            </button>
          </div>
          <TxProgress tx={tx} />
        </section>
      ) : null}

      {props.done ? (
        <p className="vault-note" role="status" data-testid="exchange-done">
          {t('vault:exchange.done', {
            paid: `${amountText(props.done.amountIn, pairSymbol(props.pairs, props.done, 'in'))} ${pairSymbol(props.pairs, props.done, 'in')}`,
            received: `${amountText(props.done.amountOut, pairSymbol(props.pairs, props.done, 'out'))} ${pairSymbol(props.pairs, props.done, 'out')}`,
          })}
        </p>
      ) : null}
    </section>
  );
}

function pairSymbol(pairs: readonly ExchangePair[] | undefined, quote: ExchangeQuote, side: 'in' | 'out'): string {
  const token = (side === 'in' ? quote.tokenIn : quote.tokenOut).toLowerCase();
  for (const p of pairs ?? []) {
    if (p.tokenIn.toLowerCase() === token) return p.symbolIn;
    if (p.tokenOut.toLowerCase() === token) return p.symbolOut;
  }
  return '';
}
