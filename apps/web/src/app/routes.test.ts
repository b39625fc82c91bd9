import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type DataRouter } from 'react-router';
import type { Session } from '../session/session.ts';
import { testAppConfig } from '../testing/appConfig.ts';
import { SECTIONS } from './sections.ts';

/** Which lazily loaded page modules were imported: a guarded page must not be fetched on a redirect. */
const imported = new Set<string>();
const PAGES = {
  AppShell: '../shell/AppShell.tsx',
  SectionLayout: '../shell/SectionLayout.tsx',
  NotFound: '../shell/NotFound.tsx',
  AssetsOverview: '../features/assets/AssetsOverview.tsx',
  AssetDetail: '../features/assets/AssetDetail.tsx',
  LiquidityScreen: '../features/liquidity/LiquidityScreen.tsx',
  ContributionBill: '../features/bills/ContributionBill.tsx',
  DataIndex: '../features/assets/DataIndex.tsx',
  EcologyOverview: '../features/ecology/EcologyOverview.tsx',
  Settings: '../features/mine/Settings.tsx',
  LoginPage: '../features/login/LoginPage.tsx',
};

beforeEach(() => {
  vi.resetModules();
  for (const [name, path] of Object.entries(PAGES)) {
    vi.doMock(path, () => {
      imported.add(name);
      return { default: () => null };
    });
  }
});

const SESSION: Session = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', token: 't' };

let router: DataRouter | undefined;
afterEach(() => {
  router?.dispose();
  router = undefined;
  imported.clear();
});

/** The router module, fresh for each test so that page modules are imported (and recorded) again. */
async function routerModule() {
  return import('./router.ts');
}

/** Like window.location at the first load of a browser router. */
function initialLocation(entry: string) {
  const url = new URL(entry, 'http://eterno.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

async function settle(r: DataRouter): Promise<void> {
  for (let i = 0; i < 200 && (!r.state.initialized || r.state.navigation.state !== 'idle'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(r.state.initialized).toBe(true);
  expect(r.state.navigation.state).toBe('idle');
}

async function open(entry: string, session: Session | null): Promise<DataRouter> {
  const { createAppRouterWith } = await routerModule();
  // The guarded root's loader awaits the whole config (config.ts `loadConfig`): the fresh module's.
  (await import('../config.ts')).setConfigForTesting(testAppConfig());
  router = createAppRouterWith(
    (routes) => createMemoryRouter(routes, { initialEntries: [entry] }),
    { getSession: () => session },
    () => initialLocation(entry),
  );
  await settle(router);
  return router;
}

const where = (r: DataRouter) => `${r.state.location.pathname}${r.state.location.search}${r.state.location.hash}`;

describe('the login guard (spec §2)', () => {
  it('sends a visitor without a session to /login with the full target, query and hash encoded', async () => {
    const r = await open('/assets/overview?x=1&y=a%20b#top', null);
    expect(r.state.location.pathname).toBe('/login');
    expect(r.state.location.search).toBe(`?redirect=${encodeURIComponent('/assets/overview?x=1&y=a%20b#top')}`);
    expect(new URLSearchParams(r.state.location.search).get('redirect')).toBe('/assets/overview?x=1&y=a%20b#top');
  });

  it('keeps the hash of a client-side navigation too', async () => {
    let session: Session | null = SESSION;
    const { createAppRouterWith } = await routerModule();
    router = createAppRouterWith((routes) => createMemoryRouter(routes, { initialEntries: ['/home/eterno'] }), {
      getSession: () => session,
    });
    await settle(router);
    expect(where(router)).toBe('/home/eterno');
    session = null;
    await router.navigate('/mine/setting?a=1#lang');
    await settle(router);
    expect(where(router)).toBe(`/login?redirect=${encodeURIComponent('/mine/setting?a=1#lang')}`);
  });

  it.each([
    '/',
    '/home/trend',
    '/finance/stake',
    '/market/eusd',
    '/ecology/defi',
    '/mine/setting',
    '/assets/swap',
    '/nowhere',
  ])('guards %s', async (path) => {
    const r = await open(path, null);
    expect(r.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(r.state.location.search).get('redirect')).toBe(path);
  });

  it('does not fetch any guarded page when it redirects (only the login page)', async () => {
    await open('/assets/overview', null);
    expect([...imported]).toEqual(['LoginPage']);
  });

  it('lets a visitor with a session through and loads the page with the navigation', async () => {
    const r = await open('/assets/overview?x=1#h', SESSION);
    expect(where(r)).toBe('/assets/overview?x=1#h');
    expect(r.state.errors).toBeNull();
    expect(imported).toEqual(new Set(['AppShell', 'SectionLayout', 'AssetsOverview']));
  });
});

describe('/login with a session is cancelled', () => {
  it('goes to the redirect target instead', async () => {
    const r = await open(`/login?redirect=${encodeURIComponent('/mine/today?tab=1#x')}`, SESSION);
    expect(where(r)).toBe('/mine/today?tab=1#x');
    expect(imported.has('LoginPage')).toBe(false);
  });

  it('goes to /home/eterno without a target, or with one that leaves the site', async () => {
    expect(where(await open('/login', SESSION))).toBe('/home/eterno');
    expect(where(await open(`/login?redirect=${encodeURIComponent('//evil.example/x')}`, SESSION))).toBe(
      '/home/eterno',
    );
    expect(where(await open(`/login?redirect=${encodeURIComponent('https://evil.example/')}`, SESSION))).toBe(
      '/home/eterno',
    );
  });

  it('shows the login page without a session', async () => {
    const r = await open('/login?redirect=%2Fhome', null);
    expect(where(r)).toBe('/login?redirect=%2Fhome');
  });
});

describe('redirect chains (spec §2)', () => {
  it.each([
    ['/', '/home/eterno'],
    ['/home', '/home/eterno'],
    ['/assets', '/assets/overview'],
    ['/ecology', '/ecology/overview'],
    ['/finance', '/finance/overview'],
    ['/mine', '/mine/today'],
    ['/market', '/market/eusd'],
  ])('%s → %s', async (from, to) => {
    expect(where(await open(from, SESSION))).toBe(to);
  });
});

describe('every route of spec §2 (and Market) exists', () => {
  it.each([
    '/home/eterno',
    '/home/trend',
    '/assets/overview',
    '/assets/overview/units',
    '/assets/overview/liquidity',
    '/assets/experience',
    '/assets/income',
    '/assets/data',
    '/assets/swap',
    '/ecology/overview',
    '/ecology/defi',
    '/ecology/nft',
    '/ecology/nodes',
    '/ecology/nodes/1',
    '/finance/overview',
    '/finance/overview/subscribe/7',
    '/finance/rights-issue',
    '/finance/rights-issue-new',
    '/finance/stake',
    '/finance/mine',
    '/finance/past',
    '/finance/regular',
    '/finance/exchange',
    '/mine/today',
    '/mine/invite-register',
    '/mine/invited',
    '/mine/framework',
    '/mine/team',
    '/mine/setting',
    '/market/eusd',
    '/market/orders',
  ])('%s renders its page, not the not-found page', async (path) => {
    const r = await open(path, SESSION);
    expect(where(r)).toBe(path);
    const last = r.state.matches.at(-1);
    expect(last?.route.path).not.toBe('*');
    expect(imported.has('NotFound')).toBe(false);
  });

  it('opens the liquidity screen under Assets › overview, not an asset detail', async () => {
    const r = await open('/assets/overview/liquidity?pair=elp', SESSION);
    expect(where(r)).toBe('/assets/overview/liquidity?pair=elp');
    expect(imported.has('LiquidityScreen')).toBe(true);
    expect(imported.has('AssetDetail')).toBe(false);
  });

  it('matches an unknown path with the not-found page', async () => {
    const r = await open('/assets/nothing-here', SESSION);
    expect(r.state.matches.at(-1)?.route.path).toBe('*');
  });

  it('points every tab and sub-tab link at a route that exists', async () => {
    for (const section of SECTIONS) {
      for (const tab of section.tabs) {
        const r = await open(`${section.base}/${tab.path}`, SESSION);
        expect(r.state.matches.at(-1)?.route.path, `${section.base}/${tab.path}`).not.toBe('*');
        r.dispose();
      }
    }
  });
});
