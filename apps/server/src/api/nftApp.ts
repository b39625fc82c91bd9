/**
 * The NFT route as a Hono sub-app: the rarity seed of a token for its owner (docs/decisions/nft.md).
 * Per session (else per client) a token bucket limits the seed requests (each builds a batch tree).
 */
import { Hono } from 'hono';
import type { SessionUser } from '../auth/session.ts';
import { hashToken, bearerToken } from '../auth/token.ts';
import type { ClientKey } from '../http/clientKey.ts';
import { rateLimit, type RateLimitSetting } from '../http/rateLimit.ts';
import type { NftOperator } from '../nft/operator.ts';
import { nftSeedRoute } from './routes/nftSeed.ts';

/** Seed requests: 20 at once, then one a second, per session. */
export const NFT_SEED_RATE_LIMIT: RateLimitSetting = { burst: 20, refillMs: 1_000 };

export function createNftApp(opts: {
  operator: NftOperator | null;
  session: SessionUser;
  clientKey: ClientKey;
  /** Default `NFT_SEED_RATE_LIMIT`. */
  rateLimit?: RateLimitSetting;
}): Hono {
  const key: ClientKey = (c) => {
    const token = bearerToken(c.req.header('authorization'));
    return token === null ? `client ${opts.clientKey(c)}` : `session ${hashToken(token)}`;
  };
  return new Hono()
    .use('/nft/seed/*', rateLimit({ ...(opts.rateLimit ?? NFT_SEED_RATE_LIMIT), clientKey: key }))
    .route('/', nftSeedRoute(opts.operator, opts.session));
}
