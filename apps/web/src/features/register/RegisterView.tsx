import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortenAddress } from '@eterno/protocol/address';
import type { InvitationJson } from '@eterno/protocol/referralApi';
import type { Address } from 'viem';
import { isAddressEqual } from 'viem';
import { TxProgress } from '../../tx/TxProgress.tsx';
import { InviterText } from '../referral/MyAccount.tsx';
import { FieldProblem, PlacementFields } from '../referral/PlacementFields.tsx';
import { errorKey } from '../../tx/txState.ts';
import { checkForm, isFormProblem, type FormProblem, type RegisterForm } from './registerForm.ts';
import type { RegisterControl } from './useRegister.ts';
import './register.css';

export type RegisterViewProps = {
  account: Address;
  /** The registry's answer (undefined: not read yet). */
  registered: boolean | undefined;
  readError: unknown;
  /** The registered wallet's inviter (`GET /account`; null: not read yet or the genesis account). */
  inviter?: { address: Address; id: number | null } | null;
  invitation: InvitationJson | null;
  invitationError: unknown;
  /** The package the user came to buy (`?buy=<id>`): why registering is asked, and the way back after. */
  buy?: string | null;
  form: RegisterForm;
  onChange: (form: RegisterForm) => void;
  control: Pick<RegisterControl, 'tx' | 'checking' | 'error' | 'prepared' | 'done' | 'next' | 'back' | 'confirm'>;
};

/**
 * The registration (spec §3, §5): the form (inviter by code or address, side, automatic or manual
 * placement with the contact), every problem in the user's language under its field; the review,
 * which says the binding cannot be undone; then one transaction (step n of m) and the result.
 */
export function RegisterView(props: RegisterViewProps) {
  const { t } = useTranslation(['referral', 'errors', 'common']);
  const { form, control } = props;
  const [problem, setProblem] = useState<FormProblem | null>(null);

  if (props.registered === true && !control.done) {
    return (
      <section className="register-screen" data-testid="register-already">
        <div className="register-card" role="status">
          <h2>{t('referral:register.alreadyTitle')}</h2>
          <p>{t('referral:register.already')}</p>
          {props.inviter ? (
            <p data-testid="register-already-inviter">
              {t('referral:register.alreadyInviter')}{' '}
              <InviterText inviter={props.inviter.address} id={props.inviter.id} />
            </p>
          ) : null}
          <Link className="button button-primary" to="/mine/invite-register">
            {t('referral:register.toInvite')}
          </Link>
        </div>
      </section>
    );
  }
  if (control.done) {
    return (
      <section className="register-screen" data-testid="register-done">
        <div className="register-card register-success" role="status">
          <h2>{t('referral:register.doneTitle')}</h2>
          <p>{t('referral:register.done')}</p>
          <div className="register-actions">
            {props.buy ? (
              <Link
                className="button button-primary"
                to={`/finance/overview/subscribe/${encodeURIComponent(props.buy)}`}
                data-testid="register-to-package"
              >
                {t('referral:register.toPackage', { id: props.buy })}
              </Link>
            ) : (
              <Link className="button button-primary" to="/finance/overview">
                {t('referral:register.toFinance')}
              </Link>
            )}
            <Link className="button" to="/mine/invite-register">
              {t('referral:register.toInvite')}
            </Link>
          </div>
        </div>
        <TxProgress tx={control.tx} />
      </section>
    );
  }

  const refusal = control.error ? errorKey(control.error) : null;
  const update = (patch: Partial<RegisterForm>) => {
    setProblem(null);
    props.onChange({ ...form, ...patch });
  };
  const invitedElsewhere =
    props.invitation !== null && !isAddressEqual(props.invitation.invitee, props.account) ? props.invitation : null;

  if (control.prepared !== null) {
    const p = control.prepared;
    const r = p.registration;
    return (
      <section className="register-screen" data-testid="register-review">
        <header className="register-heading">
          <h2>{t('referral:register.reviewTitle')}</h2>
        </header>
        <dl className="register-card register-summary">
          <div>
            <dt>{t('referral:register.wallet')}</dt>
            <dd>{shortenAddress(props.account)}</dd>
          </div>
          <div>
            <dt>{t('referral:register.inviterShort')}</dt>
            <dd data-testid="review-inviter" title={p.inviter}>
              {shortenAddress(p.inviter)}
            </dd>
          </div>
          <div>
            <dt>{t('referral:register.side')}</dt>
            <dd data-testid="review-side">{t(r.side === 0 ? 'referral:side.left' : 'referral:side.right')}</dd>
          </div>
          <div>
            <dt>{t('referral:register.placement')}</dt>
            <dd data-testid="review-placement">
              {r.placement === 'automatic'
                ? t('referral:placement.auto')
                : `${t('referral:placement.manual')} · ${shortenAddress(r.contact)}`}
            </dd>
          </div>
        </dl>
        <p className="register-warning" role="note" data-testid="review-irreversible">
          {t('referral:register.irreversible')}
        </p>
        {refusal ? (
          <p className="register-error" role="alert" data-testid="register-refusal" data-code={refusal.code}>
            {t(`errors:${refusal.code}`, refusal.params)}
          </p>
        ) : null}
        <div className="register-actions">
          <button
            type="button"
            className="button"
            onClick={control.back}
            disabled={control.checking || control.tx.busy}
          >
            {t('referral:register.back')}
          </button>
          <button
            type="button"
            className="button button-primary"
            data-testid="register-confirm"
            disabled={control.checking || control.tx.busy}
            onClick={() => void control.confirm()}
          >
            {t('referral:register.confirm')}
          </button>
        </div>
        <TxProgress tx={control.tx} />
      </section>
    );
  }

  return (
    <section className="register-screen" data-testid="register-form">
      <header className="register-heading">
        <h2>{t('referral:register.title')}</h2>
        <p>{t('referral:register.intro')}</p>
      </header>
      {props.buy ? (
        <p className="register-note" role="note" data-testid="register-for-buy">
          {t('referral:register.forBuy', { id: props.buy })}
        </p>
      ) : null}
      {props.invitation && !invitedElsewhere ? (
        <p className="register-note" data-testid="register-invited">
          {t('referral:register.invited', { code: props.invitation.inviteCode })}
        </p>
      ) : null}
      {invitedElsewhere ? (
        <p className="register-warning" data-testid="register-invited-other">
          {t('referral:register.invitedOther', { wallet: shortenAddress(invitedElsewhere.invitee) })}
        </p>
      ) : null}
      {props.registered === undefined && props.readError ? (
        <p className="register-error" role="alert" data-testid="register-read-error">
          {t(`errors:${errorKey(props.readError).code}`)}
        </p>
      ) : null}
      {props.invitationError ? (
        <p className="register-error" role="alert">
          {t(`errors:${errorKey(props.invitationError).code}`)}
        </p>
      ) : null}
      <form
        className="register-card register-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkForm(form);
          if (isFormProblem(checked)) {
            setProblem(checked);
            return;
          }
          void control.next(checked);
        }}
      >
        <label className="register-field">
          <span>{t('referral:register.inviter')}</span>
          <input
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={form.inviter}
            placeholder={t('referral:register.inviterPlaceholder')}
            onChange={(e) => update({ inviter: e.target.value })}
            data-testid="register-inviter"
          />
        </label>
        <FieldProblem prefix="register" field="inviter" problem={problem} />
        <PlacementFields
          prefix="register"
          order="side-first"
          hint
          value={form}
          problem={problem}
          onChange={(patch) => update(patch)}
        />
        {refusal ? (
          <p className="register-error" role="alert" data-testid="register-refusal" data-code={refusal.code}>
            {t(`errors:${refusal.code}`, refusal.params)}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button-primary"
          data-testid="register-next"
          disabled={control.checking || props.registered === undefined}
        >
          {control.checking ? t('referral:register.checking') : t('referral:register.next')}
        </button>
      </form>
    </section>
  );
}
