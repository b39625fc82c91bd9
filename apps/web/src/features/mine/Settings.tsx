import { useTranslation } from 'react-i18next';
import { LOCK_PERIODS_DAYS } from '@eterno/protocol/domain';
import { getConfig } from '../../config.ts';
import { currentLanguage, LANGUAGES, setLanguage } from '../../i18n/index.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { getSession } from '../../session/session.ts';
import { signOut } from '../../session/signOut.ts';
import { FinanceHelp } from '../finance/FinanceHelp.tsx';
import { MarketHelp } from '../market/MarketHelp.tsx';
import { NodeHelp } from '../node/NodeHelp.tsx';
import { MyAccountFigures } from '../referral/MyAccount.tsx';
import { ReferralHelp } from '../referral/ReferralHelp.tsx';
import { useMyAccountInfo } from '../referral/useInviteRegister.ts';
import { DemoAccountSwitch, signedInWithDemoWallet } from './DemoAccountSwitch.tsx';
import './settings.css';

/** The session's account info (`GET /account`): registry id, inviter, genesis, service level. */
function MyAccount() {
  const { t } = useTranslation(['referral', 'errors']);
  const info = useMyAccountInfo(getSession()?.address ?? null);
  return (
    <section className="settings-item" aria-labelledby="settings-account">
      <h3 id="settings-account" className="settings-title">
        {t('referral:account.title')}
      </h3>
      {info.data ? (
        <MyAccountFigures info={info.data} />
      ) : info.error ? (
        <ReadErrorCard
          failure={readErrorText(info.error, t as (key: string) => string, 'referral:account.unavailable')}
          onRetry={info.retry}
        />
      ) : (
        <p aria-busy="true">…</p>
      )}
    </section>
  );
}

/** Mine › settings: the account, help document, security audit, the language switch (spec §1, §2, §3). */
export default function Settings() {
  const { t } = useTranslation(['screens', 'common']);
  const current = currentLanguage();
  return (
    <div className="settings">
      <MyAccount />
      <details className="settings-item">
        <summary>{t('mine.setting.help')}</summary>
        <p>{t('mine.setting.helpBody', { periods: LOCK_PERIODS_DAYS.join('/') })}</p>
        <ReferralHelp />
        <FinanceHelp />
        <MarketHelp />
        <NodeHelp />
      </details>
      <details className="settings-item">
        <summary>{t('mine.setting.audit')}</summary>
        <p>{t('mine.setting.auditBody')}</p>
      </details>
      <div className="settings-item settings-row">
        <span id="settings-language">{t('mine.setting.language')}</span>
        <div className="lang-switch" role="group" aria-labelledby="settings-language">
          {LANGUAGES.map((lng) => (
            <button key={lng} type="button" aria-pressed={current === lng} onClick={() => void setLanguage(lng)}>
              {t(`common:languages.${lng}`)}
            </button>
          ))}
        </div>
      </div>
      {signedInWithDemoWallet() ? <DemoAccountSwitch /> : null}
      <button type="button" className="button settings-logout" onClick={() => void signOut()}>
        {t('mine.setting.logout')}
      </button>
      <p className="settings-version">{t('mine.setting.version', { chainId: getConfig().chainId })}</p>
    </div>
  );
}
