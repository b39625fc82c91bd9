import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A bottom sheet's backdrop over the whole app box (`#root`, which installLayout sizes, turns or
 * centres), so it covers the app and not the browser window in the centred desktop layout. Without
 * an app box (a component test) it renders in place.
 */
export function SheetPortal({ children }: { children: ReactNode }) {
  const backdrop = <div className="market-sheet-backdrop">{children}</div>;
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  return root ? createPortal(backdrop, root) : backdrop;
}
