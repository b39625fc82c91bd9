import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ConfigError } from '../config.ts';
import { ConfigErrorPage } from './ConfigErrorPage.tsx';

/** Shown while the first route loads: the same screen index.html paints before any script runs. */
export function BootScreen() {
  const { t } = useTranslation('common');
  return (
    <div className="full-page-message boot" role="status" aria-live="polite">
      <svg className="boot-logo" viewBox="0 0 64 64" aria-hidden="true">
        <path className="boot-logo-hex" d="M32 3 57 17.5v29L32 61 7 46.5v-29z" />
        <path className="boot-logo-e" d="M22 19h21v5.5H28.5v4.8h12.5v5.4H28.5v4.8H43V45H22z" />
      </svg>
      <p className="boot-name" aria-hidden="true">
        ETERNO
      </p>
      <div className="boot-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** A route failed to load (e.g. a chunk could not be fetched) or threw while rendering. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  // The whole config is checked when the signed-in app first loads (config.ts `loadConfig`).
  if (error instanceof ConfigError) return <ConfigErrorPage error={error} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : String(error);
  return (
    <div className="full-page-message" role="alert">
      <h1>{t('routeError.title')}</h1>
      <p>{notFound ? t('routeError.notFound') : detail}</p>
      <div style={{ display: 'flex', gap: 'var(--gap)' }}>
        <a className="button" href="/home">
          {t('routeError.home')}
        </a>
        <button type="button" className="button button-primary" onClick={() => globalThis.location.reload()}>
          {t('configError.reload')}
        </button>
      </div>
    </div>
  );
}
