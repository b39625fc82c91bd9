/**
 * Second review of the vault and the signer (session 9), finding S-2 (LOW, griefing): a signed quote is a
 * reservation (M-1's fix) — it holds its output against the free reserve, the vault's exchange budget and
 * the day's exchange budget for its 120 s — but the server signed it for anyone, whatever the wallet held.
 * Ten fresh keys (a sign-in each, no token, no gas, no transaction ever) re-asking every two minutes held
 * the whole day's exchange budget of a token, so every real user's exchange of it was refused
 * EXCHANGE_DAY_BUDGET, all day, for free. Before the fix: 10 quotes of 9,991 EUSD signed to empty wallets,
 * then carol's 970 EUSD refused (remaining 90).
 *
 * Now a quote is signed only when the user's wallet holds its input (`amountIn` of `tokenIn`, read on chain
 * with the quote's other figures), as every exchange screen checks before it asks: INSUFFICIENT_BALANCE,
 * nothing stored. Holding a reservation now takes the tokens that would pay for it (and each account at
 * most its own day cap). This proves, on both store engines: the empty wallets are refused and store
 * nothing, carol is quoted and her exchange executes; a wallet that holds the input is quoted for it and
 * no more.
 */
import type { ExchangeQuoteJson } from '@eterno/protocol/vaultApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../backends.ts';
import { e18, InProcessVault, who } from './inProcessVault.ts';

const SQUATTERS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map(who);
const carol = who(3);

describe.each(BACKENDS)('S-2: a quote reserves only what its user could pay in, on $name', (backend) => {
  let v: InProcessVault;

  beforeAll(async () => {
    v = await InProcessVault.start(backend);
    for (const w of [...SQUATTERS, carol]) await v.signIn(w);
  }, 180_000);

  afterAll(async () => {
    await v?.stop();
  });

  const quotesStored = async () => {
    const t = (await v.ctx.reserve()).tokens.find((x) => x.token === v.at('EUSD'))!;
    return t.unexpiredQuotes;
  };

  it('ten empty wallets cannot hold the day’s exchange budget; the real user is quoted and paid', async () => {
    const usdt = v.at('USDT');
    const eusd = v.at('EUSD');
    const answers = await Promise.all(SQUATTERS.map((s) => v.askQuote(s, usdt, eusd, e18('10300'))));
    for (const a of answers) {
      expect(`${a.status} ${a.body.error?.code}`).toBe('409 INSUFFICIENT_BALANCE');
      expect(a.body.error.message).toBe('Insufficient balance');
    }
    expect(await quotesStored()).toBe(0n);

    await v.give(carol, usdt, e18('1000'));
    const mine = await v.askQuote(carol, usdt, eusd, e18('1000'));
    expect(mine.status).toBe(200);
    const q = mine.body as ExchangeQuoteJson;
    expect(q.amountOut).toBe(e18('970').toString());
    const before = await v.balanceOf(eusd, carol.address);
    expect(await v.exchange(carol, q)).toBe(true);
    expect((await v.balanceOf(eusd, carol.address)) - before).toBe(e18('970'));
  });

  it('a wallet is quoted for what it holds, and refused one unit more', async () => {
    await v.ledger.catchUp();
    const usdt = v.at('USDT');
    const eusd = v.at('EUSD');
    const holder = SQUATTERS[0]!;
    await v.give(holder, usdt, e18('500'));
    expect((await v.askQuote(holder, usdt, eusd, e18('500') + 1n)).body.error.code).toBe('INSUFFICIENT_BALANCE');
    const ok = await v.askQuote(holder, usdt, eusd, e18('500'));
    expect(ok.status).toBe(200);
    expect(await quotesStored()).toBe(e18('485'));
  });
});
