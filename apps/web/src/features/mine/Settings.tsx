import { useTranslation } from 'react-i18next';
import { LOCK_PERIODS_DAYS } from '@eterno/protocol/domain';
import { getConfig } from '../../config.ts';
import { currentLanguage, LANGUAGES, setLanguage } from '../../i18n/index.ts';
import { signOut } from '../../session/signOut.ts';
import { FinanceHelp } from '../finance/FinanceHelp.tsx';
import { MarketHelp } from '../market/MarketHelp.tsx';
import { NodeHelp } from '../node/NodeHelp.tsx';
import './settings.css';

/** Mine › settings: help document, security audit, the language switch (spec §1, §2). */
export default function Settings() {
  const { t } = useTranslation(['screens', 'common']);
  const current = currentLanguage();
  return (
    <div className="settings">
      <details className="settings-item">
        <summary>{t('mine.setting.help')}</summary>
        <p>{t('mine.setting.helpBody', { periods: LOCK_PERIODS_DAYS.join('/') })}</p>
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
      <button type="button" className="button settings-logout" onClick={() => void signOut()}>
        {t('mine.setting.logout')}
      </button>
      <p className="settings-version">{t('mine.setting.version', { chainId: getConfig().chainId })}</p>
    </div>
  );
}
