/**
 * Is this API process ready for traffic: it can read the indexer's database, and the block it
 * answers at (the `indexed_head` row, written after every log of its block) is at most
 * `maxLagBlocks` behind the chain's head as the RPC node sees it. One check runs at a time and its
 * answer is kept `cacheMs` (a burst of probes or scrapes costs one database read and one RPC call).
 */

/** Why the process is not ready. */
export type NotReadyCode =
  /** The database did not answer the read of the indexed block. */
  | 'DATABASE_UNAVAILABLE'
  /** The database answered, but no block is indexed yet. */
  | 'NOT_INDEXED_YET'
  /** The RPC node did not tell the chain's head. */
  | 'CHAIN_UNAVAILABLE'
  /** The indexed block is more than `maxLagBlocks` behind the chain's head. */
  | 'INDEXER_LAGGING';

export const NOT_READY_MESSAGES: Readonly<Record<NotReadyCode, string>> = {
  DATABASE_UNAVAILABLE: "The indexer's database could not be read",
  NOT_INDEXED_YET: 'No block is indexed yet',
  CHAIN_UNAVAILABLE: "The RPC node did not answer the chain's head",
  INDEXER_LAGGING: 'The indexer is further behind the chain than allowed',
};

export type ReadinessReport = {
  ready: boolean;
  /** The block the API answers at (null: unknown). */
  indexedBlock: number | null;
  /** The chain's head by the RPC node (null: unknown). */
  chainHead: number | null;
  /** chainHead − indexedBlock, never below 0 (null: either is unknown). */
  lagBlocks: number | null;
  maxLagBlocks: number;
  error?: { code: NotReadyCode; message: string };
};

export type ReadinessDeps = {
  /** The indexed block's number (null before the first); throws when the database cannot be read. */
  indexedBlock: () => Promise<bigint | null>;
  /** The chain's latest block number; throws when the RPC node does not answer. */
  chainHead: () => Promise<bigint>;
  maxLagBlocks: number;
  cacheMs?: number;
  /** Milliseconds (tests). */
  now?: () => number;
};

export type Readiness = () => Promise<ReadinessReport>;

export const DEFAULT_READY_CACHE_MS = 1_000;

async function check({ indexedBlock, chainHead, maxLagBlocks }: ReadinessDeps): Promise<ReadinessReport> {
  const [indexed, head] = await Promise.allSettled([indexedBlock(), chainHead()]);
  const indexedNumber = indexed.status === 'fulfilled' && indexed.value !== null ? Number(indexed.value) : null;
  const headNumber = head.status === 'fulfilled' ? Number(head.value) : null;
  const lagBlocks = indexedNumber !== null && headNumber !== null ? Math.max(headNumber - indexedNumber, 0) : null;
  const code: NotReadyCode | null =
    indexed.status === 'rejected'
      ? 'DATABASE_UNAVAILABLE'
      : indexed.value === null
        ? 'NOT_INDEXED_YET'
        : headNumber === null
          ? 'CHAIN_UNAVAILABLE'
          : lagBlocks! > maxLagBlocks
            ? 'INDEXER_LAGGING'
            : null;
  return {
    ready: code === null,
    indexedBlock: indexedNumber,
    chainHead: headNumber,
    lagBlocks,
    maxLagBlocks,
    ...(code === null ? {} : { error: { code, message: NOT_READY_MESSAGES[code] } }),
  };
}

export function readiness(deps: ReadinessDeps): Readiness {
  const cacheMs = deps.cacheMs ?? DEFAULT_READY_CACHE_MS;
  const now = deps.now ?? Date.now;
  let last: { at: number; report: Promise<ReadinessReport> } | null = null;
  return () => {
    if (last === null || now() - last.at >= cacheMs) last = { at: now(), report: check(deps) };
    return last.report;
  };
}

/** The chain's head by a JSON-RPC `eth_blockNumber` (2 s at most). */
export function rpcChainHead(rpcUrl: string, timeoutMs = 2_000): () => Promise<bigint> {
  return async () => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json()) as { result?: unknown };
    if (typeof body.result !== 'string' || !/^0x[0-9a-f]+$/i.test(body.result))
      throw new Error(`eth_blockNumber: no block number in the answer (HTTP ${res.status})`);
    return BigInt(body.result);
  };
}
