import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SegmentedTabs, useTabIndex } from '../components/SegmentedTabs.tsx';
import { LOCK_PERIODS_DAYS } from '@eterno/protocol/domain';
import './screens.css';

export type ScreensKey = ParseKeys<'screens'>;

export type EmptyScreenProps = {
  /** Heading of the page (its sub-tab already names it when absent). */
  title?: ScreensKey;
  /** What this screen will show: an honest empty state, never a made-up figure. */
  message: ScreensKey;
  /** In-page tabs of the spec (e.g. Income: dynamic, reinvestment, energy), kept in `?tab=`. */
  tabs?: readonly ScreensKey[];
  /** Interpolation values besides the route params and the stake lock periods. */
  values?: Readonly<Record<string, string>>;
};

/** A screen whose feature is not live yet: its tabs, and what it will show once the chain or server provides it. */
export default function EmptyScreen({ title, message, tabs, values: extra }: EmptyScreenProps) {
  const { t } = useTranslation('screens');
  const params = useParams();
  const values = { ...params, periods: LOCK_PERIODS_DAYS.join('/'), ...extra };
  const active = useTabIndex(tabs?.length ?? 1);

  return (
    <div className="screen">
      {title ? <h2 className="screen-title">{t(title, values)}</h2> : null}
      {tabs ? <SegmentedTabs labels={tabs.map((key) => t(key))} active={active} /> : null}
      <div className="empty-state" role={tabs ? 'tabpanel' : undefined}>
        <svg className="empty-icon" viewBox="0 0 48 48" aria-hidden="true">
          <rect x="8" y="12" width="32" height="26" rx="5" />
          <path d="M8 20h32M16 28h9M16 32h14" />
        </svg>
        <h3>{t('emptyTitle')}</h3>
        <p>{t(message, values)}</p>
        <p className="empty-note">{t('notLive')}</p>
      </div>
    </div>
  );
}
