/**
 * Mobile layout (DESIGN §6, spec §1): the app is designed in portrait. 1rem = the larger side of
 * the app box / 10; the design unit is 1/256 of that side.
 *
 * - portrait window (not wider than tall): the app fills it;
 * - touch device (coarse pointer) wider than tall: the app box is sized height×width and rotated
 *   90° to fill the window;
 * - fine pointer (desktop) wider than tall: the portrait app is shown as a phone-shaped column,
 *   centred.
 */

export type Viewport = {
  readonly width: number;
  readonly height: number;
  /** `(pointer: coarse)` matches: a phone or tablet. */
  readonly coarsePointer: boolean;
};

export type LayoutMode = 'portrait' | 'rotated' | 'centred';

export type AppLayout = {
  readonly mode: LayoutMode;
  /** The app box in its own (portrait) orientation, CSS px. */
  readonly width: number;
  readonly height: number;
  /** Where the box's top-left corner sits before the transform, CSS px. */
  readonly left: number;
  readonly top: number;
  /** CSS transform of the box (origin top left); 'none' unless rotated. */
  readonly transform: string;
  /** html font-size in px: the box's larger side / 10. */
  readonly rem: number;
};

/** Width / height of the centred desktop column: a 390×844 phone. */
export const PHONE_ASPECT = 390 / 844;
export const DESIGN_UNITS = 256;

export function layoutMode({ width, height, coarsePointer }: Viewport): LayoutMode {
  if (width <= height) return 'portrait';
  return coarsePointer ? 'rotated' : 'centred';
}

/** rem for a box: its larger side / 10. */
export function remFor(width: number, height: number): number {
  return Math.max(width, height) / 10;
}

/** One design unit in px for a box (larger side / 256). */
export function designUnit(width: number, height: number): number {
  return Math.max(width, height) / DESIGN_UNITS;
}

export function computeLayout(viewport: Viewport): AppLayout {
  const width = Math.max(0, viewport.width);
  const height = Math.max(0, viewport.height);
  const mode = layoutMode({ width, height, coarsePointer: viewport.coarsePointer });
  switch (mode) {
    case 'portrait':
      return { mode, width, height, left: 0, top: 0, transform: 'none', rem: remFor(width, height) };
    case 'rotated':
      // Box is height×width; rotating 90° clockwise around its top-left corner puts it left of the
      // origin, so it is shifted right by the window width to cover the window exactly.
      return {
        mode,
        width: height,
        height: width,
        left: 0,
        top: 0,
        transform: `translateX(${width}px) rotate(90deg)`,
        rem: remFor(height, width),
      };
    case 'centred': {
      const columnWidth = Math.min(width, Math.round(height * PHONE_ASPECT));
      return {
        mode,
        width: columnWidth,
        height,
        left: Math.round((width - columnWidth) / 2),
        top: 0,
        transform: 'none',
        rem: remFor(columnWidth, height),
      };
    }
  }
}
