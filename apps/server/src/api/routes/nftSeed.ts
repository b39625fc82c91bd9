/**
 * `GET /nft/seed/:tokenId` → NftSeedJson (session required; the token's owner only, once its purchase
 * is mined and while it is unrevealed): the committed seed and its proof for `EternoNft.reveal`
 * (src/nft/seedOpening.ts). A token id that is not a decimal from 1 → BAD_REQUEST.
 */
import { Hono } from 'hono';
import type { SessionUser } from '../../auth/session.ts';
import { ApiError } from '../../http/errors.ts';
import type { NftOperator } from '../../nft/operator.ts';
import { openSeed } from '../../nft/seedOpening.ts';

const TOKEN_ID = /^[1-9][0-9]{0,76}$/;

export function nftSeedRoute(operator: NftOperator | null, session: SessionUser): Hono {
  return new Hono().get('/nft/seed/:tokenId', async (c) => {
    const user = await session(c);
    const raw = c.req.param('tokenId');
    if (!TOKEN_ID.test(raw)) throw new ApiError('BAD_REQUEST');
    return c.json(await openSeed(operator, user, BigInt(raw)));
  });
}
