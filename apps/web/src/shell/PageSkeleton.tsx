import { useTranslation } from 'react-i18next';

/** Placeholder while a page or the wallet is loading. */
export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <span className="skeleton skeleton-title" aria-hidden="true" />
      <span className="skeleton skeleton-card" aria-hidden="true" />
      <span className="skeleton skeleton-card" aria-hidden="true" />
    </div>
  );
}
