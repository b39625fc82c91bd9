import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { formatScaled12 } from '@eterno/protocol/amount';
import { LIQUIDITY_PAIRS, type LiquidityPair } from '@eterno/protocol/liquidity/pairs';
import type { LiquidityRead } from '@eterno/protocol/liquidity/readLiquidity';
import { pairPrice } from '@eterno/protocol/pair';
import { nowInSeconds, tradeDeadline } from '@eterno/protocol/swap/deadline';
import { AmountField } from '../../components/AmountField.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { amountText, shareText } from './format.ts';
import { addForm, type Side } from './liquidityForm.ts';
import { confirmHighSlippage } from './confirmHighSlippage.ts';
import { SubmitButton } from './SubmitButton.tsx';
import type { AddRequest } from './useLiquidityTx.ts';

export type SettingsProps = {
  slippageBps: bigint;
  deadlineMinutes: bigint;
  /** A setting holds an invalid value: nothing is sent. */
  settingsInvalid: boolean;
};

/**
 * Add liquidity: both amounts with their balances and Max; on a pool with liquidity the field typed
 * last leads and the other follows at the pool's ratio; the LP received, the share of the pool, the
 * minimum amounts with the slippage tolerance; then exact approvals and `addLiquidity`.
 */
export function AddLiquidityForm({
  pair,
  account,
  data,
  settings,
  tx,
  onAdd,
}: {
  pair: LiquidityPair;
  account: Address;
  data: LiquidityRead | undefined;
  settings: SettingsProps;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onAdd: (request: AddRequest) => Promise<TxOutcome>;
}) {
  const { t } = useTranslation(['liquidity', 'swap', 'common']);
  const names = LIQUIDITY_PAIRS[pair];
  const [textA, setTextA] = useState('');
  const [textB, setTextB] = useState('');
  const [last, setLast] = useState<Side>('A');
  const current = data?.pair === pair ? data : undefined;
  const form = addForm({ textA, textB, last, slippageBps: settings.slippageBps, data: current });
  const symbol = (side: Side) => (side === 'A' ? names.tokenA : names.tokenB);
  const type = (side: Side) => (text: string) => {
    if (side === 'A') setTextA(text);
    else setTextB(text);
    setLast(side);
  };
  const price = current ? pairPrice({ usdt: current.state.reserveB, other: current.state.reserveA }) : null;
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
      const outcome = await onAdd({
        pair,
        amountA: quote.amountA,
        amountB: quote.amountB,
        ...minimums,
        to: account,
        deadline,
        balances: current.balances,
        allowances: current.allowances,
      });
      if (outcome === 'confirmed') {
        setTextA('');
        setTextB('');
      }
    };
    await confirmHighSlippage({
      confirm: form.submit.confirm,
      slippageBps: settings.slippageBps,
      minimums,
      names,
      go,
    });
  };

  const field = (side: Side) => (
    <AmountField
      label={side === 'A' ? t('liquidity:deposit') : t('liquidity:and')}
      ariaLabel={t('liquidity:amountLabel', { symbol: symbol(side) })}
      value={side === 'A' ? form.textA : form.textB}
      onChange={type(side)}
      symbol={symbol(side)}
      balanceText={t('liquidity:balance', {
        amount: current ? `${amountText(current.balances[side], symbol(side))} ${symbol(side)}` : '—',
      })}
      max={current ? current.balances[side] : null}
      problem={side === 'A' ? form.problemA : form.problemB}
      disabled={tx.busy}
      testId={`add-${side.toLowerCase()}`}
    />
  );

  return (
    <form className="swap-panel liquidity-form" onSubmit={submit} noValidate data-testid="add-form" data-pair={pair}>
      {field('A')}
      <span className="liquidity-plus" aria-hidden="true">
        +
      </span>
      {field('B')}
      {form.firstLiquidity ? (
        <p className="liquidity-note" data-testid="first-liquidity">
          {t('liquidity:firstLiquidity')}
        </p>
      ) : null}

      <dl className="figure-list">
        <div>
          <dt>{t('liquidity:price')}</dt>
          <dd data-testid="add-price">
            {price === null
              ? '…'
              : price.kind === 'noLiquidity'
                ? t('liquidity:emptyPool')
                : t('liquidity:priceValue', { a: names.tokenA, price: formatScaled12(price.value), b: names.tokenB })}
          </dd>
        </div>
        <div>
          <dt>{t('liquidity:quote.receive')}</dt>
          <dd data-testid="add-lp">{form.quote ? `${amountText(form.quote.liquidity, pair)} ${pair}` : '—'}</dd>
        </div>
        <div>
          <dt>{t('liquidity:quote.share')}</dt>
          <dd data-testid="add-share">
            {form.quote
              ? share === null
                ? t('liquidity:quote.shareBelow')
                : t('liquidity:quote.percent', { percent: share })
              : '—'}
          </dd>
        </div>
        {(['A', 'B'] as const).map((side) => (
          <div key={side}>
            <dt>{t('liquidity:quote.minDeposit', { symbol: symbol(side) })}</dt>
            <dd data-testid={`add-min-${side.toLowerCase()}`}>
              {form.minimums
                ? amountText(side === 'A' ? form.minimums.amountAMin : form.minimums.amountBMin, symbol(side))
                : '—'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="liquidity-hint">{t('liquidity:quote.minNote')}</p>

      <SubmitButton
        submit={form.submit}
        action="add"
        lp={pair}
        disabled={tx.busy || settings.settingsInvalid}
        showSteps={tx.state.phase === 'idle'}
      />
      <TxProgress tx={tx} />
    </form>
  );
}
