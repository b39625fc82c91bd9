import { useSearchParams } from 'react-router';
import '../screens/screens.css';

/** The in-page tab chosen in `?tab=` (0 when absent or out of range). */
export function useTabIndex(count: number): number {
  const [search] = useSearchParams();
  return Math.min(Math.max(Number(search.get('tab') ?? 0) || 0, 0), Math.max(count - 1, 0));
}

/**
 * A screen's in-page tabs of the spec (e.g. Framework: binary volume, detail, tree), kept in `?tab=`
 * so a reload or a shared link opens the same tab; choosing one drops the other query parameters.
 */
export function SegmentedTabs({ labels, active }: { labels: readonly string[]; active: number }) {
  const [, setSearch] = useSearchParams();
  return (
    <div className="segmented" role="tablist">
      {labels.map((label, index) => (
        <button
          key={label}
          type="button"
          role="tab"
          aria-selected={index === active}
          className="segment"
          onClick={() => setSearch(index === 0 ? {} : { tab: String(index) }, { replace: true })}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
