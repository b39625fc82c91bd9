import enCommon from './locales/en/common.json';
import enLogin from './locales/en/login.json';
import zhCommon from './locales/zh/common.json';
import zhLogin from './locales/zh/login.json';
import type enAmount from './locales/en/amount.json';
import type enBills from './locales/en/bills.json';
import type enDataIndex from './locales/en/dataIndex.json';
import type enDefi from './locales/en/defi.json';
import type enErrors from './locales/en/errors.json';
import type enFinance from './locales/en/finance.json';
import type enHome from './locales/en/home.json';
import type enLiquidity from './locales/en/liquidity.json';
import type enLock from './locales/en/lock.json';
import type enMarket from './locales/en/market.json';
import type enMine from './locales/en/mine.json';
import type enNode from './locales/en/node.json';
import type enPending from './locales/en/pending.json';
import type enReferral from './locales/en/referral.json';
import type enScreens from './locales/en/screens.json';
import type enStake from './locales/en/stake.json';
import type enSwap from './locales/en/swap.json';
import type enTx from './locales/en/tx.json';
import type enVault from './locales/en/vault.json';

/**
 * The namespaces the login screen and the boot and error screens need, bundled with the entry (no
 * fetch before the first render).
 */
export const resources = {
  en: { common: enCommon, login: enLogin },
  zh: { common: zhCommon, login: zhLogin },
} as const;

type Json = Record<string, unknown>;
type Bundle = { readonly en: () => Promise<{ default: Json }>; readonly zh: () => Promise<{ default: Json }> };

/**
 * The signed-in screens' namespaces (the shell's `screens` included): fetched (both languages)
 * with the shell after sign-in, so they do not weigh on the login page's JS. One line each.
 * `errors` (the catalogue's messages) is also fetched by the login page with its sign-in code.
 */
export const FEATURE_BUNDLES = {
  amount: { en: () => import('./locales/en/amount.json'), zh: () => import('./locales/zh/amount.json') },
  bills: { en: () => import('./locales/en/bills.json'), zh: () => import('./locales/zh/bills.json') },
  dataIndex: { en: () => import('./locales/en/dataIndex.json'), zh: () => import('./locales/zh/dataIndex.json') },
  defi: { en: () => import('./locales/en/defi.json'), zh: () => import('./locales/zh/defi.json') },
  errors: { en: () => import('./locales/en/errors.json'), zh: () => import('./locales/zh/errors.json') },
  finance: { en: () => import('./locales/en/finance.json'), zh: () => import('./locales/zh/finance.json') },
  home: { en: () => import('./locales/en/home.json'), zh: () => import('./locales/zh/home.json') },
  liquidity: {
    en: () => import('./locales/en/liquidity.json'),
    zh: () => import('./locales/zh/liquidity.json'),
  },
  lock: { en: () => import('./locales/en/lock.json'), zh: () => import('./locales/zh/lock.json') },
  market: { en: () => import('./locales/en/market.json'), zh: () => import('./locales/zh/market.json') },
  mine: { en: () => import('./locales/en/mine.json'), zh: () => import('./locales/zh/mine.json') },
  node: { en: () => import('./locales/en/node.json'), zh: () => import('./locales/zh/node.json') },
  pending: { en: () => import('./locales/en/pending.json'), zh: () => import('./locales/zh/pending.json') },
  referral: { en: () => import('./locales/en/referral.json'), zh: () => import('./locales/zh/referral.json') },
  screens: { en: () => import('./locales/en/screens.json'), zh: () => import('./locales/zh/screens.json') },
  stake: { en: () => import('./locales/en/stake.json'), zh: () => import('./locales/zh/stake.json') },
  swap: { en: () => import('./locales/en/swap.json'), zh: () => import('./locales/zh/swap.json') },
  tx: { en: () => import('./locales/en/tx.json'), zh: () => import('./locales/zh/tx.json') },
  vault: { en: () => import('./locales/en/vault.json'), zh: () => import('./locales/zh/vault.json') },
} as const satisfies Record<string, Bundle>;

/** Every namespace's English texts, for typed keys (the feature ones as types only). */
export type AllResources = (typeof resources)['en'] & {
  amount: typeof enAmount;
  bills: typeof enBills;
  dataIndex: typeof enDataIndex;
  defi: typeof enDefi;
  errors: typeof enErrors;
  finance: typeof enFinance;
  home: typeof enHome;
  liquidity: typeof enLiquidity;
  lock: typeof enLock;
  market: typeof enMarket;
  mine: typeof enMine;
  node: typeof enNode;
  pending: typeof enPending;
  referral: typeof enReferral;
  screens: typeof enScreens;
  stake: typeof enStake;
  swap: typeof enSwap;
  tx: typeof enTx;
  vault: typeof enVault;
};

export type FeatureNamespace = keyof typeof FEATURE_BUNDLES;
export const FEATURE_NAMESPACES = Object.keys(FEATURE_BUNDLES) as FeatureNamespace[];
export const NAMESPACES = [
  ...(Object.keys(resources.en) as (keyof typeof resources.en)[]),
  ...FEATURE_NAMESPACES,
] as const;
