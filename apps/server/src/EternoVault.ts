import { readFileSync } from 'node:fs';
import { parseDeployments } from '@eterno/protocol/deployments';
import { VAULT_TOKEN_SYMBOLS } from '@eterno/protocol/vault/readVault';
import { ponder } from 'ponder:registry';
import { vaultExchange, vaultWithdrawal } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';
import { financeInputs } from './finance/inputs.ts';
import { purchaseOf } from './finance/purchase.ts';
import { recordPurchase } from './finance/recordPurchase.ts';
import { settleDue } from './finance/settleDue.ts';
import { requireEnv } from './api/env.ts';
import { addToLedger, addToVaultToken, countVaultEvent, low, writeBill } from './ledgerWrites.ts';

/** The tokens the vault takes (lower-case, from the deployments): only their fundings are figures of ours. */
const vaultTokens = new Set<string>(
  (() => {
    const { contracts } = parseDeployments(
      JSON.parse(readFileSync(requireEnv(process.env, 'ETERNO_DEPLOYMENTS'), 'utf8')),
    );
    return VAULT_TOKEN_SYMBOLS.map((symbol) => contracts[symbol].toLowerCase());
  })(),
);

/**
 * `DivedIn`: counted (the next DiveIn nonce) and added to the vault's deposits. A finance purchase
 * (a package or a regular deposit that matches the settings in force, finance/purchase.ts) first
 * settles the days its block crossed (finance/settleDue.ts), then makes its order and bill
 * (finance/recordPurchase.ts). Anything else, `custom = 0` included, is a plain
 * top-up: the received amount is credited, released and contributed, and a `deposit` bill
 * (docs/decisions/ledger.md, finance.md).
 */
ponder.on('EternoVault:DivedIn', async ({ event, context }) => {
  const { user, token, amount, custom, custom1, nonce } = event.args;
  const place = eventPlace(event);
  await countVaultEvent(context.db, user, 'deposit', place.blockNumber);
  const inputs = financeInputs();
  const purchase = purchaseOf({ token, amount, custom, custom1, timestamp: place.timestamp }, inputs);
  if (purchase !== null) {
    // The days this block crossed are settled before its first purchase: an order paid at T is D + 1's
    // (ECONOMY §10, finance/settleDue.ts).
    await settleDue(context.db, event.block, inputs);
    await addToVaultToken(context.db, token, { deposited: amount });
    await recordPurchase(context.db, event.id, user, nonce, token, purchase, place, inputs);
    return;
  }
  await addToVaultToken(context.db, token, { deposited: amount, liabilities: amount });
  await addToLedger(context.db, user, token, { credited: amount, released: amount, contributed: amount });
  await writeBill(context.db, event.id, { user, type: 'deposit', token, amount }, place);
});

/** `Withdrawn`: a settled voucher — the row the vouchers are judged by, `withdrawn` up, a `withdraw` bill. */
ponder.on('EternoVault:Withdrawn', async ({ event, context }) => {
  const { user, token, amount, nonce, deadline } = event.args;
  const place = eventPlace(event);
  const row = { user: low(user), token: low(token), amount, nonce, deadline, ...place };
  await context.db
    .insert(vaultWithdrawal)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
  await countVaultEvent(context.db, user, 'withdraw', place.blockNumber);
  await addToVaultToken(context.db, token, { withdrawn: amount, liabilities: -amount });
  await addToLedger(context.db, user, token, { withdrawn: amount });
  await writeBill(context.db, event.id, { user, type: 'withdraw', token, amount: -amount }, place);
});

/**
 * `Exchanged` (`pureTransfer`): wallet to wallet through the vault, the ledger balance untouched;
 * two `exchange` bills, −amountIn of tokenIn (`:in`) and +amountOut of tokenOut (`:out`).
 */
ponder.on('EternoVault:Exchanged', async ({ event, context }) => {
  const { user, tokenIn, amountIn, tokenOut, amountOut, nonce } = event.args;
  const place = eventPlace(event);
  const row = {
    user: low(user),
    tokenIn: low(tokenIn),
    amountIn,
    tokenOut: low(tokenOut),
    amountOut,
    nonce,
    ...place,
  };
  await context.db
    .insert(vaultExchange)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
  await countVaultEvent(context.db, user, 'exchange', place.blockNumber);
  await addToVaultToken(context.db, tokenIn, { exchangedIn: amountIn });
  await addToVaultToken(context.db, tokenOut, { exchangedOut: amountOut });
  await writeBill(context.db, `${event.id}:in`, { user, type: 'exchange', token: tokenIn, amount: -amountIn }, place);
  await writeBill(context.db, `${event.id}:out`, { user, type: 'exchange', token: tokenOut, amount: amountOut }, place);
});

/**
 * `Funded`: the reserve grew; no user is credited and no bill is made. A funding of a token that is not
 * one of the vault's (the contract takes allowed tokens only; the owner could allow another) makes no
 * `vault_token` row: `/vault/stats` shows the vault's tokens only (security review I-2).
 */
ponder.on('EternoVault:Funded', async ({ event, context }) => {
  if (!vaultTokens.has(event.args.token.toLowerCase())) return;
  await addToVaultToken(context.db, event.args.token, { funded: event.args.amount });
});
