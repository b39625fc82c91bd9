import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { readErrorText } from '../../chain/readErrorText.ts';
import { isNotFound } from './mineQueries.ts';
// The cards, figure lists, notes and empty states are finance's (one look for every money screen).
import '../finance/finance.css';

export type Read<T> = { readonly data: T | undefined; readonly error: unknown; readonly retry: () => void };

/**
 * One server read of a Mine screen: its figures once they arrived; else the error with Retry (a 404
 * too, unless the screen says what a missing record means); else a skeleton.
 */
export function Loadable<T>({
  read,
  testId,
  notFound,
  children,
}: {
  read: Read<T>;
  /** Marks the error / loading states for tests. */
  testId: string;
  /** What a 404 means when the route exists but the record does not (e.g. a tree root outside the team). */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['mine', 'errors']);
  if (read.data !== undefined) return <>{children(read.data)}</>;
  if (read.error && notFound !== undefined && isNotFound(read.error)) return <>{notFound}</>;
  if (read.error) {
    const failure = readErrorText(read.error, t as (key: string) => string, 'mine:loadError');
    // A bare "Not found" would not say what failed: the screen's own message, the server's as detail.
    if (isNotFound(read.error)) failure.message = t('mine:loadError');
    return (
      <div data-testid={`${testId}-error`}>
        <ReadErrorCard failure={failure} onRetry={read.retry} />
      </div>
    );
  }
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
