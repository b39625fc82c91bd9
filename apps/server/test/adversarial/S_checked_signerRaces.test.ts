/**
 * Second review of the vault and the signer (session 9): attacks on the signer that FAIL, kept as
 * regressions (each against the real signer, a real chain and both store engines, confirmations 2):
 * - exactly at the depth: a withdrawal is judged only once the user's latest movement is `confirmations`
 *   blocks deep (one block short: INDEXER_BEHIND; at the depth: signed), so a reorg of that depth cannot
 *   take back the deposit it was checked against;
 * - quote shopping for one nonce, from two sessions, mixed with a withdrawal of the output token: the quotes
 *   of one nonce reserve their LARGEST output once, only one executes, the others die on chain, and the
 *   reservation ends with the nonce;
 * - two quotes crossing the day's exchange budget at once: exactly one is signed;
 * - UTC midnight: a quote signed before midnight and executed after it counts in the day it paid out; the
 *   day's budget is never exceeded across the boundary.
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type { ExchangeQuoteJson, WithdrawalJson } from '@eterno/protocol/vaultApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../backends.ts';
import { e18, InProcessVault, who } from './inProcessVault.ts';

const alice = who(1);
const bob = who(2);
const carol = who(3);
const DAY = 86_400n;

describe.each(BACKENDS)('second review: signer races that fail, on $name', (backend) => {
  let v: InProcessVault;

  /** Mines `blocks` and lets the ledger index them (2 more make everything before them final). */
  async function settle(blocks = 2) {
    await v.test.mine({ blocks });
    await v.ledger.catchUp();
  }

  /** Moves the chain to `at` (a later time) in one block, then makes it final. */
  async function moveTo(at: bigint) {
    await v.test.setNextBlockTimestamp({ timestamp: at });
    await settle(1);
    await settle();
  }

  const latest = async () => (await v.client.getBlock({ blockTag: 'latest' })).timestamp;
  const eusdQuotes = async () => (await v.ctx.reserve()).tokens.find((t) => t.token === v.at('EUSD'))!.unexpiredQuotes;

  beforeAll(async () => {
    v = await InProcessVault.start(backend, { confirmations: 2 });
    for (const w of [alice, bob, carol]) {
      await v.signIn(w);
      await v.give(w, v.at('USDT'), e18('20000'));
    }
  }, 180_000);

  afterAll(async () => {
    await v?.stop();
  });

  it('exactly at the depth: one block short of final is INDEXER_BEHIND, at the depth the voucher is signed', async () => {
    const usdt = v.at('USDT');
    await v.deposit(carol, usdt, e18('100'));
    await v.ledger.catchUp();
    expect((await v.askWithdrawal(carol, usdt, e18('100'))).body.error.code).toBe('INDEXER_BEHIND');
    await settle(1);
    expect((await v.askWithdrawal(carol, usdt, e18('100'))).body.error.code).toBe('INDEXER_BEHIND');
    await settle(1);
    const signed = await v.askWithdrawal(carol, usdt, e18('100'));
    expect(signed.status).toBe(201);
    expect(await v.withdraw(carol, signed.body as WithdrawalJson)).toBe(true);
  });

  it('quote shopping for one nonce from two sessions, with a withdrawal of the output: the largest is reserved once, one executes', async () => {
    await settle();
    const [usdt, eusd] = [v.at('USDT'), v.at('EUSD')];
    await v.give(alice, eusd, e18('1000'));
    await v.deposit(alice, eusd, e18('1000'));
    await settle();
    const before = await eusdQuotes();
    const [a, b, c, w] = await Promise.all([
      v.askQuote(alice, usdt, eusd, e18('1000')),
      v.askQuote(alice, usdt, eusd, e18('3000')),
      v.askQuote(alice, usdt, eusd, e18('2000')),
      v.askWithdrawal(alice, eusd, e18('1000')),
    ]);
    for (const x of [a, b, c]) expect([x.status, x.body.nonce]).toEqual([200, '0']);
    expect(w.status).toBe(201);
    expect((await eusdQuotes()) - before).toBe(e18('2910'));
    // The smallest executes; the others are dead on chain (their nonce is used).
    expect(await v.exchange(alice, a.body as ExchangeQuoteJson)).toBe(true);
    for (const dead of [b, c]) expect(await v.exchange(alice, dead.body as ExchangeQuoteJson)).toBe(false);
    expect(await v.withdraw(alice, w.body as WithdrawalJson)).toBe(true);
    await settle();
    expect(await eusdQuotes()).toBe(before);
  });

  it('two quotes crossing the day’s exchange budget at once: exactly one is signed', async () => {
    const [usdt, eusd] = [v.at('USDT'), v.at('EUSD')];
    const now = await latest();
    await moveTo(now - (now % DAY) + DAY + 600n);
    const settings = v.ctx.settings;
    v.ctx.settings = { ...settings, exchangeDayBudget: e18('1000') };
    try {
      const answers = await Promise.all([
        v.askQuote(bob, usdt, eusd, e18('600')),
        v.askQuote(carol, usdt, eusd, e18('600')),
      ]);
      const codes = answers.map((x) => `${x.status} ${x.body.error?.code ?? ''}`).sort();
      expect(codes).toEqual(['200 ', '422 EXCHANGE_DAY_BUDGET']);
      expect(answers.find((x) => x.status === 422)!.body.error.params).toEqual({ remaining: '418' });
    } finally {
      v.ctx.settings = settings;
    }
  });

  it('a quote signed before UTC midnight and executed after counts in the day it paid; the budget holds across', async () => {
    const [usdt, eusd] = [v.at('USDT'), v.at('EUSD')];
    const now = await latest();
    const midnight = now - (now % DAY) + DAY;
    // The quotes of the test before expire (two minutes), and the clock stops a minute before midnight.
    await moveTo(midnight - 60n);
    const settings = v.ctx.settings;
    v.ctx.settings = { ...settings, exchangeDayBudget: e18('1000') };
    try {
      const late = await v.askQuote(bob, usdt, eusd, e18('1000'));
      expect(late.status).toBe(200);
      expect((await v.askQuote(carol, usdt, eusd, e18('100'))).body.error).toMatchObject({
        code: 'EXCHANGE_DAY_BUDGET',
        params: { remaining: '30' },
      });
      // Executed 30 s after midnight: it is the new day's.
      await v.test.setNextBlockTimestamp({ timestamp: midnight + 30n });
      expect(await v.exchange(bob, late.body as ExchangeQuoteJson)).toBe(true);
      await settle();
      const day = await v.ledger.vaultExchangedOutSince(eusd, midnight);
      expect(day).toBe(e18('970'));
      expect((await v.askQuote(carol, usdt, eusd, e18('100'))).body.error).toMatchObject({
        code: 'EXCHANGE_DAY_BUDGET',
        params: { remaining: '30' },
      });
      const limits = await v.call(carol, 'GET', '/vault/limits');
      const row = (limits.body.tokens as Array<Record<string, string>>).find((t) => t.token === eusd)!;
      expect(row.exchangeDayRemaining).toBe(e18('30').toString());
      const [, , , paidToday] = (await v.client.readContract({
        address: v.vault,
        abi: eternoVaultAbi,
        functionName: 'tokenInfo',
        args: [eusd],
      })) as readonly bigint[];
      expect(paidToday).toBe(e18('970'));
    } finally {
      v.ctx.settings = settings;
    }
  });
});
