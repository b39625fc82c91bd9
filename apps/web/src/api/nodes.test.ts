import { describe, expect, it, vi } from 'vitest';
import type { NodeAccountJson, NodeDetailJson, NodeJson, NodePoolResponseJson } from '@eterno/protocol/nodesApi';
import { ApiError } from '../session/ApiError.ts';
import { IndexerResponseError } from './indexer.ts';
import { fetchNode, fetchNodeAccount, fetchNodePool, fetchNodes } from './nodes.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TX = `0x${'ab'.repeat(32)}` as const;
const API = { apiUrl: 'http://api.test/' };

const stubFetch = (body: unknown, status = 200) =>
  vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

const NODE: NodeJson = {
  nodeId: '1',
  master: ALICE.toLowerCase() as `0x${string}`,
  partnerTokenId: '7',
  name: 'Alpha',
  description: '',
  shareBps: 1500,
  weight: 6,
  members: 1,
  staked: '10000000000000000000000',
  votes: '2500000000000000000000',
  open: true,
  closeAt: null,
  rewardTotal: '12345678',
  lastReward: '2345678',
  lastRewardDay: '1700006400',
  createdAt: '1700000000',
  createdTx: TX,
};

const PARSED = {
  nodeId: 1n,
  master: ALICE,
  partnerTokenId: 7n,
  name: 'Alpha',
  description: '',
  shareBps: 1500,
  weight: 6,
  members: 1,
  staked: 10_000n * 10n ** 18n,
  votes: 2_500n * 10n ** 18n,
  open: true,
  closeAt: null,
  rewardTotal: 12_345_678n,
  lastReward: 2_345_678n,
  lastRewardDay: 1_700_006_400,
  createdAt: 1_700_000_000,
  createdTx: TX,
};

describe('the nodes API client', () => {
  it('reads an announced close as unix seconds', async () => {
    const fetch = stubFetch({ nodes: [{ ...NODE, closeAt: '1700604800' }], nextAfter: null });
    const page = await fetchNodes({}, { ...API, fetch });
    expect(page.items[0]!.closeAt).toBe(1_700_604_800);
  });

  it('GETs the open nodes with the `after` cursor; an empty description is kept, a node with no reward yet has nulls', async () => {
    const fetch = stubFetch({
      nodes: [NODE, { ...NODE, nodeId: '2', lastReward: null, lastRewardDay: null }],
      nextAfter: '2500000000000000000000:1',
    });
    const page = await fetchNodes({ limit: 2, after: '3:4' }, { ...API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/nodes?limit=2&after=3%3A4');
    expect(page).toEqual({
      items: [PARSED, { ...PARSED, nodeId: 2n, lastReward: null, lastRewardDay: null }],
      nextAfter: '2500000000000000000000:1',
    });
  });

  it('reads a node with its NFTs and settled days, and refuses an answer about another node', async () => {
    const body: NodeDetailJson = {
      node: NODE,
      members: [
        { account: NODE.master, role: 'master', tokenId: '7', weight: 4, joinedAt: '1700000000', txHash: TX },
        {
          account: BOB.toLowerCase() as `0x${string}`,
          role: 'member',
          tokenId: '9',
          weight: 2,
          joinedAt: '1700000100',
          txHash: TX,
        },
      ],
      rewards: [{ day: '1700006400', nodeId: '1', power: '15000', reward: '2345678', masterReward: '351851' }],
    };
    const fetch = stubFetch(body);
    const detail = await fetchNode(1n, { ...API, fetch });
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/nodes/1');
    expect(detail.node).toEqual(PARSED);
    expect(detail.members.map((m) => [m.account, m.role, m.tokenId, m.weight])).toEqual([
      [ALICE, 'master', 7n, 4],
      [BOB, 'member', 9n, 2],
    ]);
    expect(detail.rewards).toEqual([
      { day: 1_700_006_400, nodeId: 1n, power: 15_000n, reward: 2_345_678n, masterReward: 351_851n },
    ]);
    await expect(fetchNode(2n, { ...API, fetch: stubFetch(body) })).rejects.toThrow(IndexerResponseError);
  });

  it("reads an account's membership and votes, or none", async () => {
    const body: NodeAccountJson = {
      membership: { nodeId: '1', role: 'member', tokenId: '9', weight: 2 },
      waiting: null,
      votes: [{ nodeId: '1', amount: '5' }],
      rewardTotal: '10',
      lastReward: null,
    };
    const fetch = stubFetch(body);
    expect(await fetchNodeAccount(BOB, { ...API, fetch })).toEqual({
      membership: { nodeId: 1n, role: 'member', tokenId: 9n, weight: 2 },
      waiting: null,
      votes: [{ nodeId: 1n, amount: 5n }],
      rewardTotal: 10n,
      lastReward: null,
    });
    expect(fetch.mock.calls[0]![0]).toBe(`http://api.test/nodes/account/${BOB}`);
    const none = await fetchNodeAccount(BOB, {
      ...API,
      fetch: stubFetch({ membership: null, waiting: null, votes: [], rewardTotal: '0', lastReward: null }),
    });
    expect(none.membership).toBeNull();
  });

  it('reads the entry NFT waiting in a closed node, and refuses a malformed one', async () => {
    const body: NodeAccountJson = {
      membership: null,
      waiting: { nodeId: '2', name: 'Beta', tokenId: '9' },
      votes: [],
      rewardTotal: '0',
      lastReward: null,
    };
    expect((await fetchNodeAccount(BOB, { ...API, fetch: stubFetch(body) })).waiting).toEqual({
      nodeId: 2n,
      name: 'Beta',
      tokenId: 9n,
    });
    for (const waiting of [{ nodeId: '2', name: 'Beta', tokenId: '-9' }, { nodeId: '2', tokenId: '9' }, undefined])
      await expect(fetchNodeAccount(BOB, { ...API, fetch: stubFetch({ ...body, waiting }) })).rejects.toThrow(
        /waiting/,
      );
  });

  it("reads the pool's days, today's pool and the pool rate", async () => {
    const body: NodePoolResponseJson = {
      days: [{ day: '1700006400', pool: '100', paid: '100', power: '15000' }],
      nextBefore: '1700006400',
      today: '42',
      poolBps: 100,
    };
    const fetch = stubFetch(body);
    expect(await fetchNodePool({ limit: 1 }, { ...API, fetch })).toEqual({
      days: [{ day: 1_700_006_400, pool: 100n, paid: 100n, power: 15_000n }],
      nextBefore: '1700006400',
      today: 42n,
      poolBps: 100,
    });
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/nodes/rewards?limit=1');
  });

  it('refuses a malformed field (a float amount, an unknown role, a missing name) and passes on a server refusal', async () => {
    await expect(
      fetchNodes({}, { ...API, fetch: stubFetch({ nodes: [{ ...NODE, votes: '1.5' }], nextAfter: null }) }),
    ).rejects.toThrow(/nodes\[0\]\.votes/);
    await expect(
      fetchNodeAccount(BOB, {
        ...API,
        fetch: stubFetch({
          membership: { nodeId: '1', role: 'owner', tokenId: '9', weight: 2 },
          waiting: null,
          votes: [],
          rewardTotal: '0',
          lastReward: null,
        }),
      }),
    ).rejects.toThrow(IndexerResponseError);
    await expect(
      fetchNodes({}, { ...API, fetch: stubFetch({ nodes: [{ ...NODE, name: '' }], nextAfter: null }) }),
    ).rejects.toThrow(/name/);
    const refused = fetchNode(99n, {
      ...API,
      fetch: stubFetch({ error: { code: 'NOT_FOUND', message: 'no node 99' } }, 404),
    });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});
