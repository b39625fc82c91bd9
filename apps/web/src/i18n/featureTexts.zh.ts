/**
 * The signed-in screens' Chinese texts, every namespace but `errors`, in one chunk: one fetch and one
 * module at sign-in instead of one per namespace (docs/decisions/web-speed.md).
 */
import amount from './locales/zh/amount.json';
import bills from './locales/zh/bills.json';
import dataIndex from './locales/zh/dataIndex.json';
import defi from './locales/zh/defi.json';
import finance from './locales/zh/finance.json';
import home from './locales/zh/home.json';
import liquidity from './locales/zh/liquidity.json';
import lock from './locales/zh/lock.json';
import market from './locales/zh/market.json';
import mine from './locales/zh/mine.json';
import node from './locales/zh/node.json';
import pending from './locales/zh/pending.json';
import referral from './locales/zh/referral.json';
import screens from './locales/zh/screens.json';
import stake from './locales/zh/stake.json';
import swap from './locales/zh/swap.json';
import tx from './locales/zh/tx.json';
import vault from './locales/zh/vault.json';
import type { FeatureNamespace } from './resources.ts';

export default {
  amount,
  bills,
  dataIndex,
  defi,
  finance,
  home,
  liquidity,
  lock,
  market,
  mine,
  node,
  pending,
  referral,
  screens,
  stake,
  swap,
  tx,
  vault,
} satisfies Record<Exclude<FeatureNamespace, 'errors'>, unknown>;
