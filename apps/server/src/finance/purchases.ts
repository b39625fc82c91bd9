/**
 * `POST /finance/purchases` and `POST /finance/regular-purchases`: a signed `diveInWithToken`
 * authorisation for one package (custom = package id, custom1 = registration type code) or one
 * fixed-term deposit (custom = product id, custom1 = 0), stored as an unpaid order until its
 * deadline. Like a withdrawal voucher, the request is ONE store transaction holding the user's
 * lock: the checks, the signature and the insert commit together, and any refusal writes nothing.
 * Rules and why they are safe: docs/decisions/finance.md ("API and purchases").
 */
import { formatAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { REGISTRATION_TYPE_CODES, type PurchaseAuthorisationJson } from '@eterno/protocol/financeApi';
import { registrationTypeFor } from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { PurchaseKind, PurchaseRow } from '../store/purchaseStore.ts';
import { checkDiveIn, signDiveIn } from '../vault/deposits.ts';
import type { FinanceContext } from './context.ts';
import { findPackage, findRegular, packagePrice, settingsAt, type FinanceSettings } from './settings.ts';

export type PurchaseRequest = { kind: PurchaseKind; productId: number; amount: bigint };

/** A token amount as the error texts show it ("100,000"). */
const shown = (amount: bigint): string => formatAmount(amount, TOKEN_DECIMALS);

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** The first settings change after `time` (unix seconds), if any: an authorisation never outlives its version. */
function nextChangeAfter(settings: FinanceSettings, time: bigint): bigint | null {
  const later = settings.versions.filter((v) => v.effectiveFrom > time).map((v) => v.effectiveFrom);
  return later.length === 0 ? null : later.reduce((a, b) => (a < b ? a : b));
}

export function authorisationJson(row: PurchaseRow): PurchaseAuthorisationJson {
  return {
    orderId: `u${row.id}`,
    user: row.user,
    token: row.token,
    amount: row.amount.toString(),
    custom: row.custom.toString(),
    custom1: row.custom1.toString(),
    nonce: row.nonce.toString(),
    deadline: row.deadline.toString(),
    signature: { r: row.r, s: row.s, v: row.v },
  };
}

/**
 * Checks, in this order: the product exists in the settings in force; the amount (the package's
 * price, or within the product's bounds); registered (packages); cycles left (packages); the vault
 * (USDT allowed, not paused, read on chain); the indexer has every DiveIn of the user
 * (INDEXER_BEHIND otherwise, retry). Then, in the locked transaction: an open authorisation of
 * the same purchase and nonce with at least half its lifetime left is answered again; else a new
 * one is signed and stored.
 */
export async function requestPurchase(
  ctx: FinanceContext,
  user: Address,
  request: PurchaseRequest,
): Promise<PurchaseAuthorisationJson> {
  const { vault } = ctx;
  const me = user.toLowerCase() as Address;
  const usdt = vault.tokens.find((t) => t.symbol === 'USDT')!.address;
  // The snapshot is read BEFORE the order counts: every DiveIn it counts is in them (both are
  // written by the same DivedIn handler), so the cycles are never under-counted.
  const reads = Promise.all([vault.ledger.snapshot(me), vault.chain.read(me, 'DiveIn', [usdt])]).then(
    async ([snapshot, chain]) => ({
      snapshot,
      chain,
      counts: await ctx.view.packageOrderCounts(me),
      registered: request.kind === 'package' ? await ctx.registration.isRegistered(me) : true,
    }),
  );
  reads.catch(() => undefined);

  const row = await ctx.store.withUserLock(me, async (tx) => {
    const { snapshot, chain, counts, registered } = await reads;
    const { head } = snapshot;
    const time = maxOf(vault.now(), head?.timestamp ?? 0n);
    const version = settingsAt(ctx.settings, time);
    let custom1 = 0n;
    if (request.kind === 'package') {
      const pkg = findPackage(version, request.productId);
      if (pkg === undefined) throw new ApiError('PACKAGE_NOT_FOUND');
      const price = packagePrice(version, pkg);
      if (request.amount !== price) throw new ApiError('AMOUNT_NOT_PACKAGE_PRICE', { price: shown(price) });
      if (!registered) throw new ApiError('NOT_REGISTERED');
      if ((counts.get(pkg.id) ?? 0) >= pkg.cyclesMax)
        throw new ApiError('CYCLES_USED_UP', { max: pkg.cyclesMax.toString() });
      const hasPaidOrder = [...counts.values()].some((n) => n > 0);
      custom1 = BigInt(REGISTRATION_TYPE_CODES[registrationTypeFor(hasPaidOrder)]);
    } else {
      const product = findRegular(version, request.productId);
      if (product === undefined) throw new ApiError('REGULAR_PRODUCT_NOT_FOUND');
      if (request.amount < product.minAmount || request.amount > product.maxAmount)
        throw new ApiError('REGULAR_AMOUNT_OUT_OF_RANGE', {
          min: shown(product.minAmount),
          max: shown(product.maxAmount),
        });
    }
    checkDiveIn(chain);
    if (head === null || chain.nonce !== BigInt(snapshot.deposits)) throw new ApiError('INDEXER_BEHIND');

    const lifetime = BigInt(version.purchaseLifetime);
    const custom = BigInt(request.productId);
    const same = (await tx.liveOf(me, time)).find(
      (r) =>
        r.kind === request.kind &&
        r.custom === custom &&
        r.custom1 === custom1 &&
        r.amount === request.amount &&
        r.nonce === chain.nonce &&
        (r.deadline - time) * 2n >= lifetime,
    );
    if (same !== undefined) return same;

    const change = nextChangeAfter(ctx.settings, time);
    const deadline = change !== null && change - 1n < time + lifetime ? change - 1n : time + lifetime;
    const signed = await signDiveIn(vault, {
      user: me,
      custom,
      custom1,
      token: usdt,
      amount: request.amount,
      nonce: chain.nonce,
      deadline,
    });
    const inserted = await tx.insert({
      user: me,
      kind: request.kind,
      productId: request.productId,
      token: usdt,
      amount: request.amount,
      custom,
      custom1,
      nonce: chain.nonce,
      deadline,
      signedAt: time,
      r: signed.signature.r,
      s: signed.signature.s,
      v: signed.signature.v,
    });
    ctx.faults?.beforeCommit?.();
    return inserted;
  });
  ctx.faults?.afterCommit?.();
  return authorisationJson(row);
}
