import { useTranslation } from 'react-i18next';

/** Full-page error when `/config.json` cannot be fetched or is invalid: the app cannot run without it. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="full-page-message" role="alert">
      <h1>{t('configError.title')}</h1>
      <p>{t('configError.body')}</p>
      <pre aria-label={t('configError.detail')}>{detail}</pre>
      <button type="button" className="button button-primary" onClick={() => globalThis.location.reload()}>
        {t('configError.reload')}
      </button>
    </main>
  );
}
