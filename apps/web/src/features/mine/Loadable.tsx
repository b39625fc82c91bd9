import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { isMissingRoute } from './mineQueries.ts';
// The cards, figure lists, notes and empty states are finance's (one look for every money screen).
import '../finance/finance.css';

export type Read<T> = { readonly data: T | undefined; readonly error: unknown; readonly retry: () => void };

/**
 * One server read of a Mine screen: its figures once they arrived; else, when the server does not
 * have the route, a plain "not provided yet" (no figure made up); else the error with Retry; else a
 * skeleton.
 */
export function Loadable<T>({
  read,
  testId,
  notFound,
  children,
}: {
  read: Read<T>;
  /** Marks the unavailable / loading states for tests. */
  testId: string;
  /** What a 404 means when the route exists but the record does not (e.g. a tree root outside the team). */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['mine', 'errors']);
  if (read.data !== undefined) return <>{children(read.data)}</>;
  if (read.error && notFound !== undefined && isMissingRoute(read.error)) return <>{notFound}</>;
  if (read.error && isMissingRoute(read.error))
    return (
      <p className="finance-empty" data-testid={`${testId}-unavailable`}>
        {t('mine:unavailable')}
      </p>
    );
  if (read.error)
    return (
      <ReadErrorCard
        failure={readErrorText(read.error, t as (key: string) => string, 'mine:loadError')}
        onRetry={read.retry}
      />
    );
  return (
    <div className="finance-loading" data-testid={`${testId}-loading`} aria-busy="true">
      <span className="skeleton skeleton-card" />
    </div>
  );
}

/** One label / value row of a figures list. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
