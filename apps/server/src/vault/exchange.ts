/**
 * Exchange quotes for `pureTransfer`: USDT ↔ EUSD 1:1, USDT/EUSD ↔ ETRO at the EULP pair's
 * time-weighted average price over the settings' window (from indexed `Sync` events, never the
 * spot price, which one trade could move), less the fee. Refused while the spot price is more than the fee
 * away from the average in the direction that would pay an arbitrageur, and (EUSD in) while the EUSD
 * market sells EUSD below what the vault pays for it. Each quote is a reservation: stored, and signed in
 * ONE transaction holding its output token's lock that sums the unexpired quotes and checks the exchange
 * budget on chain, the day's exchange budget and the vault's solvency. Since it holds those budgets for its
 * lifetime, it is signed only for a wallet that holds its input. Rules: docs/decisions/vouchers.md.
 */
import { formatAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { twapEtroInUsdt } from '@eterno/protocol/twap';
import type { ExchangeQuoteJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import { tokenOf, type VaultContext, type VaultTokenSymbol } from './context.ts';
import { freeOf, refuseForSolvency, reservedByQuotes } from './solvency.ts';

const ONE = 10n ** 18n;
const BPS = 10_000n;
const DAY = 86_400n;

export type Pricing = 'fixed' | 'twap';

/** The pairs offered, both directions each. */
export const EXCHANGE_PAIRS: ReadonlyArray<readonly [VaultTokenSymbol, VaultTokenSymbol, Pricing]> = [
  ['USDT', 'EUSD', 'fixed'],
  ['EUSD', 'USDT', 'fixed'],
  ['USDT', 'ETRO', 'twap'],
  ['ETRO', 'USDT', 'twap'],
  ['EUSD', 'ETRO', 'twap'],
  ['ETRO', 'EUSD', 'twap'],
];

export function pricingOf(tokenIn: VaultTokenSymbol, tokenOut: VaultTokenSymbol): Pricing | null {
  return EXCHANGE_PAIRS.find(([a, b]) => a === tokenIn && b === tokenOut)?.[2] ?? null;
}

/** `tokenOut` per 1e18 `tokenIn` before the fee, from the ETRO price in USDT (EUSD counts as USDT). */
export function exchangePrice(tokenIn: VaultTokenSymbol, tokenOut: VaultTokenSymbol, etroInUsdt: bigint): bigint {
  if (tokenIn === 'ETRO') return etroInUsdt;
  if (tokenOut === 'ETRO') return (ONE * ONE) / etroInUsdt;
  return ONE;
}

/** The quote's figures: gross output at `price`, the fee (rounded up, in the vault's favour), what is paid. */
export function quoteAmounts(
  amountIn: bigint,
  price: bigint,
  feeBps: number,
): { gross: bigint; fee: bigint; amountOut: bigint } {
  const gross = (amountIn * price) / ONE;
  const fee = (gross * BigInt(feeBps) + BPS - 1n) / BPS;
  return { gross, fee, amountOut: gross - fee };
}

const shown = (amount: bigint): string => formatAmount(amount, TOKEN_DECIMALS);

/**
 * The circuit breaker of a TWAP-priced pair (security review L-2): true when the spot price (ETRO in USDT)
 * is more than the fee away from the average in the direction that pays an arbitrageur — selling ETRO to
 * the vault while the spot is below TWAP × (1 − fee), buying ETRO from it while the spot is above
 * TWAP × (1 + fee). Within those bounds an arbitrage round trip costs at least the fee.
 */
export function priceMoving(tokenIn: VaultTokenSymbol, spot: bigint, twap: bigint, feeBps: number): boolean {
  const fee = BigInt(feeBps);
  if (tokenIn === 'ETRO') return spot * BPS < twap * (BPS - fee);
  return spot * BPS > twap * (BPS + fee);
}

/**
 * EUSD paid in is worth 1 USDT less the fee to the vault; a buyer on the EUSD market pays the best ask and
 * gets the buyer reward on top. True when buying it there and selling it to the vault would pay: best ask
 * × BPS² < 1 × (BPS − fee) × (BPS + reward) (security review L-2).
 */
export function eusdBelowVaultPrice(bestAsk: bigint, feeBps: number, rewardBps: bigint): boolean {
  return bestAsk * BPS * BPS < ONE * (BPS - BigInt(feeBps)) * (BPS + rewardBps);
}

/** The ETRO price in USDT (18 decimals) of the pair's reserves; null when a reserve is 0. */
const spotOf = (r: { reserve0: bigint; reserve1: bigint }, etroIsToken0: boolean): bigint | null => {
  const [etro, usdt] = etroIsToken0 ? [r.reserve0, r.reserve1] : [r.reserve1, r.reserve0];
  return etro === 0n || usdt === 0n ? null : (usdt * ONE) / etro;
};

/** `POST /vault/exchange-quotes`: a signed `pureTransfer` quote for the user. */
export async function quoteExchange(
  ctx: VaultContext,
  user: Address,
  tokenInAddress: Address,
  tokenOutAddress: Address,
  amountIn: bigint,
): Promise<ExchangeQuoteJson> {
  const tokenIn = tokenOf(ctx, tokenInAddress);
  const tokenOut = tokenOf(ctx, tokenOutAddress);
  if (tokenIn === undefined || tokenOut === undefined) throw new ApiError('TOKEN_NOT_SUPPORTED');
  const pricing = pricingOf(tokenIn.symbol, tokenOut.symbol);
  if (pricing === null) throw new ApiError('EXCHANGE_PAIR_UNSUPPORTED');
  const me = user.toLowerCase() as Address;
  const { settings } = ctx;

  const [{ head, exchanges }, chain, reserve, wallet] = await Promise.all([
    ctx.ledger.snapshot(me),
    ctx.chain.read(me, 'Exchange', [tokenIn.address, tokenOut.address]),
    ctx.reserve(),
    ctx.chain.walletBalance(me, tokenIn.address),
  ]);
  if (head === null || chain.nonce !== BigInt(exchanges)) throw new ApiError('INDEXER_BEHIND');
  // After a restore of the store, quotes signed before it may still be valid and are no longer counted:
  // nothing is signed until all of them have passed their deadlines on final state (store-restore.md).
  const held = ctx.quoteHold?.until;
  if (held !== undefined && held !== null && reserve.final.timestamp <= held) throw new ApiError('EXCHANGE_RESUMING');
  // A quote reserves its output for its lifetime: only for a wallet that holds what it would pay in (second
  // review S-2: empty wallets re-asking every two minutes held the day's exchange budget for free).
  if (wallet < amountIn) throw new ApiError('INSUFFICIENT_BALANCE');
  const [infoIn, infoOut] = chain.tokens as [(typeof chain.tokens)[0], (typeof chain.tokens)[0]];
  if (!infoIn.allowed || !infoOut.allowed) throw new ApiError('TOKEN_NOT_SUPPORTED');
  if (chain.paused) throw new ApiError('VAULT_PAUSED');

  let price: bigint;
  if (pricing === 'fixed') price = ONE;
  else {
    const window = BigInt(settings.twapWindow);
    const etroIsToken0 = ctx.pair.etro < ctx.pair.usdt;
    const [syncs, reserves] = await Promise.all([
      ctx.ledger.pairSyncsSince(head.timestamp - window),
      ctx.chain.pairReserves(ctx.pair.address),
    ]);
    const etroInUsdt = twapEtroInUsdt(syncs, window, head.timestamp, etroIsToken0);
    const spot = spotOf(reserves, etroIsToken0);
    if (etroInUsdt === null || spot === null) throw new ApiError('EXCHANGE_PAIR_UNSUPPORTED');
    if (priceMoving(tokenIn.symbol, spot, etroInUsdt, settings.exchangeFeeBps))
      throw new ApiError('EXCHANGE_PRICE_MOVING');
    price = exchangePrice(tokenIn.symbol, tokenOut.symbol, etroInUsdt);
  }
  if (tokenIn.symbol === 'EUSD') {
    const [bestAsk, rewardBps] = await Promise.all([
      ctx.ledger.bestEusdAsk(),
      ctx.chain.marketRewardBps(ctx.eusdMarket),
    ]);
    if (bestAsk !== null && eusdBelowVaultPrice(bestAsk, settings.exchangeFeeBps, rewardBps))
      throw new ApiError('EUSD_BELOW_VAULT_PRICE', { price: shown(bestAsk) });
  }
  const { fee, amountOut } = quoteAmounts(amountIn, price, settings.exchangeFeeBps);
  if (amountOut <= 0n) throw new ApiError('INVALID_AMOUNT');

  // Payout caps: the vault's (per transaction, its net outflow of the UTC day, the user's payouts of the
  // day) and the server's per-user exchange cap.
  if (amountOut > infoOut.perTxCap) throw new ApiError('OVER_TX_CAP', { cap: shown(infoOut.perTxCap) });
  const vaultRemaining = infoOut.perDayCap > infoOut.paidToday ? infoOut.perDayCap - infoOut.paidToday : 0n;
  if (amountOut > vaultRemaining) throw new ApiError('OVER_DAY_CAP', { remaining: shown(vaultRemaining) });
  const chainRemaining =
    infoOut.perUserDayCap > infoOut.userPaidToday ? infoOut.perUserDayCap - infoOut.userPaidToday : 0n;
  if (amountOut > chainRemaining) throw new ApiError('OVER_USER_DAY_CAP', { remaining: shown(chainRemaining) });
  const dayStart = reserve.head.timestamp - (reserve.head.timestamp % DAY);
  const [received, paidToday] = await Promise.all([
    ctx.ledger.exchangedOutSince(me, tokenOut.address, head.timestamp - (head.timestamp % DAY)),
    // Read after the reserve: an exchange that the reserve's final block no longer counts as a quote is
    // counted here.
    ctx.ledger.vaultExchangedOutSince(tokenOut.address, dayStart),
  ]);
  const userRemaining = settings.exchangeUserDayCap > received ? settings.exchangeUserDayCap - received : 0n;
  // The user's own cap: its own code and text (the vault-wide OVER_DAY_CAP told the user the vault was closed).
  if (amountOut > userRemaining) throw new ApiError('OVER_USER_DAY_CAP', { remaining: shown(userRemaining) });

  const base = ctx.now() > head.timestamp ? ctx.now() : head.timestamp;
  const deadline = base + BigInt(settings.quoteLifetime);
  const nonce = chain.nonce;
  // One transaction holding tokenOut's lock: the quotes that can still execute, the budgets, the
  // solvency, the signature, the insert.
  const quote = await ctx.quotes.signWithTokenLock(tokenOut.address, async (lock) => {
    const live = await lock.live(reserve.final.timestamp);
    const reserved = (await reservedByQuotes(ctx, live, reserve.final)).get(tokenOut.address) ?? 0n;
    // The user's earlier quotes of this nonce and token: only one of them and this one can execute, so
    // this one reserves only what it adds to the largest of them.
    const earlier = live
      .filter((q) => q.user === me && q.nonce === nonce && q.tokenOut === tokenOut.address)
      .reduce((top, q) => (q.amountOut > top ? q.amountOut : top), 0n);
    const adds = amountOut > earlier ? amountOut - earlier : 0n;
    const budgetLeft = infoOut.exchangeBudget > reserved ? infoOut.exchangeBudget - reserved : 0n;
    if (adds > budgetLeft) throw new ApiError('EXCHANGE_BUDGET_LOW', { remaining: shown(budgetLeft + earlier) });
    const dayTaken = paidToday + reserved;
    const dayLeft = settings.exchangeDayBudget > dayTaken ? settings.exchangeDayBudget - dayTaken : 0n;
    if (adds > dayLeft) throw new ApiError('EXCHANGE_DAY_BUDGET', { remaining: shown(dayLeft + earlier) });
    const tokenReserve = {
      ...reserve.tokens.find((t) => t.token === tokenOut.address)!,
      unexpiredQuotes: reserved,
    };
    if (freeOf(tokenReserve) < adds)
      refuseForSolvency(ctx, new ApiError('RESERVE_TOO_LOW'), {
        kind: 'quote',
        user: me,
        amount: adds,
        reserve: tokenReserve,
        head: reserve.head,
      });
    const signature = await ctx.signer.signExchange({
      user: me,
      tokenIn: tokenIn.address,
      amountIn,
      tokenOut: tokenOut.address,
      amountOut,
      nonce,
      deadline,
    });
    return {
      user: me,
      tokenIn: tokenIn.address,
      amountIn,
      tokenOut: tokenOut.address,
      amountOut,
      nonce,
      deadline,
      signedAt: base,
      ...signature,
    };
  });
  return {
    user: me,
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    amountIn: amountIn.toString(),
    amountOut: amountOut.toString(),
    fee: fee.toString(),
    feeBps: settings.exchangeFeeBps,
    pricing,
    price: price.toString(),
    nonce: nonce.toString(),
    deadline: deadline.toString(),
    signature: { r: quote.r, s: quote.s, v: quote.v },
  };
}
