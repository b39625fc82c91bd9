/**
 * Security review 2026-11, "Checked and not vulnerable", kept as regressions against the new voucher rules:
 * - A. Withdrawal race (server): "30 racing requests from 2 sessions of one user, two tokens, each for the
 *   whole balance → 1 signed; VOUCHER_OPEN for the rest; a cancel racing 10 new requests → ≤ 1 new voucher,
 *   same nonce; both signatures sent on chain → exactly one pays (1,000 of 1,000)."
 * - C. SIWE: "a message claiming alice signed by another key → 401 BAD_SIGNATURE; a replayed nonce → 401
 *   NONCE_USED".
 * Both on PostgreSQL, the live server, as the review ran them.
 */
import type { WithdrawalJson } from '@eterno/protocol/vaultApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signIn, signInMessage } from '../apiClient.ts';
import { account, e18, RealStack } from '../realStack.ts';
import { VaultClient } from './vaultClient.ts';

const alice = account(1);
const mallory = account(5);

describe('checked: the withdrawal race and SIWE, PostgreSQL', () => {
  let stack: RealStack;
  let v: VaultClient;

  beforeAll(async () => {
    stack = await RealStack.start('checked');
    v = new VaultClient(stack);
    await stack.startServer({ postgres: true });
    await stack.waitHead();
    await v.signIn(alice);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('A. racing requests of two sessions sign one voucher; a cancel racing new ones leaves one payable of each nonce', async () => {
    const url = stack.server.url;
    const s1 = await signIn(url, alice);
    const s2 = await signIn(url, alice);
    const tokens = [v.at('USDT'), v.at('EUSD')];
    for (const t of tokens) await v.deposit(alice, t, e18('1000'));
    await stack.waitHead();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        apiCall(url, 'POST', '/vault/withdrawals', i % 2 ? s1 : s2, {
          token: tokens[i % 2],
          amount: e18('1000').toString(),
        }),
      ),
    );
    const signed = answers.filter((a) => a.status === 201).map((a) => a.body as WithdrawalJson);
    expect(signed).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 201).map((a) => a.body.error.code))).toEqual(
      new Set(['VOUCHER_OPEN']),
    );
    // A cancel racing 10 new requests of the other token, then BOTH signatures are sent on chain.
    const first = signed[0]!;
    const other = tokens.find((t) => t !== first.token)!;
    const raced = await Promise.all([
      apiCall(url, 'POST', `/vault/withdrawals/${first.id}/cancel`, s1),
      ...Array.from({ length: 10 }, (_, i) =>
        apiCall(url, 'POST', '/vault/withdrawals', i % 2 ? s1 : s2, { token: other, amount: e18('1000').toString() }),
      ),
    ]);
    let fresh = raced
      .slice(1)
      .filter((a) => a.status === 201)
      .map((a) => a.body as WithdrawalJson);
    expect(fresh.length).toBeLessThanOrEqual(1);
    if (fresh.length === 0) {
      const again = await apiCall(url, 'POST', '/vault/withdrawals', s1, {
        token: other,
        amount: e18('1000').toString(),
      });
      expect(again.status).toBe(201);
      fresh = [again.body as WithdrawalJson];
    }
    expect(fresh[0]!.nonce).toBe(first.nonce);
    const before = [await v.balanceOf(tokens[0]!, alice.address), await v.balanceOf(tokens[1]!, alice.address)];
    const paidOld = await v.withdraw(alice, first);
    const paidNew = await v.withdraw(alice, fresh[0]!);
    const after = [await v.balanceOf(tokens[0]!, alice.address), await v.balanceOf(tokens[1]!, alice.address)];
    expect([paidOld, paidNew].filter(Boolean)).toHaveLength(1);
    expect(after[0]! - before[0]! + (after[1]! - before[1]!)).toBe(e18('1000'));
    await stack.waitHead();
    // Whichever paid, nothing more of first.token is signed: it was paid, or its cancelled voucher could still
    // take the nonce instead of the other one (a reorg) until its deadline passes on final state.
    const next = await apiCall(url, 'POST', '/vault/withdrawals', s2, {
      token: first.token,
      amount: e18('1000').toString(),
    });
    expect(`${next.status} ${next.body.error?.code}`).toBe('409 INSUFFICIENT_BALANCE');
  });

  it('C. a SIWE message claiming another address is refused; a nonce is single-use', async () => {
    const url = stack.server.url;
    const { nonce } = (await (await fetch(`${url}/auth/nonce`, { method: 'POST' })).json()) as { nonce: string };
    const message = signInMessage(alice.address, nonce);
    const verify = async (signature: string) => {
      const res = await fetch(`${url}/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature }),
      });
      return { status: res.status, code: ((await res.json()) as { error?: { code: string } }).error?.code };
    };
    expect(await verify(await mallory.signMessage({ message }))).toEqual({ status: 401, code: 'BAD_SIGNATURE' });
    const good = await alice.signMessage({ message });
    expect((await verify(good)).status).toBe(200);
    expect(await verify(good)).toEqual({ status: 401, code: 'NONCE_USED' });
  });
});
