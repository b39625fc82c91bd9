import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { Session } from '../session/session.ts';
import type { SectionId } from './sections.ts';
import { cancelLoginWhenSignedIn, requireSession } from './guard.ts';
import { lazyPage, type LazyPage } from './lazyPage.tsx';
import { BootScreen, RouteError } from './BootScreen.tsx';
import { loadFeatureNamespaces } from '../i18n/index.ts';
import { loadConfig } from '../config.ts';

export type RouteDeps = {
  readonly getSession: () => Session | null;
  /** See GuardDeps.hashOf. */
  readonly hashOf: (pathAndSearch: string) => string;
};

/**
 * The login page: the first screen of every visitor without a session. main.tsx starts fetching it
 * alongside config.json for such a visitor, so its chunk is not a second round trip after the config.
 */
export const loginPage = lazyPage(() => import('../features/login/LoginPage.tsx'));

export function createRoutes(deps: RouteDeps): RouteObject[] {
  /**
   * React Router runs the loaders of all matched routes at once: below the guarded root, a loader
   * acts only with a session, so without one the root's guard redirect is the only outcome (no
   * page chunk fetched, no section redirect racing the guard's).
   */
  const signedIn =
    (load: () => Promise<unknown> | Response): LoaderFunction =>
    async () => {
      if (!deps.getSession()) return null;
      const result = await load();
      return result instanceof Response ? result : null;
    };
  const to = (path: string) => signedIn(() => redirect(path));
  /** A guarded page: its chunk is fetched with the navigation, only when there is a session. */
  const page = (lazy: LazyPage): { loader: LoaderFunction; Component: ComponentType } => ({
    loader: signedIn(() => lazy.load()),
    Component: lazy.Component,
  });
  const section = (id: SectionId, children: RouteObject[]): RouteObject => ({
    path: id,
    ...page(lazyPage(() => import('../shell/SectionLayout.tsx'), { section: id })),
    children,
  });

  const shell = lazyPage(() => import('../shell/AppShell.tsx'));
  const login = loginPage;

  return [
    {
      path: '/login',
      loader: async ({ request }: LoaderFunctionArgs) => {
        cancelLoginWhenSignedIn(request, deps);
        await login.load();
        return null;
      },
      Component: login.Component,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteError,
    },
    {
      id: 'app',
      path: '/',
      loader: async ({ request }: LoaderFunctionArgs) => {
        requireSession(request, deps);
        await Promise.all([shell.load(), loadFeatureNamespaces(), loadConfig()]);
        return null;
      },
      Component: shell.Component,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: to('/home') },
        { path: 'register', ...page(lazyPage(() => import('../features/register/RegisterScreen.tsx'))) },
        section('home', [
          { index: true, loader: to('/home/eterno') },
          { path: 'eterno', ...page(lazyPage(() => import('../features/home/EternoHome.tsx'))) },
          { path: 'trend', ...page(lazyPage(() => import('../features/trend/TrendScreen.tsx'))) },
        ]),
        section('assets', [
          { index: true, loader: to('/assets/overview') },
          { path: 'overview', ...page(lazyPage(() => import('../features/assets/AssetsOverview.tsx'))) },
          {
            path: 'overview/liquidity',
            ...page(lazyPage(() => import('../features/liquidity/LiquidityScreen.tsx'))),
          },
          { path: 'overview/:type', ...page(lazyPage(() => import('../features/assets/AssetDetail.tsx'))) },
          { path: 'experience', ...page(lazyPage(() => import('../features/bills/ContributionBill.tsx'))) },
          { path: 'income', ...page(lazyPage(() => import('../features/income/IncomeScreen.tsx'))) },
          { path: 'data', ...page(lazyPage(() => import('../features/assets/DataIndex.tsx'))) },
          { path: 'swap', ...page(lazyPage(() => import('../features/swap/SwapScreen.tsx'))) },
        ]),
        section('ecology', [
          { index: true, loader: to('/ecology/overview') },
          { path: 'overview', ...page(lazyPage(() => import('../features/ecology/EcologyOverview.tsx'))) },
          { path: 'defi', ...page(lazyPage(() => import('../features/defi/FarmScreen.tsx'))) },
          { path: 'nft', ...page(lazyPage(() => import('../features/nft/NftScreen.tsx'))) },
          { path: 'nodes', ...page(lazyPage(() => import('../features/node/NodesScreen.tsx'))) },
          { path: 'nodes/:id', ...page(lazyPage(() => import('../features/node/NodeDetailScreen.tsx'))) },
        ]),
        section('finance', [
          { index: true, loader: to('/finance/overview') },
          { path: 'overview', ...page(lazyPage(() => import('../features/finance/BuyScreen.tsx'))) },
          {
            path: 'overview/subscribe/:id',
            ...page(lazyPage(() => import('../features/finance/SubscribeScreen.tsx'))),
          },
          {
            path: 'rights-issue',
            ...page(lazyPage(() => import('../features/finance/RightsIssueScreen.tsx'), { which: 'current' })),
          },
          {
            path: 'rights-issue-new',
            ...page(lazyPage(() => import('../features/finance/RightsIssueScreen.tsx'), { which: 'next' })),
          },
          { path: 'stake', ...page(lazyPage(() => import('../features/stake/StakeScreen.tsx'))) },
          { path: 'mine', ...page(lazyPage(() => import('../features/finance/OrdersScreen.tsx'), { view: 'active' })) },
          { path: 'past', ...page(lazyPage(() => import('../features/finance/OrdersScreen.tsx'), { view: 'past' })) },
          { path: 'regular', ...page(lazyPage(() => import('../features/finance/RegularScreen.tsx'))) },
          { path: 'exchange', ...page(lazyPage(() => import('../features/vault/ExchangeScreen.tsx'))) },
        ]),
        section('market', [
          { index: true, loader: to('/market/eusd') },
          { path: 'eusd', ...page(lazyPage(() => import('../features/market/MarketScreen.tsx'))) },
          { path: 'orders', ...page(lazyPage(() => import('../features/market/MarketOrdersScreen.tsx'))) },
        ]),
        section('mine', [
          { index: true, loader: to('/mine/today') },
          { path: 'today', ...page(lazyPage(() => import('../features/mine/TodayScreen.tsx'))) },
          { path: 'invite-register', ...page(lazyPage(() => import('../features/referral/InviteRegisterScreen.tsx'))) },
          { path: 'invited', ...page(lazyPage(() => import('../features/mine/InvitedScreen.tsx'))) },
          { path: 'framework', ...page(lazyPage(() => import('../features/mine/FrameworkScreen.tsx'))) },
          { path: 'team', ...page(lazyPage(() => import('../features/mine/TeamScreen.tsx'))) },
          { path: 'setting', ...page(lazyPage(() => import('../features/mine/Settings.tsx'))) },
        ]),
        { path: '*', ...page(lazyPage(() => import('../shell/NotFound.tsx'))) },
      ],
    },
  ];
}
