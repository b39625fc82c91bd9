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
/** A chunk of texts: namespace → texts. */
type Bundle = {
  readonly en: () => Promise<{ default: Record<string, Json> }>;
  readonly zh: () => Promise<{ default: Record<string, Json> }>;
};

/**
 * The signed-in screens' namespaces (the shell's `screens` included), fetched (both languages) with
 * the shell after sign-in, so they do not weigh on the login page's JS: all but `errors` in one chunk
 * per language (featureTexts.<lng>.ts), `errors` on its own, which the login page also fetches with
 * its sign-in code.
 */
export const FEATURE_BUNDLES = {
  errors: {
    en: () => import('./locales/en/errors.json').then((m) => ({ default: { errors: m.default } })),
    zh: () => import('./locales/zh/errors.json').then((m) => ({ default: { errors: m.default } })),
  },
  screens: { en: () => import('./featureTexts.en.ts'), zh: () => import('./featureTexts.zh.ts') },
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

export type FeatureNamespace = Exclude<keyof AllResources, keyof (typeof resources)['en']>;
export type FeatureBundle = keyof typeof FEATURE_BUNDLES;
/** The chunk each namespace's texts come in. */
export const bundleOf = (ns: FeatureNamespace): FeatureBundle => (ns === 'errors' ? 'errors' : 'screens');
/** Every signed-in namespace once (a missing or unknown one fails to compile). */
const FEATURE_NAMESPACE_SET = {
  amount: true,
  bills: true,
  dataIndex: true,
  defi: true,
  errors: true,
  finance: true,
  home: true,
  liquidity: true,
  lock: true,
  market: true,
  mine: true,
  node: true,
  pending: true,
  referral: true,
  screens: true,
  stake: true,
  swap: true,
  tx: true,
  vault: true,
} as const satisfies Record<FeatureNamespace, true>;
export const FEATURE_NAMESPACES = Object.keys(FEATURE_NAMESPACE_SET) as FeatureNamespace[];
export const NAMESPACES = [
  ...(Object.keys(resources.en) as (keyof typeof resources.en)[]),
  ...FEATURE_NAMESPACES,
] as const;
