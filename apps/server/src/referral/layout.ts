/**
 * The team-figures layout (docs/decisions/referral.md, "Team figures and indexing"): placement-tree
 * volumes kept per side chain, so that a purchase writes O(turns × log) rows whatever the depth of
 * a straight leg, and a node's figures are read in O(log) rows.
 *
 * The s-chain of an account is the maximal path of s-children through it; its head is its top
 * (the account itself unless it is the s-child of its parent), and every account has a position in
 * each of its two chains counted from the head (head = 0). Chains only grow at their bottom, so
 * heads and positions never change once written.
 *
 * vol_s(N), the sum over N's s-subtree, = Σ over the accounts c below N in N's s-chain of val_s(c),
 * where val_s(c) = own(c) + vol_{1−s}(c). Each chain (head, side) keeps val_s in a Fenwick tree of
 * fixed capacity (`LEG_CAPACITY` positions) indexed in reverse (position p at index CAP − p), so a
 * suffix below a position is a prefix sum, and an update near the head touches few rows.
 *
 * A change of x at account B (a purchase: x = the payment; a registration: x = one member) adds x
 * to val_t(B) in B's parent-edge chain (t = B's side), then climbs the turns only: the head H of that
 * chain is the (1−t)-child of its parent, so x is added to val_{1−t}(H) in H's other chain, and so on
 * to a root (`walkSteps`). Pure: the SQL store (./referralSql.ts) walks the same steps with one
 * recursive query and writes the rows computed here.
 */

/** Positions per chain: a leg can be at most this long (16,777,216 accounts). */
export const LEG_CAPACITY = 1 << 24;

export type Side = 0 | 1;

/** One chain a change climbs through: (head, side) and the position of the changed account in it. */
export type LegStep = { head: number; side: Side; pos: number };

/** A row of a chain's Fenwick tree. */
export type LegKey = { head: number; side: Side; idx: number };

/** What the layout knows of a placed account. `side` and `parentId` are null for a root (genesis). */
export type PlacedAccount = {
  id: number;
  parentId: number | null;
  side: Side | null;
  headLeft: number;
  posLeft: number;
  headRight: number;
  posRight: number;
  depth: number;
};

export const headOf = (a: PlacedAccount, side: Side): number => (side === 0 ? a.headLeft : a.headRight);
export const posOf = (a: PlacedAccount, side: Side): number => (side === 0 ? a.posLeft : a.posRight);

function checkPos(pos: number): void {
  if (!Number.isInteger(pos) || pos < 0 || pos >= LEG_CAPACITY)
    throw new RangeError(`referral layout: chain position ${pos} outside 0…${LEG_CAPACITY - 1}`);
}

/** The Fenwick indices a change at `pos` adds to (reverse indexing: CAP − pos, up to CAP). */
export function legUpdateIndices(pos: number): number[] {
  checkPos(pos);
  const out: number[] = [];
  for (let i = LEG_CAPACITY - pos; i <= LEG_CAPACITY; i += i & -i) out.push(i);
  return out;
}

/**
 * The Fenwick indices whose sum is Σ val over the positions strictly below `pos` (> pos). Index i
 * of the walk covers the positions from CAP − i on; given the chain's last position `endPos`, the
 * indices that start below it hold nothing and are left out, so a short chain is read in few rows
 * (about log2(endPos − pos) + 1) instead of up to 24.
 */
export function legSuffixIndices(pos: number, endPos = LEG_CAPACITY - 1): number[] {
  checkPos(pos);
  const out: number[] = [];
  for (let j = LEG_CAPACITY - pos - 1; j > 0 && LEG_CAPACITY - j <= endPos; j -= j & -j) out.push(j);
  return out;
}

/**
 * The chain fields of an account seated as the `side` child of `parent` (null: a root): it
 * continues the parent's `side` chain one position lower and heads its other chain.
 */
export function seatOf(
  id: number,
  parent: PlacedAccount | null,
  side: Side | null,
): Omit<PlacedAccount, 'id' | 'parentId' | 'side'> {
  if (parent === null || side === null) return { headLeft: id, posLeft: 0, headRight: id, posRight: 0, depth: 0 };
  const pos = posOf(parent, side) + 1;
  checkPos(pos);
  const head = headOf(parent, side);
  return side === 0
    ? { headLeft: head, posLeft: pos, headRight: id, posRight: 0, depth: parent.depth + 1 }
    : { headLeft: id, posLeft: 0, headRight: head, posRight: pos, depth: parent.depth + 1 };
}

/**
 * The chains a change at `start` climbs: from u = start, while u has a parent, the step
 * (head_t(u), t, pos_t(u)) with t = u's side, then u = that head. One step per turn, plus one.
 */
export function walkSteps(start: PlacedAccount, byId: (id: number) => PlacedAccount): LegStep[] {
  const steps: LegStep[] = [];
  for (let u = start; u.side !== null; ) {
    const step = { head: headOf(u, u.side), side: u.side, pos: posOf(u, u.side) };
    steps.push(step);
    u = byId(step.head);
  }
  return steps;
}

/** The Fenwick rows a change climbing `steps` adds to (each key once: chains are distinct). */
export function legUpdateKeys(steps: readonly LegStep[]): LegKey[] {
  return steps.flatMap(({ head, side, pos }) => legUpdateIndices(pos).map((idx) => ({ head, side, idx })));
}

/** The Fenwick rows whose sum is vol_side(account), `endPos` the last position of its chain. */
export function volumeKeys(account: PlacedAccount, side: Side, endPos?: number): LegKey[] {
  const head = headOf(account, side);
  return legSuffixIndices(posOf(account, side), endPos).map((idx) => ({ head, side, idx }));
}

/**
 * Whether `node` is in `viewer`'s placement subtree (the viewer included), from the node's steps
 * (`walkSteps(node)`): the viewer is on the node's path to its root iff it sits in one of the
 * climbed chains at or above the climbing account's position. O(turns).
 */
export function insideTeam(viewer: PlacedAccount, node: PlacedAccount, nodeSteps: readonly LegStep[]): boolean {
  if (viewer.id === node.id) return true;
  if (viewer.depth >= node.depth) return false;
  return nodeSteps.some((s) => headOf(viewer, s.side) === s.head && posOf(viewer, s.side) <= s.pos);
}
