import { getAddress, type Address } from 'viem';
import type { FinanceSummary } from '../../api/finance.ts';
import type { IncomeSummary, Team, TeamMember, TeamSide, Tree, TreeNode } from '../../api/referral.ts';
import type { LedgerBalances } from '../../api/vault.ts';
import { ApiError } from '../../session/ApiError.ts';

/** Figures for the Mine and income views' tests, as the API client returns them. */
export const E18 = 10n ** 18n;
export const DAY = 1_700_006_400; // 2023-11-15 00:00 UTC

export const wallet = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, 'a')}`);
export const VIEWER = wallet(1);

export const side = (
  volume: bigint,
  today: bigint,
  members: number,
  child: Address | null,
  legEnd: Address,
): TeamSide => ({
  volume,
  today,
  members,
  child,
  legEnd,
});

export const TEAM: Team = {
  wallet: VIEWER,
  team: {
    id: '2',
    ownVolume: 100n * E18,
    left: side(1_500n * E18, 500n * E18, 3, wallet(2), wallet(4)),
    right: side(100n * E18, 0n, 1, wallet(3), wallet(3)),
    directCount: 2,
    directVolume: 600n * E18,
  },
  day: DAY,
};

export const SUMMARY: FinanceSummary = {
  units: 6,
  currentValue: 600n * E18,
  rewardLimit: 1_440n * E18,
  rewardGained: 40n * E18,
  rewardRemaining: 1_400n * E18,
  cyclesRemaining: 4,
};

const ledgerRow = (symbol: string, available: bigint) => ({
  token: wallet(symbol === 'USDT' ? 90 : 91),
  symbol,
  credited: available,
  unreleased: 0n,
  released: available,
  withdrawn: 0n,
  reserved: 0n,
  available,
  contributed: 0n,
});

export const LEDGER: LedgerBalances = {
  balances: [ledgerRow('USDT', 12n * E18), ledgerRow('ETRO', 3n * E18)],
  blockNumber: 100n,
  blockTime: DAY + 3_600,
};

const tt = (total: bigint, today: bigint) => ({ total, today });

export const INCOME: IncomeSummary = {
  ep: 1_400n * E18,
  byType: {
    direct: tt(60n * E18, 10n * E18),
    indirect: tt(5n * E18, 0n),
    binary: tt(10n * E18, 0n),
    matching: tt(1n * E18, 0n),
    service_center: tt(2n * E18, 2n * E18),
    personal_pool: tt(3n * E18, 0n),
  },
  burned: tt(7n * E18, 1n * E18),
  loop: { reinvested: 15n * E18, balance: 15n * E18, orders: 0 },
  release: { unreleased: 70n * E18, released: 8n * E18 },
  pendingPrizePool: 9n * E18,
  day: DAY,
};

export const member = (n: number, level: number, ownVolume: bigint): TeamMember => ({
  wallet: wallet(n),
  id: String(n + 1),
  level,
  registeredAt: DAY + n,
  ownVolume,
  packages: null,
});

const node = (
  n: number,
  level: number,
  parent: Address | null,
  s: 0 | 1 | null,
  left: TeamSide,
  right: TeamSide,
): TreeNode => ({
  wallet: wallet(n),
  id: String(n + 1),
  level,
  parent,
  side: s,
  ownVolume: 100n * E18,
  left,
  right,
});

/** The viewer (1) with 2 left (its left child 4, right vacant) and 3 right (both vacant). */
export const TREE: Tree = {
  root: VIEWER,
  up: null,
  nodes: [
    node(
      1,
      0,
      null,
      null,
      side(200n * E18, 100n * E18, 2, wallet(2), wallet(4)),
      side(100n * E18, 0n, 1, wallet(3), wallet(3)),
    ),
    node(2, 1, VIEWER, 0, side(100n * E18, 0n, 1, wallet(4), wallet(4)), side(0n, 0n, 0, null, wallet(2))),
    node(3, 1, VIEWER, 1, side(0n, 0n, 0, null, wallet(3)), side(0n, 0n, 0, null, wallet(3))),
    node(4, 2, wallet(2), 0, side(0n, 0n, 5, wallet(5), wallet(9)), side(0n, 0n, 0, null, wallet(4))),
  ],
  day: DAY,
};

export const ok = <T>(data: T) => ({ data, error: null, retry: () => undefined });
export const failed = (error: unknown) => ({ data: undefined, error, retry: () => undefined });
export const MISSING = new ApiError('NOT_FOUND', 'Not found', 404);

export const pages = <T>(items: readonly T[], hasMore = false) => ({
  data: items,
  error: null,
  hasMore,
  loadingMore: false,
  loadMore: () => undefined,
  retry: () => undefined,
});
