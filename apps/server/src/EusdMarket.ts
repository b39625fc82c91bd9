/**
 * The EUSD market (docs/decisions/market.md): one handler per event. Orders are keyed by their id,
 * fills by the event; every movement of a user's tokens is a `trade_unlock` bill (docs/decisions/bills.md):
 * the seller's EUSD escrowed at listing (−) and returned at cancel (+); at a fill, the seller's USDT
 * for the sale (+ cost) and its fee (− fee), the buyer's USDT paid (− cost), EUSD bought (+ quantity)
 * and discount reward (+ reward, when non-zero). Ponder reverts all of it with the events on a reorg.
 */
import { ponder, type Context } from 'ponder:registry';
import type { Address } from 'viem';
import { marketFill, marketOrder } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';
import { low, writeBill } from './ledgerWrites.ts';

type MarketContext = Context<'EusdMarket:Listed'>;

/** The market's two tokens, read from the contract (immutables; Ponder caches the reads). */
async function marketTokens(context: MarketContext, address: Address) {
  const abi = context.contracts.EusdMarket.abi;
  const [eusd, usdt] = await Promise.all([
    context.client.readContract({ address, abi, functionName: 'EUSD' }),
    context.client.readContract({ address, abi, functionName: 'USDT' }),
  ]);
  return { eusd, usdt };
}

ponder.on('EusdMarket:Listed', async ({ event, context }) => {
  const { orderId, seller, quantity, unitPrice, feeBps } = event.args;
  const place = eventPlace(event);
  const row = {
    seller: low(seller),
    unitPrice,
    quantity,
    remaining: quantity,
    refunded: 0n,
    feeBps: Number(feeBps),
    status: 'open',
    ...place,
  };
  await context.db
    .insert(marketOrder)
    .values({ orderId, ...row })
    .onConflictDoUpdate(row);
  const { eusd } = await marketTokens(context, event.log.address);
  await writeBill(
    context.db,
    `${event.id}:escrow`,
    { user: seller, type: 'trade_unlock', token: eusd, amount: -quantity },
    place,
  );
});

ponder.on('EusdMarket:Filled', async ({ event, context }) => {
  const { orderId, buyer, seller, quantity, cost, fee, reward, remaining } = event.args;
  const place = eventPlace(event);
  const order = await context.db.find(marketOrder, { orderId });
  if (order === null) throw new Error(`EusdMarket: a fill of order ${orderId}, never listed`);
  await context.db.update(marketOrder, { orderId }).set({ remaining, status: remaining === 0n ? 'filled' : 'open' });
  const row = {
    orderId,
    buyer: low(buyer),
    seller: low(seller),
    quantity,
    unitPrice: order.unitPrice,
    cost,
    fee,
    reward,
    remaining,
    ...place,
  };
  await context.db
    .insert(marketFill)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
  const { eusd, usdt } = await marketTokens(context, event.log.address);
  const bills = [
    ['sell', seller, usdt, cost],
    ['fee', seller, usdt, -fee],
    ['pay', buyer, usdt, -cost],
    ['buy', buyer, eusd, quantity],
    ['reward', buyer, eusd, reward],
  ] as const;
  for (const [suffix, user, token, amount] of bills) {
    if (amount === 0n) continue;
    await writeBill(context.db, `${event.id}:${suffix}`, { user, type: 'trade_unlock', token, amount }, place);
  }
});

ponder.on('EusdMarket:Cancelled', async ({ event, context }) => {
  const { orderId, seller, refunded } = event.args;
  await context.db.update(marketOrder, { orderId }).set({ remaining: 0n, refunded, status: 'cancelled' });
  const { eusd } = await marketTokens(context, event.log.address);
  await writeBill(
    context.db,
    `${event.id}:refund`,
    { user: seller, type: 'trade_unlock', token: eusd, amount: refunded },
    eventPlace(event),
  );
});
