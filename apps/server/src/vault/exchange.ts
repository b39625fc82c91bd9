/**
 * Exchange quotes for `pureTransfer`: USDT ↔ EUSD 1:1, USDT/EUSD ↔ ETRO at the EULP pair's
 * time-weighted average price over the settings' window (from indexed `Sync` events, never the
 * spot price, which one trade could move), less the fee, within the user's daily output cap and the
 * vault's free reserve. Rules: docs/decisions/vouchers.md.
 */
import { formatAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { twapEtroInUsdt } from '@eterno/protocol/twap';
import type { ExchangeQuoteJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import { tokenOf, type VaultContext, type VaultTokenSymbol } from './context.ts';
import { openVoucherTotals } from './vouchers.ts';

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

  const [{ head, exchanges }, chain] = await Promise.all([
    ctx.ledger.snapshot(me),
    ctx.chain.read(me, 'Exchange', [tokenIn.address, tokenOut.address]),
  ]);
  if (head === null || chain.nonce !== BigInt(exchanges)) throw new ApiError('INDEXER_BEHIND');
  const [infoIn, infoOut] = chain.tokens as [(typeof chain.tokens)[0], (typeof chain.tokens)[0]];
  if (!infoIn.allowed || !infoOut.allowed) throw new ApiError('TOKEN_NOT_SUPPORTED');
  if (chain.paused) throw new ApiError('VAULT_PAUSED');

  let price: bigint;
  if (pricing === 'fixed') price = ONE;
  else {
    const window = BigInt(settings.twapWindow);
    const syncs = await ctx.ledger.pairSyncsSince(head.timestamp - window);
    const etroInUsdt = twapEtroInUsdt(syncs, window, head.timestamp, ctx.pair.etro < ctx.pair.usdt);
    if (etroInUsdt === null) throw new ApiError('EXCHANGE_PAIR_UNSUPPORTED');
    price = exchangePrice(tokenIn.symbol, tokenOut.symbol, etroInUsdt);
  }
  const { fee, amountOut } = quoteAmounts(amountIn, price, settings.exchangeFeeBps);
  if (amountOut <= 0n) throw new ApiError('INVALID_AMOUNT');

  // Payout caps: the vault's (per transaction, per UTC day) and the user's own day cap.
  if (amountOut > infoOut.perTxCap) throw new ApiError('OVER_TX_CAP', { cap: shown(infoOut.perTxCap) });
  const vaultRemaining = infoOut.perDayCap > infoOut.paidToday ? infoOut.perDayCap - infoOut.paidToday : 0n;
  if (amountOut > vaultRemaining) throw new ApiError('OVER_DAY_CAP', { remaining: shown(vaultRemaining) });
  const dayStart = head.timestamp - (head.timestamp % DAY);
  const received = await ctx.ledger.exchangedOutSince(me, tokenOut.address, dayStart);
  const userRemaining = settings.exchangeUserDayCap > received ? settings.exchangeUserDayCap - received : 0n;
  if (amountOut > userRemaining) throw new ApiError('OVER_DAY_CAP', { remaining: shown(userRemaining) });

  // The reserve: what the vault holds beyond what the ledger owes and the open vouchers hold back.
  const [liabilities, reserved] = await Promise.all([ctx.ledger.liabilities(tokenOut.address), openVoucherTotals(ctx)]);
  const free = infoOut.holdings - liabilities - (reserved.get(tokenOut.address) ?? 0n);
  if (free < amountOut) throw new ApiError('RESERVE_TOO_LOW');

  const base = ctx.now() > head.timestamp ? ctx.now() : head.timestamp;
  const deadline = base + BigInt(settings.quoteLifetime);
  const nonce = chain.nonce;
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
    tokenOut: tokenOut.address,
    amountIn: amountIn.toString(),
    amountOut: amountOut.toString(),
    fee: fee.toString(),
    feeBps: settings.exchangeFeeBps,
    pricing,
    price: price.toString(),
    nonce: nonce.toString(),
    deadline: deadline.toString(),
    signature,
  };
}
