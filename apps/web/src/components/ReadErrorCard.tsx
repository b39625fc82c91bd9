import { useTranslation } from 'react-i18next';
import type { ReadFailure } from '../chain/readErrorText.ts';

/**
 * A screen's failed read: the message in the user's language, the raw detail, and Retry; while a
 * service is out of reach, one quiet line instead (the network banner names it and retries).
 */
export function ReadErrorCard({ failure, onRetry }: { failure: ReadFailure; onRetry: () => void }) {
  const { t } = useTranslation('common');
  if (failure.waiting) {
    return (
      <div className="error-card error-card-waiting" role="status" data-testid="read-waiting">
        <p className="error-card-message">{failure.message}</p>
      </div>
    );
  }
  return (
    <div className="error-card" role="alert">
      <p className="error-card-message">{failure.message}</p>
      {failure.detail ? <p className="error-card-detail">{failure.detail}</p> : null}
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
