import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from './Loadable.tsx';
import type { Pages } from './usePages.ts';

/** A keyset-paged list of a Mine screen: its rows, "Load more" while older pages exist, an empty text. */
export function PagedList<T>({
  pages,
  testId,
  empty,
  children,
}: {
  pages: Pages<T>;
  testId: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('mine');
  return (
    <Loadable read={pages} testId={testId}>
      {(items) =>
        items.length === 0 ? (
          <p className="finance-empty" data-testid={`${testId}-empty`}>
            {empty}
          </p>
        ) : (
          <>
            <ul className="mine-list" data-testid={testId}>
              {items.map(children)}
            </ul>
            {pages.hasMore ? (
              <button type="button" className="button mine-more" disabled={pages.loadingMore} onClick={pages.loadMore}>
                {pages.loadingMore ? t('loading') : t('loadMore')}
              </button>
            ) : null}
          </>
        )
      }
    </Loadable>
  );
}
