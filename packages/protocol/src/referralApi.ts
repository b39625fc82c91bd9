/**
 * The wire format of the referral API (apps/server: /referral/*), shared by the server, which writes
 * it, and the web client, which parses it. Conventions as in `vaultApi.ts`: every uint256 and every
 * unix time in seconds is a decimal string, addresses lower-case hex; ids are decimal strings.
 *
 * `GET /referral/account/:address` and `GET /referral/team/:address` are public (every figure is
 * derived from public chain events). `GET /referral/tree/:address`, `/referral/direct` and
 * `/referral/indirect` need the session token: the tree only for the session's own address and
 * only around a node inside its placement subtree ("team"); the lists are the session user's.
 * Rules: ../../../docs/decisions/referral.md ("Team figures and indexing") and ECONOMY §3.
 */

type Hex = `0x${string}`;

/** 0 = left, 1 = right (the registry's `side`). */
export type ReferralSide = 0 | 1;

/** `GET /referral/account/:address`: the account info of ECONOMY §3 (null fields: not registered). */
export interface ReferralAccountJson {
  wallet: Hex;
  registered: boolean;
  id: string | null;
  isOriginal: boolean | null;
  /** Service-centre level (`is_service`), 0 = none. */
  serviceLevel: number | null;
  inviterId: string | null;
  inviter: Hex | null;
  /** The account it sits under in the binary tree, and on which side. */
  parent: Hex | null;
  side: ReferralSide | null;
  /** Energy value (ECONOMY §4): null until the dynamic incomes are indexed. */
  ep: string | null;
  registeredAt: string | null;
}

/** One side of a node's team figures. */
export interface TeamSideJson {
  /** Σ package payments in that subtree, USDT 18 decimals. */
  volume: string;
  /** The part of `volume` paid today (UTC day of the latest indexed block). */
  today: string;
  /** Accounts in that subtree. */
  members: number;
  /** The child on that side, null when the seat is vacant. */
  child: Hex | null;
  /** The outermost vacant seat of that leg: automatic placement on that side seats under it. */
  legEnd: Hex;
}

/** `GET /referral/team/:address`: the node's team figures (null `team`: not registered). */
export interface TeamFiguresJson {
  wallet: Hex;
  team: {
    id: string;
    /** Its own package payments. */
    ownVolume: string;
    left: TeamSideJson;
    right: TeamSideJson;
    /** Accounts it invited (level 1). */
    directCount: number;
  } | null;
  /** The UTC day `today` counts (its 00:00, unix seconds), from the latest indexed block. */
  day: string;
}

/** One node of the tree view. */
export interface TreeNodeJson {
  wallet: Hex;
  id: string;
  /** Levels below the viewer (0 = the viewer). */
  level: number;
  /** Its parent in the view (null for the view's root). */
  parent: Hex | null;
  side: ReferralSide | null;
  ownVolume: string;
  left: TeamSideJson;
  right: TeamSideJson;
}

/** `GET /referral/tree/:address?root=`: the view's root and up to `TREE_LEVELS` levels below it. */
export interface TreeJson {
  /** The node the view is around (`root`, default the viewer). */
  root: Hex;
  /** The root's parent when it is inside the viewer's team (for "back"), else null. */
  up: Hex | null;
  nodes: TreeNodeJson[];
  day: string;
}

/** Levels shown below the tree view's root (root + 2 levels: at most 7 nodes). */
export const TREE_LEVELS = 2;

/** A row of the direct (level 1) or indirect (levels 2–10) list. */
export interface TeamMemberJson {
  wallet: Hex;
  id: string;
  /** 1 = invited by the viewer, 2–10 through level − 1 others. */
  level: number;
  registeredAt: string;
  ownVolume: string;
}

/** `GET /referral/direct` and `/referral/indirect`: newest first by id; `before` = `nextBefore`. */
export interface TeamMembersPageJson {
  items: TeamMemberJson[];
  nextBefore: string | null;
}

/** The levels the indirect list covers (ECONOMY §4: indirect incomes of levels 2–10). */
export const INDIRECT_LEVELS = { min: 2, max: 10 } as const;
