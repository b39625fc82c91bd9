import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shortenAddress } from '@eterno/protocol/address';
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import type { InvitationJson, PackagesBoughtJson } from '@eterno/protocol/referralApi';
import type { TeamMember } from '../../api/referral.ts';
import { copyText } from '../../components/copyText.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { toasts } from '../../components/toast/toast.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { errorKey } from '../../tx/txState.ts';
import { usdtText } from '../finance/format.ts';
import {
  checkInviteForm,
  emptyInviteForm,
  isInviteProblem,
  type InviteForm,
  type InviteProblem,
} from './inviteForm.ts';
import { FieldProblem, PlacementFields } from './PlacementFields.tsx';
import { useCreateInvitation, useInvitations, useMembers, useMyReferralAccount } from './useInviteRegister.ts';
import RegisterScreen from '../register/RegisterScreen.tsx';
import '../../screens/screens.css';
import '../register/register.css';
import './referral.css';

const TABS = ['user', 'records', 'direct', 'indirect'] as const;
type Tab = (typeof TABS)[number];

/** The absolute link of an invitation (the server gives its path and query). */
const absolute = (link: string) => new URL(link, window.location.origin).toString();

function InviteUser({ code }: { code: string }) {
  const { t } = useTranslation(['referral', 'errors', 'common']);
  const [form, setForm] = useState<InviteForm>(() => emptyInviteForm(code));
  const [problem, setProblem] = useState<InviteProblem | null>(null);
  const create = useCreateInvitation();
  const update = (patch: Partial<InviteForm>) => {
    setProblem(null);
    setForm({ ...form, ...patch });
  };
  const refusal = create.error ? errorKey(create.error) : null;
  if (create.made) {
    const link = absolute(create.made.link);
    return (
      <section className="register-card invite-made" data-testid="invite-made" data-id={create.made.id}>
        <h3>{t('referral:invite.madeTitle')}</h3>
        <p>{t('referral:invite.made', { wallet: shortenAddress(create.made.invitee) })}</p>
        <QrCode value={link} label={t('referral:invite.qr')} testId="invite-qr" />
        <p className="invite-link" data-testid="invite-link">
          {link}
        </p>
        <div className="register-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              void copyText(link).then(
                () => toasts.show({ tone: 'success', message: t('common:copySuccess') }),
                () => undefined,
              )
            }
          >
            {t('referral:invite.copy')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              create.reset();
              setForm(emptyInviteForm(code));
            }}
          >
            {t('referral:invite.another')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <form
      className="register-card register-form"
      noValidate
      data-testid="invite-form"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkInviteForm(form);
        if (isInviteProblem(checked)) {
          setProblem(checked);
          return;
        }
        void create.send(checked);
      }}
    >
      <label className="register-field">
        <span>{t('referral:invite.invitee')}</span>
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={form.invitee}
          onChange={(e) => update({ invitee: e.target.value })}
          data-testid="invite-invitee"
        />
      </label>
      <FieldProblem prefix="invite" field="invitee" problem={problem} />
      <PlacementFields prefix="invite" order="side-last" value={form} problem={problem} onChange={update} />
      <label className="register-field">
        <span>{t('referral:invite.code')}</span>
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={form.inviteCode}
          onChange={(e) => update({ inviteCode: e.target.value })}
          data-testid="invite-code"
        />
      </label>
      <FieldProblem prefix="invite" field="inviteCode" problem={problem} />
      {refusal ? (
        <p className="register-error" role="alert" data-testid="invite-refusal" data-code={refusal.code}>
          {t(`errors:${refusal.code}`, refusal.params)}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={create.sending} data-testid="invite-submit">
        {t('referral:invite.submit')}
      </button>
    </form>
  );
}

function MoreButton(props: { hasMore: boolean; loadingMore: boolean; loadMore: () => void }) {
  const { t } = useTranslation('referral');
  if (!props.hasMore) return null;
  return (
    <button type="button" className="button" disabled={props.loadingMore} onClick={props.loadMore}>
      {t('list.more')}
    </button>
  );
}

function ListState(props: { error: unknown; empty: boolean; loading: boolean; retry: () => void }) {
  const { t } = useTranslation(['referral', 'errors']);
  if (props.error)
    return (
      <p className="register-error" role="alert">
        {t(`errors:${errorKey(props.error).code}`)}{' '}
        <button type="button" className="button" onClick={props.retry}>
          {t('referral:list.retry')}
        </button>
      </p>
    );
  if (props.loading) return <span className="skeleton skeleton-card" />;
  if (props.empty)
    return (
      <p className="referral-empty" data-testid="list-empty">
        {t('referral:list.empty')}
      </p>
    );
  return null;
}

/** "Package: 1 unit · 100 USDT" — the first package an invitee bought (and how many more), or none yet. */
function BoughtPackage({ packages }: { packages: PackagesBoughtJson | null }) {
  const { t } = useTranslation(['referral', 'finance']);
  if (packages === null) return <span data-testid="bought-package">{t('referral:list.packageNone')}</span>;
  const values = {
    units: t('finance:buy.units', { count: packages.first.units }),
    price: usdtText(BigInt(packages.first.payment)),
    more: packages.count - 1,
  };
  return (
    <span data-testid="bought-package">
      {t(packages.count > 1 ? 'referral:list.packageMore' : 'referral:list.package', values)}
    </span>
  );
}

function Records() {
  const { t, i18n } = useTranslation(['referral']);
  const list = useInvitations(true);
  return (
    <section className="referral-list" data-testid="invitation-records">
      <ListState
        error={list.error}
        empty={list.data?.length === 0}
        loading={list.data === undefined && !list.error}
        retry={list.retry}
      />
      {list.data?.map((inv: InvitationJson) => (
        <article key={inv.id} className="referral-row" data-testid={`invitation-${inv.id}`} data-state={inv.state}>
          <div className="referral-row-main">
            <strong title={inv.invitee}>{shortenAddress(inv.invitee)}</strong>
            <span className={`referral-state referral-state-${inv.state}`} data-testid="invitation-state">
              {t(`referral:state.${inv.state}`)}
            </span>
          </div>
          <div className="referral-row-meta">
            <span>
              {t(inv.side === 0 ? 'referral:side.left' : 'referral:side.right')} ·{' '}
              {inv.contact === null
                ? t('referral:placement.auto')
                : `${t('referral:placement.manual')} ${shortenAddress(inv.contact)}`}
            </span>
            <time>{formatDateTime(Number(inv.createdAt), i18n.language)}</time>
          </div>
          {inv.state === 'registered' ? (
            <div className="referral-row-meta">
              <BoughtPackage packages={inv.packages} />
            </div>
          ) : null}
        </article>
      ))}
      <MoreButton {...list} />
    </section>
  );
}

function Members({ which }: { which: 'direct' | 'indirect' }) {
  const { t, i18n } = useTranslation(['referral']);
  const list = useMembers(which, true);
  return (
    <section className="referral-list" data-testid={`members-${which}`}>
      <ListState
        error={list.error}
        empty={list.data?.length === 0}
        loading={list.data === undefined && !list.error}
        retry={list.retry}
      />
      {list.data?.map((m: TeamMember) => (
        <article key={m.wallet} className="referral-row" data-testid={`member-${m.wallet.toLowerCase()}`}>
          <div className="referral-row-main">
            <strong title={m.wallet}>{shortenAddress(m.wallet)}</strong>
            <span>{t('referral:list.level', { level: m.level })}</span>
          </div>
          <div className="referral-row-meta">
            <span>
              {t('referral:list.code')} {inviteCodeOf(BigInt(m.id))} · {t('referral:list.ownVolume')}{' '}
              {usdtText(m.ownVolume)}
            </span>
            <time>{formatDateTime(m.registeredAt, i18n.language)}</time>
          </div>
          <div className="referral-row-meta">
            <BoughtPackage packages={m.packages} />
          </div>
        </article>
      ))}
      <MoreButton {...list} />
    </section>
  );
}

/**
 * `/mine/invite-register`: invite user (the form → an invitation with its link and QR code),
 * invitation records (each with its state on chain), the direct list and the indirect list. An
 * unregistered wallet gets the registration form right here (no detour through /register).
 */
export default function InviteRegisterScreen() {
  const { t } = useTranslation(['screens', 'referral', 'errors']);
  const [search, setSearch] = useSearchParams();
  const active: Tab = TABS.find((tab) => tab === search.get('tab')) ?? 'user';
  const account = useMyReferralAccount();
  const tabs = (
    <div className="segmented" role="tablist">
      {TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === active}
          className="segment"
          data-testid={`invite-tab-${tab}`}
          onClick={() => setSearch(tab === 'user' ? {} : { tab }, { replace: true })}
        >
          {t(`screens:mine.invite.tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
  let body: React.ReactNode;
  if (account.error && !account.data)
    body = (
      <p className="register-error" role="alert">
        {t(`errors:${errorKey(account.error).code}`)}
      </p>
    );
  else if (!account.data) body = <span className="skeleton skeleton-card" />;
  else if (!account.data.registered || account.data.id === null)
    body = (
      <>
        <section className="register-card" data-testid="invite-unregistered" role="status">
          <h3>{t('referral:invite.unregisteredTitle')}</h3>
          <p>{t('referral:invite.unregistered')}</p>
        </section>
        <RegisterScreen />
      </>
    );
  else if (active === 'user') {
    const code = inviteCodeOf(BigInt(account.data.id));
    body = (
      <>
        <p className="register-note" data-testid="my-invite-code">
          {t('referral:invite.mine', { code })}
        </p>
        <InviteUser code={code} />
      </>
    );
  } else if (active === 'records') body = <Records />;
  else body = <Members which={active} />;
  return (
    <div className="screen register-screen" data-testid="invite-register">
      {tabs}
      <div role="tabpanel">{body}</div>
    </div>
  );
}
