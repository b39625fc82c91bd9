/**
 * The layout of ./layout.ts held in memory: a placement tree grown by automatic (the end of a
 * leg, as the registry's `legEnd`) or manual placement, with the chains' Fenwick rows. The
 * property tests compare it with a brute-force walk of the tree; the benchmarks build their
 * synthetic trees with it and write its rows to the database.
 */
import {
  headOf,
  legUpdateKeys,
  posOf,
  seatOf,
  volumeKeys,
  walkSteps,
  type LegStep,
  type PlacedAccount,
  type Side,
} from './layout.ts';

export type LegSums = { volume: bigint; members: number };

const keyOf = (head: number, side: Side, idx: number): string => `${head}:${side}:${idx}`;

export class LegTree {
  readonly accounts: PlacedAccount[] = [];
  /** Children per account id: [left, right] (0 = vacant). */
  readonly children = new Map<number, [number, number]>();
  /** The Fenwick rows, keyed `head:side:idx`. */
  readonly rows = new Map<string, LegSums>();
  /** The bottom of each chain, keyed `head:side` (what the registry keeps as end_s). */
  private readonly ends = new Map<string, number>();

  byId = (id: number): PlacedAccount => {
    const a = this.accounts[id - 1];
    if (a === undefined) throw new RangeError(`no account ${id}`);
    return a;
  };

  /** A genesis root. */
  addRoot(): number {
    return this.seat(null, null);
  }

  /** The account whose `side` seat is the outermost vacant one under `inviter` (the leg's end). */
  legEnd(inviter: number, side: Side): number {
    return this.ends.get(`${headOf(this.byId(inviter), side)}:${side}`) ?? inviter;
  }

  /** Seat a new account as the `side` child of `contact` (its seat must be vacant). */
  seatUnder(contact: number, side: Side): number {
    const seats = this.children.get(contact);
    if (seats === undefined || seats[side] !== 0) throw new Error(`seat ${contact}/${side} is not vacant`);
    return this.seat(this.byId(contact), side);
  }

  private seat(parent: PlacedAccount | null, side: Side | null): number {
    const id = this.accounts.length + 1;
    const account: PlacedAccount = { id, parentId: parent?.id ?? null, side, ...seatOf(id, parent, side) };
    this.accounts.push(account);
    this.children.set(id, [0, 0]);
    if (parent !== null && side !== null) {
      this.children.get(parent.id)![side] = id;
      this.ends.set(`${headOf(account, side)}:${side}`, id);
    }
    this.add(id, 0n, 1);
    return id;
  }

  steps(id: number): LegStep[] {
    return walkSteps(this.byId(id), this.byId);
  }

  /** A change at account `id`: `volume` more payments, `members` more accounts. */
  add(id: number, volume: bigint, members: number): void {
    for (const { head, side, idx } of legUpdateKeys(this.steps(id))) {
      const key = keyOf(head, side, idx);
      const row = this.rows.get(key) ?? { volume: 0n, members: 0 };
      this.rows.set(key, { volume: row.volume + volume, members: row.members + members });
    }
  }

  /** vol_side(id) and the member count of that side, from the Fenwick rows (those the chain's length can fill). */
  sums(id: number, side: Side): LegSums {
    let volume = 0n;
    let members = 0;
    const account = this.byId(id);
    for (const k of volumeKeys(account, side, posOf(this.byId(this.legEnd(id, side)), side))) {
      const row = this.rows.get(keyOf(k.head, k.side, k.idx));
      if (row !== undefined) {
        volume += row.volume;
        members += row.members;
      }
    }
    return { volume, members };
  }
}
