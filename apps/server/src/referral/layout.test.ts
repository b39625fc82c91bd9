import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insideTeam, LEG_CAPACITY, legSuffixIndices, legUpdateIndices, legUpdateKeys, type Side } from './layout.ts';
import { LegTree } from './legTree.ts';

/** Brute force: the subtree under `id`'s `side` seat, by walking the children. */
function subtree(tree: LegTree, id: number, side: Side): number[] {
  const top = tree.children.get(id)![side];
  const out: number[] = [];
  const stack = top === 0 ? [] : [top];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    for (const c of tree.children.get(n)!) if (c !== 0) stack.push(c);
  }
  return out;
}

/** Brute force: is `node` under (or equal to) `viewer`, by walking its parents. */
function bruteInside(tree: LegTree, viewer: number, node: number): boolean {
  for (let n: number | null = node; n !== null; n = tree.byId(n).parentId) if (n === viewer) return true;
  return false;
}

type Op =
  | { kind: 'auto'; inviter: number; side: Side }
  | { kind: 'manual'; contact: number; side: Side }
  | { kind: 'buy'; who: number; amount: bigint }
  | { kind: 'root' };

const side = fc.constantFrom<Side>(0, 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('auto' as const), inviter: fc.nat(), side }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('manual' as const), contact: fc.nat(), side }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('buy' as const), who: fc.nat(), amount: fc.bigInt(1n, 10n ** 24n) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'root' as const }) },
);

function build(ops: Op[]): { tree: LegTree; own: Map<number, bigint> } {
  const tree = new LegTree();
  const own = new Map<number, bigint>();
  tree.addRoot();
  for (const o of ops) {
    const n = tree.accounts.length;
    if (o.kind === 'root') tree.addRoot();
    else if (o.kind === 'auto') tree.seatUnder(tree.legEnd(1 + (o.inviter % n), o.side), o.side);
    else if (o.kind === 'manual') {
      const contact = 1 + (o.contact % n);
      if (tree.children.get(contact)![o.side] === 0) tree.seatUnder(contact, o.side);
    } else {
      const who = 1 + (o.who % n);
      tree.add(who, o.amount, 0);
      own.set(who, (own.get(who) ?? 0n) + o.amount);
    }
  }
  return { tree, own };
}

describe('Fenwick indices', () => {
  it('a suffix below p is the sum of the updates at positions above p', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { maxLength: 40 }), fc.nat(300), (updated, p) => {
        const sums = new Map<number, number>();
        updated.forEach((pos, i) => {
          for (const idx of legUpdateIndices(pos)) sums.set(idx, (sums.get(idx) ?? 0) + i + 1);
        });
        const got = legSuffixIndices(p).reduce((s, idx) => s + (sums.get(idx) ?? 0), 0);
        const want = updated.reduce((s, pos, i) => (pos > p ? s + i + 1 : s), 0);
        expect(got).toBe(want);
      }),
    );
  });

  it('leaving out the indices that start below the chain’s last position changes no sum', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { maxLength: 40 }), fc.nat(300), (updated, p) => {
        const endPos = Math.max(p, ...updated);
        const sums = new Map<number, number>();
        updated.forEach((pos, i) => {
          for (const idx of legUpdateIndices(pos)) sums.set(idx, (sums.get(idx) ?? 0) + i + 1);
        });
        const sum = (idx: number[]) => idx.reduce((s, i) => s + (sums.get(i) ?? 0), 0);
        expect(sum(legSuffixIndices(p, endPos))).toBe(sum(legSuffixIndices(p)));
      }),
    );
    expect(legSuffixIndices(0, 0)).toEqual([]);
    expect(legSuffixIndices(3, 4)).toEqual([LEG_CAPACITY - 4]);
    expect(legSuffixIndices(9_990, 10_000).length).toBeLessThanOrEqual(5);
  });

  it('touches few rows near the head and at most log2(capacity) + 1 anywhere', () => {
    expect(legUpdateIndices(0)).toEqual([LEG_CAPACITY]);
    expect(legUpdateIndices(1)).toEqual([LEG_CAPACITY - 1, LEG_CAPACITY]);
    expect(legUpdateIndices(10_000).length).toBeLessThanOrEqual(15);
    expect(legUpdateIndices(LEG_CAPACITY - 1).length).toBe(25);
    expect(legSuffixIndices(LEG_CAPACITY - 1)).toEqual([]);
    expect(() => legUpdateIndices(LEG_CAPACITY)).toThrow(RangeError);
    expect(() => legSuffixIndices(-1)).toThrow(RangeError);
  });
});

describe('team figures from the chains', () => {
  it('every node’s left / right volume and members equal a brute-force walk of its subtrees', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const { tree, own } = build(ops);
        for (const a of tree.accounts) {
          for (const s of [0, 1] as const) {
            const below = subtree(tree, a.id, s);
            const want = below.reduce((sum, n) => sum + (own.get(n) ?? 0n), 0n);
            expect(tree.sums(a.id, s)).toEqual({ volume: want, members: below.length });
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('automatic placement seats at the end of the inviter’s leg (the outermost vacant seat)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.nat(), side, (ops, pick, s) => {
        const { tree } = build(ops);
        const inviter = 1 + (pick % tree.accounts.length);
        let walk = inviter;
        while (tree.children.get(walk)![s] !== 0) walk = tree.children.get(walk)![s];
        expect(tree.legEnd(inviter, s)).toBe(walk);
      }),
    );
  });

  it('insideTeam agrees with walking the parents, for every pair', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const { tree } = build(ops);
        for (const node of tree.accounts) {
          const steps = tree.steps(node.id);
          for (const viewer of tree.accounts)
            expect(insideTeam(viewer, node, steps)).toBe(bruteInside(tree, viewer.id, node.id));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a purchase at the bottom of a 10,000-deep straight leg climbs one chain', () => {
    const tree = new LegTree();
    tree.addRoot();
    for (let i = 0; i < 10_000; i++) tree.seatUnder(tree.legEnd(1, 0), 0);
    const bottom = tree.accounts.length;
    const steps = tree.steps(bottom);
    expect(steps).toEqual([{ head: 1, side: 0, pos: 10_000 }]);
    expect(legUpdateKeys(steps).length).toBeLessThanOrEqual(15);
    tree.add(bottom, 7n, 0);
    expect(tree.sums(1, 0)).toEqual({ volume: 7n, members: 10_000 });
    expect(tree.sums(5_001, 0)).toEqual({ volume: 7n, members: 5_000 });
    expect(tree.sums(bottom, 0)).toEqual({ volume: 0n, members: 0 });
  });
});
