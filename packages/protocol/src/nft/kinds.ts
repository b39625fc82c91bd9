/**
 * ETERNO's NFTs (contracts/src/EternoNft.sol, docs/decisions/nft.md): two kinds, a rarity each, the
 * app's image per kind and rarity, and the odds.
 */

/** The contract's kinds, by their number (0 entry: joins a node; 1 partner: creates a node). */
export const NFT_KINDS = ['entry', 'partner'] as const;
export type NftKind = (typeof NFT_KINDS)[number];

/** The rarities, lowest first, numbered 1–4 by the contract (0 = not revealed yet). */
export const RARITIES = ['N', 'R', 'SR', 'SSR'] as const;
export type Rarity = (typeof RARITIES)[number];

/** The kind numbered `n` by the contract; throws for another number. */
export function nftKindOf(n: number): NftKind {
  const kind = NFT_KINDS[n];
  if (kind === undefined) throw new RangeError(`unknown NFT kind ${n}`);
  return kind;
}

/** The contract's number of `kind`. */
export const nftKindNumber = (kind: NftKind): number => NFT_KINDS.indexOf(kind);

/** The rarity numbered `n` (1–4), or null for 0 (not revealed); throws for another number. */
export function rarityOf(n: number): Rarity | null {
  if (n === 0) return null;
  const rarity = RARITIES[n - 1];
  if (rarity === undefined) throw new RangeError(`unknown rarity ${n}`);
  return rarity;
}

/** The image shipped with the web app for a kind and rarity (apps/web/public/nft/). */
export const nftImage = (kind: NftKind, rarity: Rarity): string => `/nft/${kind}-${rarity.toLowerCase()}.svg`;

/** Odds of N, R, SR, SSR in basis points (sum 10 000), as the contract stores them. */
export type NftOdds = Readonly<Record<Rarity, number>>;

/** The contract's `uint16[4]` odds as a record; throws unless they add up to 10 000. */
export function oddsFrom(values: readonly number[]): NftOdds {
  if (values.length !== 4 || values.reduce((a, b) => a + b, 0) !== 10_000) {
    throw new RangeError(`NFT odds must be 4 figures summing to 10000, got ${values.join(', ')}`);
  }
  return { N: values[0]!, R: values[1]!, SR: values[2]!, SSR: values[3]! };
}
