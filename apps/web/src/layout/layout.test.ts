import { describe, expect, it } from 'vitest';
import { computeLayout, designUnit, layoutMode, PHONE_ASPECT, remFor } from './layout.ts';

describe('rem and design unit (spec §1: larger side / 10, design unit 256)', () => {
  it('uses the larger side', () => {
    expect(remFor(390, 844)).toBeCloseTo(84.4);
    expect(remFor(844, 390)).toBeCloseTo(84.4);
    expect(designUnit(390, 844)).toBeCloseTo(844 / 256);
  });
});

describe('layoutMode', () => {
  it('portrait when not wider than tall, whatever the pointer', () => {
    expect(layoutMode({ width: 390, height: 844, coarsePointer: true })).toBe('portrait');
    expect(layoutMode({ width: 800, height: 800, coarsePointer: false })).toBe('portrait');
  });
  it('rotates a touch device in landscape and centres a desktop window', () => {
    expect(layoutMode({ width: 844, height: 390, coarsePointer: true })).toBe('rotated');
    expect(layoutMode({ width: 1440, height: 900, coarsePointer: false })).toBe('centred');
  });
});

describe('computeLayout', () => {
  it('fills a portrait phone', () => {
    expect(computeLayout({ width: 390, height: 844, coarsePointer: true })).toEqual({
      mode: 'portrait',
      width: 390,
      height: 844,
      left: 0,
      top: 0,
      transform: 'none',
      rem: 84.4,
    });
  });

  it('turns a landscape phone: a height×width box rotated 90° that covers the window', () => {
    const layout = computeLayout({ width: 844, height: 390, coarsePointer: true });
    expect(layout).toMatchObject({ mode: 'rotated', width: 390, height: 844, rem: 84.4 });
    expect(layout.transform).toBe('translateX(844px) rotate(90deg)');
    // Corners of the box after rotate(90deg) about its top-left corner, then the shift.
    const corner = (x: number, y: number) => [-y + 844, x];
    expect(corner(0, 0)).toEqual([844, 0]);
    expect(corner(layout.width, 0)).toEqual([844, 390]);
    expect(corner(0, layout.height)).toEqual([0, 0]);
    expect(corner(layout.width, layout.height)).toEqual([0, 390]);
  });

  it('centres a phone-shaped column on a desktop, rem from the column', () => {
    const layout = computeLayout({ width: 1440, height: 900, coarsePointer: false });
    expect(layout.mode).toBe('centred');
    expect(layout.height).toBe(900);
    expect(layout.width).toBe(Math.round(900 * PHONE_ASPECT));
    expect(layout.left).toBe(Math.round((1440 - layout.width) / 2));
    expect(layout.transform).toBe('none');
    expect(layout.rem).toBe(90);
  });

  it('never makes the column wider than the window', () => {
    const layout = computeLayout({ width: 301, height: 300, coarsePointer: false });
    expect(layout.width).toBeLessThanOrEqual(301);
    expect(layout.left).toBeGreaterThanOrEqual(0);
  });
});
