/**
 * Security review 2026-11, M-1 (MEDIUM): "Exchange quotes are not reserved: each is checked alone against
 * the free reserve, so quotes signed within one 120 s lifetime together pay out users' deposits" — the
 * review's test B: the free reserve at 20,162 USDT, a user's 100,000 USDT top-up, 8 accounts asking together
 * got quotes for 79,928 USDT; executed, the vault held 59,766 USDT less than the ledger owed and the user's
 * own withdrawal reverted on chain.
 *
 * Now every signed quote is a reservation, signed in one transaction holding its output token's lock that
 * sums the unexpired quotes (security review M-1, issue 18 §2). This proves, on both databases:
 * - test B adapted: the quotes signed together promise no more than the free reserve (the rest are refused
 *   with their own codes), and after they execute the vault still holds what the ledger owes: the user's
 *   withdrawal of her 100,000 USDT top-up is signed and paid;
 * - the invariant under load: 20 accounts × 3 requests at once (a withdrawal of their balance, an exchange
 *   quote, a second withdrawal), everything signed then executed on chain: at every step the vault's
 *   holdings ≥ liabilities + open vouchers + unexpired quotes, read against the chain itself.
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type { ExchangeQuoteJson, WithdrawalJson } from '@eterno/protocol/vaultApi';
import { erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, DATABASES, e18, RealStack, type TestAccount } from '../realStack.ts';
import { TRUSTED_LOCAL, VaultClient } from './vaultClient.ts';

/** Accounts that are neither the deployer (0), the vault signer (9) nor the placement signer (10). */
const SYBILS = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map(account);
const CROWD = [...SYBILS, account(21), account(22)];
const REFUSALS = ['RESERVE_TOO_LOW', 'EXCHANGE_BUDGET_LOW', 'EXCHANGE_DAY_BUDGET'];

describe.each(DATABASES)('M-1: exchange quotes are reservations, on $name', ({ postgres }) => {
  let stack: RealStack;
  let v: VaultClient;
  let usdt: `0x${string}`;
  let eusd: `0x${string}`;

  /** The invariant, against the chain: the vault's USDT now ≥ what the ledger owes + open vouchers + quotes. */
  async function invariantHolds(): Promise<{ held: bigint; promised: bigint }> {
    await stack.waitHead();
    const s = await v.stats(usdt);
    const held = await v.balanceOf(usdt, v.vault);
    const promised = s.liabilities + s.openVouchers + s.unexpiredQuotes;
    expect(held, 'holdings on chain ≥ liabilities + open vouchers + unexpired quotes').toBeGreaterThanOrEqual(promised);
    return { held, promised };
  }

  beforeAll(async () => {
    stack = await RealStack.start('m1');
    v = new VaultClient(stack);
    usdt = v.at('USDT');
    eusd = v.at('EUSD');
    for (const who of CROWD) await v.fund(who, { EUSD: e18('50000'), USDT: e18('50000') });
    // The day's exchange budget out of the way: the free reserve is what this test is about.
    await stack.startServer({
      postgres,
      settings: { ETERNO_EXCHANGE_DAY_BUDGET: e18('10000000').toString(), ...TRUSTED_LOCAL },
    });
    await stack.waitHead();
    for (const [i, who] of [...CROWD, account(0)].entries()) await v.signIn(who, i);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('test B adapted: quotes asked together never promise more than the free reserve; the user’s top-up is paid back', async () => {
    const amountIn = e18('10300'); // 10,300 EUSD → 9,991 USDT: under the 10,000 per-user day cap
    // Day 1: ordinary exchanges one after the other, until the reserve (or the budget) refuses.
    let executed = 0;
    for (const who of SYBILS) {
      const q = await v.askQuote(who, eusd, usdt, amountIn);
      if (q.status !== 200) {
        expect(REFUSALS).toContain(q.body.error.code);
        break;
      }
      expect(await v.exchange(who, q.body as ExchangeQuoteJson)).toBe(true);
      executed += 1;
      await stack.waitHead();
    }
    expect(executed).toBeGreaterThan(10);
    await invariantHolds();
    // Day 2: a user's top-up of 100,000 USDT (what the ledger now owes her: holdings and liabilities grow).
    await v.nextUtcDay();
    const victim = account(0);
    await v.deposit(victim, usdt, e18('100000'));
    await stack.waitHead();
    const before = await v.stats(usdt);
    // 8 accounts ask together; each quote is a reservation judged under USDT's lock.
    const askers = SYBILS.slice(0, 8);
    const answers = await Promise.all(askers.map((who) => v.askQuote(who, eusd, usdt, amountIn)));
    const signed = answers.flatMap((a, i) =>
      a.status === 200 ? [[askers[i]!, a.body as ExchangeQuoteJson] as const] : [],
    );
    const promised = signed.reduce((sum, [, q]) => sum + BigInt(q.amountOut), 0n);
    for (const a of answers) if (a.status !== 200) expect(REFUSALS).toContain(a.body.error.code);
    console.log(
      `M1 B: free reserve ${before.freeReserve / 10n ** 18n} USDT; ${signed.length} of 8 quotes signed promising ${promised / 10n ** 18n}`,
    );
    expect(promised).toBeLessThanOrEqual(before.freeReserve);
    expect(signed.length).toBeLessThan(8);
    // While they are open they hold their amounts: the data index shows them.
    await stack.waitHead();
    expect((await v.stats(usdt)).unexpiredQuotes).toBe(promised);
    await invariantHolds();
    for (const [who, q] of signed) expect(await v.exchange(who, q)).toBe(true);
    await invariantHolds();
    // The user's own money: signed, and paid on chain.
    const w = await v.askWithdrawal(victim, usdt, e18('100000'));
    expect(w.status).toBe(201);
    const wallet = await v.balanceOf(usdt, victim.address);
    expect(await v.withdraw(victim, w.body as WithdrawalJson)).toBe(true);
    expect((await v.balanceOf(usdt, victim.address)) - wallet).toBe(e18('100000'));
    await invariantHolds();
  });

  it('20 accounts × 3 requests at once, withdrawals and quotes mixed: the invariant holds on chain before and after all of it executes', async () => {
    await v.nextUtcDay();
    // Each account tops up 5,000 USDT: the ledger owes it that. The operator funds 60,000 USDT more reserve
    // (and exchange budget): room for six of the twenty quotes, which all arrive at once.
    for (const who of CROWD) await v.deposit(who, usdt, e18('5000'));
    await stack.tx(account(0), usdt, erc20Abi, 'approve', [v.vault, e18('60000')]);
    await stack.tx(account(0), v.vault, eternoVaultAbi, 'fund', [usdt, e18('60000')]);
    await stack.waitHead();
    const start = await invariantHolds();
    const requests = CROWD.flatMap((who) => [
      { who, kind: 'withdraw' as const, ask: () => v.askWithdrawal(who, usdt, e18('5000')) },
      { who, kind: 'quote' as const, ask: () => v.askQuote(who, eusd, usdt, e18('10300')) },
      { who, kind: 'withdraw' as const, ask: () => v.askWithdrawal(who, usdt, e18('1')) },
    ]);
    const answers = await Promise.all(requests.map((r) => r.ask()));
    const vouchers: Array<[TestAccount, WithdrawalJson]> = [];
    const quotes: Array<[TestAccount, ExchangeQuoteJson]> = [];
    const codes = new Map<string, number>();
    answers.forEach((a, i) => {
      const { who, kind } = requests[i]!;
      if (a.status === 201 && kind === 'withdraw') vouchers.push([who, a.body as WithdrawalJson]);
      else if (a.status === 200 && kind === 'quote') quotes.push([who, a.body as ExchangeQuoteJson]);
      else codes.set(a.body.error.code, (codes.get(a.body.error.code) ?? 0) + 1);
    });
    const promised = quotes.reduce((sum, [, q]) => sum + BigInt(q.amountOut), 0n);
    console.log(
      `M1 load: ${vouchers.length} vouchers, ${quotes.length} quotes for ${promised / 10n ** 18n} USDT (free was ${(start.held - start.promised) / 10n ** 18n}); refusals ${JSON.stringify([...codes])}`,
    );
    // Every account's own withdrawal is signed once (its second request is VOUCHER_OPEN).
    expect(vouchers).toHaveLength(CROWD.length);
    expect(codes.get('VOUCHER_OPEN')).toBe(CROWD.length);
    for (const code of codes.keys()) expect(['VOUCHER_OPEN', ...REFUSALS]).toContain(code);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.length).toBeLessThan(CROWD.length);
    expect(promised).toBeLessThanOrEqual(start.held - start.promised);
    await invariantHolds();
    // Everything executes on chain, the quotes first: every voucher still pays.
    for (const [who, q] of quotes) expect(await v.exchange(who, q)).toBe(true);
    await invariantHolds();
    for (const [who, w] of vouchers) expect(await v.withdraw(who, w)).toBe(true);
    const end = await invariantHolds();
    expect(end.held).toBeGreaterThanOrEqual(end.promised);
    expect(
      (await stack.client.readContract({ address: v.vault, abi: eternoVaultAbi, functionName: 'paused' })) as boolean,
    ).toBe(false);
  });
});
