/**
 * Everything the vault routes are built from: the deployed vault and its tokens, the EULP pair
 * (the exchange's ETRO price) and the EUSD market (EUSD's market price), the signer, the chain reads,
 * the indexed ledger and what of it is final, the voucher and quote stores, the settings, the clock and
 * the server log. Built once at start (./open.ts); tests build it over a real chain.
 */
import type { Address } from 'viem';
import type { QuoteStore } from '../store/quoteStore.ts';
import type { VoucherStore } from '../store/voucherStore.ts';
import type { VaultChain } from './chain.ts';
import type { Finality } from './finality.ts';
import type { LedgerView } from './ledgerView.ts';
import type { VaultSettings } from './settings.ts';
import type { Reserve } from './solvency.ts';
import type { VaultSigner } from './signer.ts';

/** The tokens the vault takes and pays (the deploy allows exactly these). */
export const VAULT_TOKEN_SYMBOLS = ['USDT', 'EUSD', 'ETRO'] as const;
export type VaultTokenSymbol = (typeof VAULT_TOKEN_SYMBOLS)[number];

export type VaultToken = { symbol: VaultTokenSymbol; address: Address };

/**
 * Failure points a crash test injects: `beforeCommit` throws inside the voucher's transaction after
 * the signature, before the insert and the commit (one round trip: nothing runs between those two;
 * in a group it refuses only its own request);
 * `afterCommit` throws after the commit, before the answer is sent.
 */
export type VoucherFaults = { beforeCommit?: () => void; afterCommit?: () => void };

export type VaultContext = {
  chainId: number;
  vault: Address;
  /** Lower-case addresses. */
  tokens: readonly VaultToken[];
  /** The ETRO/USDT pair whose `Sync` events price ETRO; `token0` is the lower address of the two. */
  pair: { address: Address; etro: Address; usdt: Address };
  /** The EUSD market (its open orders are EUSD's market price). */
  eusdMarket: Address;
  signer: VaultSigner;
  chain: VaultChain;
  ledger: LedgerView;
  /** What of the indexed chain is final (the deployments' confirmations). */
  finality: Finality;
  store: VoucherStore;
  quotes: QuoteStore;
  /**
   * Every vault token's holdings, owed amount and unexpired quotes as of one indexed block (./solvency.ts
   * `readReserve`), the reads of one window shared (a reserve is never older than the call that gets it).
   */
  reserve: () => Promise<Reserve>;
  settings: VaultSettings;
  /** Unix seconds of the server's clock. */
  now: () => bigint;
  /** Writes one line to the server log (a refusal that says the vault is short, …). */
  log: (entry: Record<string, unknown>) => void;
  faults?: VoucherFaults;
  /**
   * After a restore of the off-chain store (../store/restoreGuard.ts): no quote is signed until the final
   * block's time is past `until` (unix seconds); absent or null: no hold.
   */
  quoteHold?: { until: bigint | null };
};

export function tokenOf(ctx: Pick<VaultContext, 'tokens'>, address: Address): VaultToken | undefined {
  const lower = address.toLowerCase();
  return ctx.tokens.find((t) => t.address === lower);
}
