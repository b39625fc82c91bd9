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
  /** Energy value (ECONOMY §4, USDT 18 decimals): what the active orders can still earn; null when not registered. */
  ep: string | null;
  registeredAt: string | null;
}

/**
 * `GET /referral/settings` (public): the dynamic income rules in force on the indexed day (the
 * server's referral settings, ECONOMY §4), for the help document. Rates in basis points.
 */
export interface ReferralSettingsJson {
  /** Since when this version is in force (00:00 UTC, unix seconds). */
  effectiveFrom: string;
  /** Level 1 (the inviter). */
  directBps: number;
  /** Levels 2, 3, … in order. */
  indirectBps: number[];
  /** Of the weaker side's new volume plus its carry, daily, capped at the earner's active payments. */
  binaryBps: number;
  /** Of what the inviter's invitee was paid as binary income. */
  matchingBps: number;
  /** Of each payment, to the nearest service centre among the buyer's inviter levels. */
  serviceCenterBps: number;
  /** Of each payment, to the day's prize pool, shared by the top `prizePoolWinners`. */
  prizePoolBps: number;
  prizePoolWinners: number;
  /** Of every paid dynamic income, into the loop balance. */
  loopBps: number;
  /** The finance package a loop order is made of (its price is the loop unit). */
  loopPackageId: number;
  /** Days over which a credited income releases linearly. */
  releaseDays: number;
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
    /** Σ the own package payments of the accounts it invited (the "recommend volume"), USDT 18 decimals. */
    directVolume: string;
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
/**
 * The packages an account bought (finance orders it paid, not loop orders): the first one, and how
 * many it bought in all. null: none yet.
 */
export interface PackagesBoughtJson {
  /** The first package bought: its catalogue id, units and the payment (USDT, 18 decimals). */
  first: { packageId: number; units: number; payment: string };
  count: number;
}

export interface TeamMemberJson {
  wallet: Hex;
  id: string;
  /** 1 = invited by the viewer, 2–10 through level − 1 others. */
  level: number;
  registeredAt: string;
  ownVolume: string;
  packages: PackagesBoughtJson | null;
}

/** `GET /referral/direct` and `/referral/indirect`: newest first by id; `before` = `nextBefore`. */
export interface TeamMembersPageJson {
  items: TeamMemberJson[];
  nextBefore: string | null;
}

/** The levels the indirect list covers (ECONOMY §4: indirect incomes of levels 2–10). */
export const INDIRECT_LEVELS = { min: 2, max: 10 } as const;

/* ------------------------------------------------------------------------------------------------
 * Registration and invitations (issue 10). The invitations live in the server's own store (ECONOMY
 * §1: off-chain state), never in Ponder's tables; an invitation's state is judged against the
 * indexed registry.
 * --------------------------------------------------------------------------------------------- */

/** Automatic: the outermost vacant seat of the side; manual: under a contact inside the inviter's team. */
export type PlacementMode = 'auto' | 'manual';

/**
 * `POST /referral/invitations` (session = the inviter, who must be registered): the spec's invite
 * register form. `inviteCode` is the inviter's own code (the form shows it prefilled); `contact` is
 * required for `manual` and must be null for `auto`.
 */
export interface InvitationRequestJson {
  invitee: string;
  placement: PlacementMode;
  contact: string | null;
  side: ReferralSide;
  inviteCode: string;
}

/**
 * `open`: the invitee has not registered yet; `registered`: it registered with this inviter;
 * `registered_elsewhere`: it registered otherwise (another inviter or seat); `seat_taken`: a manual
 * invitation whose seat someone else took (the invitee can still register automatically).
 */
export type InvitationState = 'open' | 'registered' | 'registered_elsewhere' | 'seat_taken';

export interface InvitationJson {
  id: string;
  inviter: Hex;
  inviteCode: string;
  invitee: Hex;
  placement: PlacementMode;
  contact: Hex | null;
  side: ReferralSide;
  createdAt: string;
  state: InvitationState;
  registeredAt: string | null;
  /** What the invitee bought once registered as invited (`state` registered), else null. */
  packages: PackagesBoughtJson | null;
  /** The link's path and query, relative to the web origin: `/register?invitation=<id>`. */
  link: string;
}

/** `GET /referral/invitations?before=` (session: the inviter's records, newest first). */
export interface InvitationsPageJson {
  items: InvitationJson[];
  nextBefore: string | null;
}

/**
 * `GET /referral/invitations/:id` (public: what an invitation link prefills) → `InvitationJson`;
 * `GET /referral/invitations/pending` (session: the newest open invitation addressed to the session's
 * wallet) → `{ invitation: InvitationJson | null }`.
 */
export interface PendingInvitationJson {
  invitation: InvitationJson | null;
}

/**
 * `POST /referral/placements` (session = the registrant): the placement signer's approval of a manual
 * seat (`registerUnder`), given only when `contact` is inside `inviter`'s team and its `side` seat is
 * free. Not needed when contact = inviter.
 */
export interface PlacementRequestJson {
  inviter: string;
  contact: string;
  side: ReferralSide;
}

export interface PlacementApprovalJson {
  user: Hex;
  inviter: Hex;
  contact: Hex;
  side: ReferralSide;
  /** Unix seconds; the registry refuses it after (PLACEMENT_EXPIRED). */
  deadline: string;
  signature: Hex;
}

/* ------------------------------------------------------------------------------------------------
 * Dynamic incomes (ECONOMY §4, issue 10): every one is a bill; these are the screens' summaries.
 * --------------------------------------------------------------------------------------------- */

/** The dynamic income bill types (the spec's names), in the order the income screen lists them. */
export const DYNAMIC_INCOME_TYPES = [
  'direct',
  'indirect',
  'binary',
  'matching',
  'service_center',
  'personal_pool',
] as const;
export type DynamicIncomeType = (typeof DYNAMIC_INCOME_TYPES)[number];

/** An amount all time and for today (the UTC day of the latest indexed block). */
export interface TotalTodayJson {
  total: string;
  today: string;
}

/** `GET /referral/income` (session): Assets › income and the Mine summary's referral figures. */
export interface IncomeSummaryJson {
  /** Energy value: Σ reward limits of the active orders − rewards gained (USDT). */
  ep: string;
  /** Incomes earned per type, before the loop share (USDT; `personal_pool` in EUSD). */
  byType: Record<DynamicIncomeType, TotalTodayJson>;
  /** Incomes not paid because they exceeded `ep` (the `burn` bills). */
  burned: TotalTodayJson;
  /** Loop reinvestment: the share put aside, the part not yet a full unit, the loop orders made. */
  loop: { reinvested: string; balance: string; orders: number };
  /** Incomes credited unreleased, released so far (20-day linear release: `unlock_income` bills). */
  release: { unreleased: string; released: string };
  /** Today's prize pool so far (EUSD), paid at the settlement to the day's top 10. */
  pendingPrizePool: string;
  day: string;
}

/** One settled day of the binary (balance) income. */
export interface BinaryDayJson {
  day: string;
  leftNew: string;
  rightNew: string;
  leftCarryIn: string;
  rightCarryIn: string;
  /** The weaker side's volume (new + carry) that was matched. */
  matched: string;
  /** What the day's rate gave before the cap. */
  income: string;
  /** The part cut by the daily cap (the earner's active payments). */
  capped: string;
  leftCarryOut: string;
  rightCarryOut: string;
}

/** `GET /referral/binary?before=` (session): the framework's binary detail, newest day first. */
export interface BinaryDaysPageJson {
  items: BinaryDayJson[];
  nextBefore: string | null;
}
