// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './safeRedirect.ts';

const ORIGIN = 'http://127.0.0.1:5173';
/** A second base: a result that is a plain path resolves inside any origin, this one included. */
const ELSEWHERE = 'https://elsewhere.test';

/**
 * What must hold of every result: it is a path (not a scheme, not a `//host`), it stays inside the
 * app's origin when the browser or the router resolves it, it does not carry its own authority
 * (resolved against another base it stays there too), and it is a fixed point. Returns the broken rules.
 */
function brokenRules(raw: string, origin = ORIGIN): string[] {
  const target = safeRedirect(raw, origin);
  const broken: string[] = [];
  if (!target.startsWith('/')) broken.push('not a path');
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|\/\\)/i.test(target)) broken.push('a scheme or a network-path reference');
  if (new URL(target, origin).origin !== origin) broken.push('leaves the origin');
  if (new URL(target, ELSEWHERE).origin !== ELSEWHERE) broken.push('carries its own authority');
  if (safeRedirect(target, origin) !== target) broken.push('not a fixed point');
  return broken.map((rule) => `${JSON.stringify(raw)} → ${JSON.stringify(target)}: ${rule}`);
}

function expectInsideOrigin(raw: string, origin = ORIGIN): void {
  const broken = brokenRules(raw, origin);
  if (broken.length > 0) expect(broken).toEqual([]);
}

describe('safeRedirect: same-origin targets are kept', () => {
  it.each([
    ['/assets/overview', '/assets/overview'],
    ['/finance/overview/subscribe/7?tab=buy#top', '/finance/overview/subscribe/7?tab=buy#top'],
    ['/a/./b/../c', '/a/c'],
    ['/home%2Fx', '/home%2Fx'],
    [`${ORIGIN}/assets/swap?a=1`, '/assets/swap?a=1'],
    ['home', '/home'],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(expected);
  });
});

/** Hostile inputs seen or known to fool redirect checks; each must give /home. */
const HOSTILE = [
  // The reported ones (issue 7): a normalised path that starts with `//` is a host to the browser.
  '/.//evil.example/x',
  '/%2e//evil.example/x',
  '/%2E//evil.example/x',
  '/..//evil.example/x',
  '/./..//evil.example/x',
  '/a/..//evil.example',
  // Network-path references and their spellings.
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  // Absolute URLs, other schemes, other ports and user-info tricks.
  'https://evil.example/home',
  'http://evil.example',
  'HTTP://EVIL.EXAMPLE',
  'https:evil.example',
  'http:/\\evil.example',
  'http://127.0.0.1:5174/home',
  'https://127.0.0.1:5173/home',
  'http://127.0.0.1:5173@evil.example/',
  'http://evil.example#http://127.0.0.1:5173/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:http://evil.example/x',
  'file:///etc/passwd',
  // The login page itself (no loop).
  '/login',
  '/login?redirect=/home',
  '/login/',
  '/./login',
  '',
];

/** Odd but harmless inputs: whatever they give, it stays inside the origin. */
const ODD = [
  '/.%2F/evil.example',
  '\\evil.example',
  '/ /evil.example',
  '/%6Cogin',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%5C%5Cevil.example',
  '/%2e%2e/%2e%2e/evil.example',
  '/\u2215\u2215evil.example',
  '/\uff0f\uff0fevil.example',
  '/\u2044evil.example',
  '\u3002/evil.example',
  '/ｅvil',
  '%2F%2Fevil.example',
  './/evil.example',
  '..//evil.example',
  '?redirect=//evil.example',
  '#//evil.example',
  '/?//evil.example',
  '/#//evil.example',
  '/home?next=https://evil.example',
  '/@evil.example',
  '/:evil.example',
  '/home\u0000',
  'evil.example',
  'mailto:a@evil.example',
  'http%3A%2F%2Fevil.example',
];

describe('safeRedirect: hostile targets', () => {
  it.each(HOSTILE)('%j → /home', (raw) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it.each([...HOSTILE, ...ODD])('%j stays inside the origin', (raw) => {
    expectInsideOrigin(raw);
  });

  it('null and undefined give /home', () => {
    expect(safeRedirect(null, ORIGIN)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirect(undefined, ORIGIN)).toBe(DEFAULT_AFTER_LOGIN);
  });
});

/** Pieces attackers combine: separators, dot segments in every encoding, schemes, hosts, whitespace. */
const FRAGMENTS = [
  '/',
  '//',
  '\\',
  '/\\',
  '\\/',
  '.',
  '..',
  './',
  '../',
  '/./',
  '/../',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%252e',
  '%25',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u00a0',
  '\u2215',
  '\uff0f',
  '\u2044',
  '\u3002',
  '\ufeff',
  'http:',
  'https:',
  'javascript:',
  'data:',
  'file:',
  '//evil.example',
  'evil.example',
  '@',
  ':',
  '?',
  '#',
  '&',
  '127.0.0.1',
  ':5173',
  'login',
  'home',
  'a',
  '%00',
  '%09',
  '%0a',
];

const attack = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));

// Generous timeouts: generating URLs is slow on a busy machine; the runs, not the time, are the test.
describe('safeRedirect: generated hostile inputs (fast-check)', { timeout: 30_000 }, () => {
  it('fragment combinations always stay inside the origin', () => {
    fc.assert(
      fc.property(attack, (raw) => {
        expectInsideOrigin(raw);
      }),
      { numRuns: 5000 },
    );
  });

  it('arbitrary strings (ASCII with control characters, and any Unicode) always stay inside the origin', () => {
    const raw = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    fc.assert(
      fc.property(raw, (input) => {
        expectInsideOrigin(input);
      }),
      { numRuns: 3000 },
    );
  });

  it('a URL of any other origin gives /home', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        fc.pre(new URL(raw).origin !== ORIGIN);
        expect(safeRedirect(raw, ORIGIN)).toBe(DEFAULT_AFTER_LOGIN);
      }),
      { numRuns: 500 },
    );
  });

  it('a same-origin URL keeps its normalised path, query and hash', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), fc.webFragments(), (path, query, hash) => {
        const url = new URL(`${ORIGIN}${path.startsWith('/') ? '' : '/'}${path}?${query}#${hash}`);
        fc.pre(!url.pathname.startsWith('//') && url.pathname !== '/login' && !url.pathname.startsWith('/login/'));
        expect(safeRedirect(url.href, ORIGIN)).toBe(`${url.pathname}${url.search}${url.hash}`);
        expectInsideOrigin(url.href);
      }),
      { numRuns: 2000 },
    );
  });

  it('holds for other app origins too', () => {
    const origins = fc.constantFrom('https://app.eterno.example', 'http://localhost:8080', 'http://[::1]:3000');
    fc.assert(
      fc.property(origins, attack, (origin, raw) => {
        expectInsideOrigin(raw, origin);
      }),
      { numRuns: 2000 },
    );
  });
});
