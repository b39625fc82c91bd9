/**
 * A LedgerView computed in the test straight from the vault's and the pair's events on the real
 * chain, up to a block the test chooses ("indexed up to"): it lets the voucher logic run in this
 * process over both store engines with an indexer whose lag the test controls. Bills are not
 * computed here (the server's own ledger is tested with the indexer, test/vault.test.ts).
 */
import { eternoVaultAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import type { Address, Hex, PublicClient } from 'viem';
import type { IndexedWithdrawal, LedgerRow, LedgerView, PairSync } from '../src/vault/ledgerView.ts';

export type ChainLedger = LedgerView & {
  /** Indexes up to `block` (default: the chain head). */
  catchUp(block?: bigint): Promise<void>;
};

export function chainLedger(client: PublicClient, vault: Address, pair: Address): ChainLedger {
  let upTo = -1n;
  let headTime = 0n;
  let headHash: Hex = '0x';
  const low = (a: Address) => a.toLowerCase() as Address;
  let withdrawals: IndexedWithdrawal[] = [];
  let dives: Array<{ user: Address; token: Address; amount: bigint; custom: bigint; blockNumber: bigint }> = [];
  let exchanges: Array<{
    user: Address;
    tokenIn: Address;
    amountIn: bigint;
    tokenOut: Address;
    amountOut: bigint;
    nonce: bigint;
    timestamp: bigint;
    blockNumber: bigint;
  }> = [];
  let withdrawBlocks: Array<{ user: Address; blockNumber: bigint }> = [];
  let syncs: PairSync[] = [];

  const timeOf = async (blockNumber: bigint) => (await client.getBlock({ blockNumber })).timestamp;

  return {
    async catchUp(block) {
      upTo = block ?? (await client.getBlockNumber({ cacheTime: 0 }));
      const indexed = await client.getBlock({ blockNumber: upTo });
      headTime = indexed.timestamp;
      headHash = indexed.hash;
      const range = { fromBlock: 0n, toBlock: upTo };
      const [w, d, x, s] = await Promise.all([
        client.getContractEvents({ address: vault, abi: eternoVaultAbi, eventName: 'Withdrawn', ...range }),
        client.getContractEvents({ address: vault, abi: eternoVaultAbi, eventName: 'DivedIn', ...range }),
        client.getContractEvents({ address: vault, abi: eternoVaultAbi, eventName: 'Exchanged', ...range }),
        client.getContractEvents({ address: pair, abi: uniswapV2PairAbi, eventName: 'Sync', ...range }),
      ]);
      withdrawBlocks = w.map((l) => ({ user: low(l.args.user!), blockNumber: l.blockNumber }));
      withdrawals = await Promise.all(
        w.map(async (l) => ({
          user: low(l.args.user!),
          token: low(l.args.token!),
          amount: l.args.amount!,
          nonce: l.args.nonce!,
          deadline: l.args.deadline!,
          timestamp: await timeOf(l.blockNumber),
          txHash: l.transactionHash,
        })),
      );
      dives = d.map((l) => ({
        user: low(l.args.user!),
        token: low(l.args.token!),
        amount: l.args.amount!,
        custom: l.args.custom!,
        blockNumber: l.blockNumber,
      }));
      exchanges = await Promise.all(
        x.map(async (l) => ({
          user: low(l.args.user!),
          tokenIn: low(l.args.tokenIn!),
          amountIn: l.args.amountIn!,
          tokenOut: low(l.args.tokenOut!),
          amountOut: l.args.amountOut!,
          nonce: l.args.nonce!,
          timestamp: await timeOf(l.blockNumber),
          blockNumber: l.blockNumber,
        })),
      );
      syncs = await Promise.all(
        s.map(async (l) => ({
          reserve0: l.args.reserve0!,
          reserve1: l.args.reserve1!,
          timestamp: await timeOf(l.blockNumber),
          blockNumber: l.blockNumber,
          logIndex: l.logIndex,
        })),
      );
    },

    async head() {
      return upTo < 0n ? null : { blockNumber: upTo, timestamp: headTime };
    },

    async snapshot(user) {
      const rows = new Map<Address, LedgerRow>();
      const row = (token: Address) => {
        const r = rows.get(token) ?? {
          token,
          credited: 0n,
          unreleased: 0n,
          released: 0n,
          withdrawn: 0n,
          contributed: 0n,
        };
        rows.set(token, r);
        return r;
      };
      for (const d of dives)
        if (d.user === user && d.custom === 0n) {
          const r = row(d.token);
          r.credited += d.amount;
          r.released += d.amount;
          r.contributed += d.amount;
        }
      for (const w of withdrawals) if (w.user === user) row(w.token).withdrawn += w.amount;
      const blocks = [
        ...dives.filter((d) => d.user === user),
        ...withdrawBlocks.filter((w) => w.user === user),
        ...exchanges.filter((x) => x.user === user),
      ].map((e) => e.blockNumber);
      return {
        lastBlock: blocks.length === 0 ? null : blocks.reduce((a, b) => (a > b ? a : b)),
        head: await this.head(),
        deposits: dives.filter((d) => d.user === user).length,
        withdrawals: withdrawals.filter((w) => w.user === user).length,
        exchanges: exchanges.filter((x) => x.user === user).length,
        balances: [...rows.values()],
      };
    },

    async withdrawalsOf(keys) {
      return withdrawals.filter((w) => keys.some((k) => k.user === w.user && k.nonce === w.nonce));
    },

    async exchangedOutSince(user, tokenOut, since) {
      return exchanges
        .filter((x) => x.user === user && x.tokenOut === tokenOut && x.timestamp >= since)
        .reduce((sum, x) => sum + x.amountOut, 0n);
    },

    async vaultExchangedOutSince(tokenOut, since) {
      return exchanges
        .filter((x) => x.tokenOut === tokenOut && x.timestamp >= since)
        .reduce((sum, x) => sum + x.amountOut, 0n);
    },

    async exchangesOf(keys) {
      return exchanges
        .filter((x) => keys.some((k) => k.user === x.user && k.nonce === x.nonce))
        .map((x) => ({ user: x.user, nonce: x.nonce, blockNumber: x.blockNumber }));
    },

    async vaultSnapshot() {
      const owed = new Map<Address, bigint>();
      const users = new Set([...dives.map((d) => d.user), ...withdrawals.map((w) => w.user)]);
      for (const user of users)
        for (const r of (await this.snapshot(user)).balances)
          if (r.credited > r.withdrawn) owed.set(r.token, (owed.get(r.token) ?? 0n) + r.credited - r.withdrawn);
      return { head: upTo < 0n ? null : { blockNumber: upTo, timestamp: headTime, hash: headHash }, owed };
    },

    async bestEusdAsk() {
      return null;
    },

    async pairSyncsSince(since) {
      const before = syncs.filter((s) => s.timestamp < since).at(-1);
      return [...(before ? [before] : []), ...syncs.filter((s) => s.timestamp >= since)];
    },

    async bills() {
      return [];
    },
  };
}
