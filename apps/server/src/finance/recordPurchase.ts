/**
 * The indexer's writes for a finance purchase (a `DivedIn` that `purchaseOf` recognised):
 * - a package: a waiting `finance_order` numbered by the global `seq`, a `buy_package` bill of
 *   −payment, the payment added to the user's accumulated contribution (nothing credited) and to
 *   the team volumes above the buyer (referral/referralWrites.ts `recordTeamVolume`), and the
 *   dynamic incomes it gives the buyer's inviters (referral/purchaseIncomes.ts), and the payment added
 *   to its day's node reward pool (nodes/settleNodes.ts);
 * - a regular deposit: an active `regular_order` with its interest and maturity fixed now, and a
 *   `regular` bill of −principal (principal and interest are credited at maturity).
 * Rules: docs/decisions/finance.md.
 */
import type { Context } from 'ponder:registry';
import { financeOrder, financeState, regularOrder } from 'ponder:schema';
import type { Address, Hex } from 'viem';
import { dayStartOf } from '@eterno/protocol/finance/rules';
import { addToLedger, low, writeBill, type BillPlace } from '../ledgerWrites.ts';
import { feedNodePool } from '../nodes/settleNodes.ts';
import { referralSettingsAt } from '../referral/incomeSettings.ts';
import { recordPurchaseIncomes } from '../referral/purchaseIncomes.ts';
import { recordTeamVolume } from '../referral/referralWrites.ts';
import { loopPackageAt, type FinanceInputs } from './inputs.ts';
import type { PackagePurchase, RegularPurchase } from './purchase.ts';
import { FINANCE_STATE_ID, readFinanceState } from './state.ts';

type Db = Context['db'];

export async function recordPurchase(
  db: Db,
  eventId: string,
  user: Address,
  /** The DivedIn's nonce: the key by which the API finds the purchase authorisation paid. */
  nonce: bigint,
  token: Address,
  purchase: PackagePurchase | RegularPurchase,
  place: BillPlace & { txHash: Hex },
  inputs: FinanceInputs,
): Promise<void> {
  const state = await readFinanceState(db, place.timestamp);
  const where = { txHash: place.txHash, blockNumber: place.blockNumber, logIndex: place.logIndex };
  if (purchase.kind === 'package') {
    const { pkg } = purchase;
    await db.insert(financeOrder).values({
      seq: state.nextSeq,
      eventId,
      user: low(user),
      nonce,
      packageId: pkg.id,
      units: pkg.units,
      registrationType: purchase.registrationType,
      payment: purchase.payment,
      multiple01Bps: pkg.multiple01Bps,
      multiple02Bps: pkg.multiple02Bps,
      allocation01Bps: pkg.allocation01Bps,
      dailyRateBps: pkg.dailyRateBps,
      rewardLimit: purchase.rewardLimit,
      gained: 0n,
      dynamicGained: 0n,
      gainedUsdt: 0n,
      gainedEtro: 0n,
      etroOwed: 0n,
      status: 'waiting',
      createdAt: place.timestamp,
      ...where,
    });
    await db.update(financeState, { id: FINANCE_STATE_ID }).set({ nextSeq: state.nextSeq + 1n });
    await addToLedger(db, user, token, { contributed: purchase.payment });
    await writeBill(db, eventId, { user, type: 'buy_package', token, amount: -purchase.payment }, place);
    // Team volume is package payments (ECONOMY §3): up the buyer's turns in the placement tree.
    await recordTeamVolume(db.sql, user, purchase.payment, place.timestamp);
    // The dynamic incomes of the payment (ECONOMY §4) for the buyer's inviters, and the prize pool's feed.
    await recordPurchaseIncomes(db.sql, {
      eventId,
      buyer: user,
      payment: purchase.payment,
      place,
      rates: referralSettingsAt(inputs.referral, place.timestamp),
      loop: loopPackageAt(inputs, place.timestamp),
      usdt: inputs.usdt,
      lastSettled: state.lastSettled,
      nextSeq: state.nextSeq + 1n,
    });
    // The node reward pool of the payment's day (ECONOMY §9; paid at the settlement, nodes/settleNodes.ts).
    await feedNodePool(db.sql, dayStartOf(place.timestamp), purchase.payment);
    return;
  }
  const { product } = purchase;
  await db.insert(regularOrder).values({
    seq: state.nextRegularSeq,
    eventId,
    user: low(user),
    nonce,
    productId: product.id,
    days: product.days,
    dailyRateBps: product.dailyRateBps,
    principal: purchase.principal,
    interest: purchase.interest,
    state: 'active',
    startAt: place.timestamp,
    maturesAt: purchase.maturesAt,
    ...where,
  });
  await db.update(financeState, { id: FINANCE_STATE_ID }).set({ nextRegularSeq: state.nextRegularSeq + 1n });
  await writeBill(db, eventId, { user, type: 'regular', token, amount: -purchase.principal }, place);
}
