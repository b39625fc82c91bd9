import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SwapDirection } from '@eterno/protocol/swap/readSwap';
import { PRICE_IMPACT_REFUSE_BPS, SLIPPAGE_WARN_BPS } from '@eterno/protocol/swap/slippage';
import { nowInSeconds, tradeDeadline } from '@eterno/protocol/swap/deadline';
import { formatScaled12 } from '@eterno/protocol/amount';
import { AmountField } from '../../components/AmountField.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { modal } from '../../components/modal/modal.ts';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { durationText, percentText, tokenText } from './format.ts';
import { DeadlineSetting } from './DeadlineSetting.tsx';
import { SlippageSetting } from './SlippageSetting.tsx';
import { swapForm, type SubmitState } from './swapForm.ts';
import type { SwapView } from './useSwapRead.ts';
import type { TradeRequest } from './useSwapTrade.ts';

export type SwapPanelProps = {
  direction: SwapDirection;
  onDirection: (direction: SwapDirection) => void;
  text: string;
  onText: (text: string) => void;
  slippageBps: bigint;
  onSlippage: (bps: bigint) => void;
  /** The transaction deadline setting, in minutes. */
  deadlineMinutes: bigint;
  onDeadline: (minutes: bigint) => void;
  /** The last read (possibly for another amount while the next one loads). */
  data: SwapView | undefined;
  tx: Pick<Transaction, 'state' | 'busy' | 'reset'>;
  onTrade: (request: TradeRequest) => Promise<TxOutcome>;
};

function submitLabel(
  t: TFunction<['swap', 'errors', 'common']>,
  submit: SubmitState,
  direction: SwapDirection,
): string {
  switch (submit.kind) {
    case 'loading':
      return t('submit.loading');
    case 'enterAmount':
      return t('submit.enterAmount');
    case 'quoting':
      return t('submit.quoting');
    case 'refused':
      return t('submit.refused');
    case 'invalid':
      return t(`submit.${direction}`);
    case 'ready':
      if (submit.needsApproval) return t(direction === 'buy' ? 'submit.approveBuy' : 'submit.approveSell');
      return t(`submit.${direction}`);
  }
}

/**
 * The swap form: from / to with a toggle, balance with Max, the amount checked as typed, the quote
 * (you receive, fee, price impact, minimum received), the slippage and deadline settings and the
 * trade button. The trade uses the quote on screen and a deadline the setting's minutes after the
 * moment it is sent; nothing is sent while anything is wrong.
 */
export function SwapPanel(props: SwapPanelProps) {
  const { direction, text, slippageBps, data, tx } = props;
  const { t } = useTranslation(['swap', 'errors', 'common']);
  const [slippageInvalid, setSlippageInvalid] = useState(false);
  const [deadlineInvalid, setDeadlineInvalid] = useState(false);
  const form = swapForm({ text, direction, slippageBps, data });
  const current = data?.direction === direction ? data : undefined;
  const ready = form.submit.kind === 'ready' && !slippageInvalid && !deadlineInvalid && !tx.busy;

  const toggle = () => {
    tx.reset();
    props.onText('');
    props.onDirection(direction === 'buy' ? 'sell' : 'buy');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      !ready ||
      form.submit.kind !== 'ready' ||
      !current ||
      !form.quote ||
      form.minOut === null ||
      form.balance === null
    )
      return;
    const request: Omit<TradeRequest, 'deadline'> = {
      direction,
      amountIn: form.quote.amountIn,
      minOut: form.minOut,
      balance: form.balance,
      allowance: current.allowance,
    };
    const { blockTimestamp } = current;
    const go = async () => {
      // From the moment of sending (after a confirmation, if one was asked), not of the click.
      const deadline = tradeDeadline({ blockTimestamp, nowSeconds: nowInSeconds(), minutes: props.deadlineMinutes });
      const outcome = await props.onTrade({ ...request, deadline });
      if (outcome === 'confirmed') props.onText('');
    };
    if (!form.submit.confirm) {
      await go();
      return;
    }
    modal.show({
      title: t('swap:confirmHigh.title'),
      message: t('swap:confirmHigh.message', {
        percent: percentText(slippageBps),
        minimum: tokenText(form.minOut, form.output),
        symbol: form.output,
      }),
      confirmText: t('swap:confirmHigh.confirm'),
      cancelText: t('common:cancel'),
      onConfirm: () => void go(),
    });
  };

  const problem = form.problem;
  const impact = form.quote?.priceImpactBps ?? null;
  const impactClass =
    impact === null
      ? ''
      : impact >= PRICE_IMPACT_REFUSE_BPS
        ? 'swap-bad'
        : impact >= SLIPPAGE_WARN_BPS
          ? 'swap-warn'
          : '';

  return (
    <form className="swap-panel" onSubmit={submit} noValidate data-testid="swap-panel" data-direction={direction}>
      <AmountField
        label={t('swap:from')}
        ariaLabel={t('swap:amountLabel', { symbol: form.input })}
        value={text}
        onChange={props.onText}
        symbol={form.input}
        balanceText={t('swap:balance', {
          amount: form.balance === null ? '—' : `${tokenText(form.balance, form.input)} ${form.input}`,
        })}
        max={form.balance}
        problem={problem}
        testId="swap"
      />

      <button
        type="button"
        className="swap-toggle"
        data-testid="swap-toggle"
        aria-label={t('swap:toggle')}
        onClick={toggle}
        disabled={tx.busy}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M8 4v14M8 18l-4-4M8 18l4-4M16 20V6M16 6l-4 4M16 6l4 4" />
        </svg>
      </button>

      <div className="swap-box swap-box-out">
        <div className="swap-box-head">
          <span>{t('swap:to')}</span>
          <span className="swap-out-note">
            {direction === 'buy'
              ? t('swap:lockedNote', { duration: current ? durationText(t, current.vestingDuration) : '…' })
              : t('swap:paidNote')}
          </span>
        </div>
        <div className="swap-box-row">
          <output
            className="swap-amount swap-receive"
            data-testid="swap-receive"
            aria-label={t('swap:quote.receive')}
            aria-busy={form.submit.kind === 'quoting'}
          >
            {form.quote ? tokenText(form.quote.amountOut, form.output) : form.submit.kind === 'quoting' ? '…' : '0'}
          </output>
          <span className="swap-token">
            <TokenIcon symbol={form.output} />
            {form.output}
          </span>
        </div>
      </div>

      <dl className="figure-list">
        <div>
          <dt>{t('swap:price')}</dt>
          <dd data-testid="swap-price">
            {current
              ? current.price === null
                ? t('swap:noLiquidity')
                : t('swap:priceValue', { price: formatScaled12(current.price) })
              : '…'}
          </dd>
        </div>
        {form.quote && direction === 'buy' && current ? (
          <div>
            <dt>{t('swap:quote.fee', { percent: percentText(current.feeBps) })}</dt>
            <dd data-testid="swap-fee">{`${tokenText(form.quote.fee, 'USDT')} USDT`}</dd>
          </div>
        ) : null}
        {form.quote ? (
          <>
            <div>
              <dt>{t('swap:quote.priceImpact')}</dt>
              <dd className={impactClass} data-testid="swap-impact">
                {t('swap:quote.percent', { percent: percentText(form.quote.priceImpactBps) })}
              </dd>
            </div>
            <div>
              <dt>{t('swap:quote.minimum')}</dt>
              <dd data-testid="swap-minimum">
                {form.minOut === null ? '…' : `${tokenText(form.minOut, form.output)} ${form.output}`}
              </dd>
            </div>
          </>
        ) : null}
      </dl>

      <SlippageSetting bps={slippageBps} onChange={props.onSlippage} onInvalid={setSlippageInvalid} />
      <DeadlineSetting minutes={props.deadlineMinutes} onChange={props.onDeadline} onInvalid={setDeadlineInvalid} />

      {form.policy?.level === 'refuse' && form.policy.reason === 'priceImpact' && form.quote ? (
        <p className="swap-refused" data-testid="swap-refused">
          {t('swap:impactRefused', { percent: percentText(form.quote.priceImpactBps) })}
        </p>
      ) : null}

      <button type="submit" className="button button-primary swap-submit" data-testid="swap-submit" disabled={!ready}>
        {submitLabel(t, form.submit, direction)}
      </button>
      {form.submit.kind === 'ready' && form.submit.needsApproval && tx.state.phase === 'idle' ? (
        <p className="swap-steps-note">{t('swap:submit.steps', { symbol: form.input })}</p>
      ) : null}
      <TxProgress tx={tx} />
    </form>
  );
}
