import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { LIQUIDITY_PAIRS, type LiquidityPair } from '@eterno/protocol/liquidity/pairs';
import type { LiquidityRead } from '@eterno/protocol/liquidity/readLiquidity';
import { nowInSeconds, tradeDeadline } from '@eterno/protocol/swap/deadline';
import { AmountField } from '../../components/AmountField.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import type { SettingsProps } from './AddLiquidityForm.tsx';
import { amountText, shareText } from './format.ts';
import { percentOf, removeForm } from './liquidityForm.ts';
import { confirmHighSlippage } from './confirmHighSlippage.ts';
import { SubmitButton } from './SubmitButton.tsx';
import type { RemoveRequest } from './useLiquidityTx.ts';

const PERCENTS = [25n, 50n, 75n, 100n] as const;

/**
 * Remove liquidity: the LP amount with its balance, Max and 25 / 50 / 75 / 100 %, what it pays of each
 * token, the minimums with the slippage tolerance; then an exact LP approval and `removeLiquidity`.
 */
export function RemoveLiquidityForm({
  pair,
  account,
  data,
  settings,
  tx,
  onRemove,
}: {
  pair: LiquidityPair;
  account: Address;
  data: LiquidityRead | undefined;
  settings: SettingsProps;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onRemove: (request: RemoveRequest) => Promise<TxOutcome>;
}) {
  const { t } = useTranslation(['liquidity', 'common']);
  const names = LIQUIDITY_PAIRS[pair];
  const [text, setText] = useState('');
  const current = data?.pair === pair ? data : undefined;
  const form = removeForm({ text, slippageBps: settings.slippageBps, data: current });
  const share = form.quote ? shareText(form.quote.shareBps, form.quote.liquidity > 0n) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { quote, minimums } = form;
    if (form.submit.kind !== 'ready' || !quote || !minimums || !current || tx.busy || settings.settingsInvalid) return;
    const go = async () => {
      const deadline = tradeDeadline({
        blockTimestamp: current.blockTimestamp,
        nowSeconds: nowInSeconds(),
        minutes: settings.deadlineMinutes,
      });
      const outcome = await onRemove({
        pair,
        liquidity: quote.liquidity,
        ...minimums,
        to: account,
        deadline,
        balance: current.balances.LP,
        allowance: current.allowances.LP,
      });
      if (outcome === 'confirmed') setText('');
    };
    await confirmHighSlippage({
      confirm: form.submit.confirm,
      slippageBps: settings.slippageBps,
      minimums,
      names,
      go,
    });
  };

  const figure = (side: 'A' | 'B', kind: 'out' | 'min') => {
    const symbol = side === 'A' ? names.tokenA : names.tokenB;
    const value =
      kind === 'out'
        ? form.quote && (side === 'A' ? form.quote.amountA : form.quote.amountB)
        : form.minimums && (side === 'A' ? form.minimums.amountAMin : form.minimums.amountBMin);
    return (
      <div key={`${kind}-${side}`}>
        <dt>
          {kind === 'out' ? t('liquidity:quote.receiveToken', { symbol }) : t('liquidity:quote.minReceive', { symbol })}
        </dt>
        <dd data-testid={`remove-${kind}-${side.toLowerCase()}`}>
          {value === null || value === undefined ? '—' : amountText(value, symbol)}
        </dd>
      </div>
    );
  };

  return (
    <form className="swap-panel liquidity-form" onSubmit={submit} noValidate data-testid="remove-form" data-pair={pair}>
      <AmountField
        label={t('liquidity:remove.label', { lp: pair })}
        ariaLabel={t('liquidity:remove.amountLabel', { lp: pair })}
        value={text}
        onChange={setText}
        symbol={pair}
        balanceText={t('liquidity:balance', {
          amount: current ? `${amountText(current.balances.LP, pair)} ${pair}` : '—',
        })}
        max={current ? current.balances.LP : null}
        problem={form.problem}
        disabled={tx.busy}
        testId="remove-lp"
      />
      <div className="liquidity-percents">
        {PERCENTS.map((percent) => (
          <button
            key={percent.toString()}
            type="button"
            className="slippage-preset"
            aria-label={t('liquidity:remove.percentLabel', { percent: percent.toString(), lp: pair })}
            disabled={tx.busy || !current || current.balances.LP === 0n}
            onClick={() => current && setText(percentOf(current.balances.LP, percent))}
          >
            {t('liquidity:remove.percent', { percent: percent.toString() })}
          </button>
        ))}
      </div>
      {current && current.balances.LP === 0n ? (
        <p className="liquidity-note" data-testid="no-lp">
          {t('liquidity:remove.noLp', { lp: pair })}
        </p>
      ) : null}

      <dl className="figure-list">
        {figure('A', 'out')}
        {figure('B', 'out')}
        <div>
          <dt>{t('liquidity:quote.share')}</dt>
          <dd data-testid="remove-share">
            {form.quote
              ? share === null
                ? t('liquidity:quote.shareBelow')
                : t('liquidity:quote.percent', { percent: share })
              : '—'}
          </dd>
        </div>
        {figure('A', 'min')}
        {figure('B', 'min')}
      </dl>
      <p className="liquidity-hint">{t('liquidity:quote.minNote')}</p>

      <SubmitButton
        submit={form.submit}
        action="remove"
        lp={pair}
        disabled={tx.busy || settings.settingsInvalid}
        showSteps={tx.state.phase === 'idle'}
      />
      <TxProgress tx={tx} />
    </form>
  );
}
