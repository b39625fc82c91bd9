import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockPeriodDays } from '@eterno/protocol/domain';
import type { StakeView } from '@eterno/protocol/stake/readStake';
import { SECONDS_PER_DAY, rewardSplit } from '@eterno/protocol/stake/records';
import { checkStakeAmount } from '@eterno/protocol/stake/stakeAmount';
import { AmountField } from '../../components/AmountField.tsx';
import { LiquidityLink } from '../liquidity/LiquidityLink.tsx';
import { TxProgress } from '../../tx/TxProgress.tsx';
import type { Transaction, TxOutcome } from '../../tx/useTransaction.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { daysText, rateText, tokenText } from './format.ts';

export type StakeFormProps = {
  view: StakeView;
  tx: Pick<Transaction, 'state' | 'busy'>;
  onStake: (days: LockPeriodDays, amount: bigint) => Promise<TxOutcome>;
};

/**
 * Stake in one pool: the lock period (8 periods with their rate), the amount with Max, checked as
 * typed (EULP: the running orders' cap first; then text, zero, minimum, balance, reserve), the reward at
 * maturity (EULP: split into what is released by the second at the 30-day rate and the bonus at the unlock),
 * the free reserve, and the stake button. Nothing is signed while the amount is wrong.
 */
export function StakeForm({ view, tx, onStake }: StakeFormProps) {
  const { t, i18n } = useTranslation(['stake']);
  const [text, setText] = useState('');
  const [days, setDays] = useState<LockPeriodDays>(view.periods[0]?.days ?? 30);
  const [attempted, setAttempted] = useState(false);
  const inputId = useId();
  const symbol = view.symbol;
  const period = view.periods.find((p) => p.days === days) ?? view.periods[0];
  const rateBps = period?.rateBps ?? 0;
  const check = checkStakeAmount(text, view, rateBps);
  const blocked = !check.ok && check.problem === 'TOO_MANY_RUNNING_ORDERS';
  const showProblem = !check.ok && (attempted || text.trim() !== '' || blocked);
  const split = check.ok ? rewardSplit(check.amount, rateBps, view.periods[0]?.rateBps ?? 0, days, view.accrual) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok || tx.busy) return;
    const outcome = await onStake(days, check.amount);
    if (outcome === 'confirmed') {
      setText('');
      setAttempted(false);
    }
  };

  const release = view.rewardReleaseDuration;
  return (
    <form className="stake-card stake-form" onSubmit={submit} noValidate data-testid="stake-form" data-pool={view.pool}>
      <h3 className="stake-card-title">{t('stake:form.heading', { symbol })}</h3>
      <fieldset className="stake-periods">
        <legend>{t('stake:form.period')}</legend>
        <p className="stake-rate-hint" data-testid="stake-rate-hint">
          {t('stake:form.rateHint')}
        </p>
        {view.periods.map((p) => (
          <label key={p.days} className={p.days === days ? 'stake-period stake-period-active' : 'stake-period'}>
            <input
              type="radio"
              name={`${inputId}-period`}
              value={p.days}
              checked={p.days === days}
              onChange={() => setDays(p.days)}
              disabled={tx.busy}
            />
            <span className="stake-period-days">{t('stake:form.days', { days: p.days })}</span>
            <span className="stake-period-rate">{t('stake:form.rate', { rate: rateText(p.rateBps) })}</span>
          </label>
        ))}
      </fieldset>

      <AmountField
        label={t('stake:form.amount')}
        value={text}
        onChange={setText}
        symbol={symbol}
        balanceText={t('stake:form.balance', { amount: tokenText(view.balance, symbol), symbol })}
        max={view.balance}
        problem={showProblem && !check.ok ? check.problem : null}
        problemValues={{
          minimum: { amount: tokenText(view.minStakeAmount, symbol), symbol },
          reserve: {
            available: tokenText(view.availableRewards, 'ETRO'),
            reward: tokenText(check.reward ?? 0n, 'ETRO'),
          },
          running: { max: view.maxRunningOrders.toString() },
        }}
        disabled={tx.busy}
        hint={t('stake:form.minimum', { amount: tokenText(view.minStakeAmount, symbol), symbol })}
        testId="stake"
      />
      {view.pool === 'EULP' ? <LiquidityLink pair="EULP" /> : null}

      <dl className="figure-list">
        <div>
          <dt>{t('stake:form.expectedReward')}</dt>
          <dd data-testid="stake-expected-reward">
            {check.ok ? `${tokenText(check.reward, 'ETRO')} ETRO` : t('stake:form.none')}
          </dd>
        </div>
        {view.accrual === 'perSecond' ? (
          <>
            <div>
              <dt>{t('stake:form.baseReward')}</dt>
              <dd data-testid="stake-base-reward">
                {split ? `${tokenText(split.base, 'ETRO')} ETRO` : t('stake:form.none')}
              </dd>
            </div>
            <div>
              <dt>{t('stake:form.bonusReward')}</dt>
              <dd data-testid="stake-bonus-reward">
                {split ? `${tokenText(split.bonus, 'ETRO')} ETRO` : t('stake:form.none')}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('stake:form.unlockAfter')}</dt>
          <dd>{formatDateTime(view.timestamp + BigInt(days) * SECONDS_PER_DAY, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('stake:form.reserve')}</dt>
          <dd data-testid="stake-reserve">{`${tokenText(view.availableRewards, 'ETRO')} ETRO`}</dd>
        </div>
      </dl>
      <ul className="stake-notes">
        <li>{t(`stake:accrual.${view.accrual}`)}</li>
        {view.accrual === 'perSecond' ? (
          <li>{t('stake:form.releaseStream')}</li>
        ) : (
          <li>{release === 0n ? t('stake:form.releaseNow') : t('stake:form.release', { days: daysText(release) })}</li>
        )}
        {view.earlyExitAllowed ? (
          <li>{t(view.accrual === 'perSecond' ? 'stake:form.earlyRuleStream' : 'stake:form.earlyRule')}</li>
        ) : null}
      </ul>

      <button
        type="submit"
        className="button button-primary stake-submit"
        data-testid="stake-submit"
        disabled={tx.busy || blocked}
      >
        {t('stake:form.submit')}
      </button>
      <TxProgress tx={tx} />
    </form>
  );
}
