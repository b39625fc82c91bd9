import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { modal } from '../../components/modal/modal.ts';
import { getBootConfig } from '../../config.ts';
import { sessionExpired } from '../../session/session.ts';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../../i18n/index.ts';
import { DEMO_WALLET_RDNS } from '../../wallet/demoWalletGate.ts';
import type { ProviderKind } from '../../wallet/types.ts';
import { shortenAddress } from '@eterno/protocol/shortAddress';
import { invitationIdOf } from './loginInvitation.ts';
import { safeRedirect } from './safeRedirect.ts';
import { useAnnouncedWallets } from './useAnnouncedWallets.ts';
import { loginFailureCode, preloadLogin, useLogin } from './useLogin.ts';
import { useLoginInvitation, type LoginInvitationRead } from './useLoginInvitation.ts';

const LANGUAGE_LABELS: Record<Language, string> = { en: 'EN', zh: '中文' };
/** Each language by its own name, as a screen reader announces the short label. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

function LogoMark() {
  return (
    <svg className="login-logo" viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="login-logo-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--accent-2)' }} />
          <stop offset="1" style={{ stopColor: 'var(--accent)' }} />
        </linearGradient>
      </defs>
      <path d="M32 3 57 17.5v29L32 61 7 46.5v-29z" fill="url(#login-logo-fill)" />
      <path d="M22 19h21v5.5H28.5v4.8h12.5v5.4H28.5v4.8H43V45H22z" fill="#0a0f1c" />
    </svg>
  );
}

/** An invitation link's visitor sees who invited them, and which wallet to sign in with, before signing in. */
function InvitationNote({ read }: { read: LoginInvitationRead }) {
  const { t } = useTranslation('login');
  if (read.status === 'none' || read.status === 'loading') return null;
  if (read.status === 'failed')
    return (
      <section className="login-invitation" data-testid="login-invitation" data-state="failed" role="status">
        <p>{t('invitation.failed')}</p>
      </section>
    );
  const { inviteCode, invitee, state } = read.invitation;
  return (
    <section className="login-invitation" data-testid="login-invitation" data-state={state} role="status">
      <h2 data-testid="login-invitation-title">{t('invitation.title', { code: inviteCode })}</h2>
      <p>
        {state === 'open'
          ? t('invitation.wallet', { wallet: shortenAddress(invitee) })
          : t('invitation.closed', { code: inviteCode })}
      </p>
    </section>
  );
}

export default function LoginPage() {
  const { t } = useTranslation(['login', 'errors']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const wallets = useAnnouncedWallets();
  const { status, login } = useLogin();
  const invitation = useLoginInvitation(invitationIdOf(search.get('redirect'), window.location.origin));
  const { chainId } = getBootConfig();
  const expired = sessionExpired();

  const notify = (message: string): void => {
    modal.show({ title: t('noticeTitle'), message, confirmText: t('ok'), closable: true });
  };

  const start = (target?: ProviderKind): void => {
    login(target).then(
      (outcome) => {
        if (!outcome) return;
        if (outcome.status === 'signed-in') {
          navigate(safeRedirect(search.get('redirect'), window.location.origin), { replace: true });
          return;
        }
        notify(t(`empty.${outcome.reason}`));
      },
      (error: unknown) => {
        const code = loginFailureCode(error);
        if (code) notify(t(`errors:${code}`));
        else notify(t('unknownError', { message: error instanceof Error ? error.message : String(error) }));
      },
    );
  };

  const busy = status !== null;
  const current = currentLanguage();

  return (
    <main className="login" aria-busy={busy}>
      <div className="login-glow" aria-hidden="true" />
      <header className="login-top">
        <div className="login-lang" role="group" aria-label={t('language')}>
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              className="login-lang-option"
              lang={lang === 'zh' ? 'zh-CN' : 'en'}
              aria-pressed={current === lang}
              aria-label={LANGUAGE_NAMES[lang]}
              onClick={() => void setLanguage(lang)}
            >
              {LANGUAGE_LABELS[lang]}
            </button>
          ))}
        </div>
      </header>

      <section className="login-hero">
        <LogoMark />
        <h1 className="login-title">{t('appName')}</h1>
        <p className="login-tagline">{t('tagline')}</p>
        <ul className="login-features">
          <li>{t('features.stake')}</li>
          <li>{t('features.farm')}</li>
          <li>{t('features.swap')}</li>
          <li>{t('features.nft')}</li>
        </ul>
      </section>

      <InvitationNote read={invitation} />

      <section className="login-card" onPointerDownCapture={preloadLogin} onFocusCapture={preloadLogin}>
        {expired ? (
          <p className="login-expired" role="status" data-testid="session-expired">
            {t('sessionExpired')}
          </p>
        ) : null}
        <button type="button" className="login-connect" disabled={busy} onClick={() => start()}>
          {busy ? <span className="login-spinner" aria-hidden="true" /> : null}
          {t('connect')}
        </button>
        <p className="login-status" role="status" aria-live="polite">
          {status ? t(`status.${status}`) : '\u00a0'}
        </p>

        <h2 className="login-wallets-title">{t('walletsTitle')}</h2>
        {wallets.length === 0 ? (
          <p className="login-empty">{t('noWallets')}</p>
        ) : (
          <ul className="login-wallets">
            {wallets.map(({ info }) => (
              <li key={info.rdns}>
                <button
                  type="button"
                  className="login-wallet"
                  disabled={busy}
                  onClick={() => start({ type: 'eip6963', rdns: info.rdns })}
                >
                  <img className="login-wallet-icon" src={info.icon} alt="" />
                  <span className="login-wallet-text">
                    <span className="login-wallet-name">{info.name}</span>
                    {info.rdns === DEMO_WALLET_RDNS ? <span className="login-badge">{t('demoBadge')}</span> : null}
                  </span>
                  <span className="login-chevron" aria-hidden="true">
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <footer className="login-foot">
        <p>{t('signHint')}</p>
        <p className="login-network">
          <span className="login-dot" aria-hidden="true" />
          {t('network', { chainId })}
        </p>
      </footer>
    </main>
  );
}
