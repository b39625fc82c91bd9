import { useTranslation } from 'react-i18next';

/** A screen's failed chain read: the message in the user's language, the raw detail, and Retry. */
export function ReadErrorCard({
  failure,
  onRetry,
}: {
  failure: { message: string; detail: string };
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="error-card" role="alert">
      <p className="error-card-message">{failure.message}</p>
      <p className="error-card-detail">{failure.detail}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
