/**
 * The signed-in screens' English texts, every namespace but `errors`, in one chunk: one fetch and one
 * module at sign-in instead of one per namespace (docs/decisions/web-speed.md).
 */
import amount from './locales/en/amount.json';
import bills from './locales/en/bills.json';
import dataIndex from './locales/en/dataIndex.json';
import defi from './locales/en/defi.json';
import finance from './locales/en/finance.json';
import home from './locales/en/home.json';
import liquidity from './locales/en/liquidity.json';
import lock from './locales/en/lock.json';
import market from './locales/en/market.json';
import mine from './locales/en/mine.json';
import node from './locales/en/node.json';
import pending from './locales/en/pending.json';
import referral from './locales/en/referral.json';
import screens from './locales/en/screens.json';
import stake from './locales/en/stake.json';
import swap from './locales/en/swap.json';
import tx from './locales/en/tx.json';
import vault from './locales/en/vault.json';
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
