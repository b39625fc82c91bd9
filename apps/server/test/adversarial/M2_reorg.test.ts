/**
 * Security review 2026-11, M-2 (MEDIUM): "A cancelled voucher stays valid on chain; nonce k+1 is signed
 * against the unfinalised indexed nonce-k withdrawal. A reorg that swaps which nonce-k voucher executes
 * pays both: 1,900 USDT out of a 1,000 USDT balance" — the review's test D: a voucher for everything,
 * cancelled (its signature kept); a small one of the same nonce, mined and indexed; the rest signed for
 * nonce k+1; a 2-block reorg (anvil snapshot/revert) where the cancelled one takes nonce k; the rest pays
 * too.
 *
 * Now a withdrawal is judged only on final indexed state (the deployments' confirmations) and a cancelled
 * voucher keeps holding its amount until its deadline has passed on final state. This runs test D against
 * the live server on PostgreSQL with the local default (0 confirmations: the cancelled voucher's
 * reservation refuses the rest) and with 2 confirmations (the rest is refused until the small withdrawal
 * is final), and proves bob is paid at most his balance either way.
 */
import type { WithdrawalJson } from '@eterno/protocol/vaultApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, e18, RealStack } from '../realStack.ts';
import { VaultClient } from './vaultClient.ts';

const bob = account(2);

describe.each([
  { confirmations: 0, refusal: 'INSUFFICIENT_BALANCE' },
  { confirmations: 2, refusal: 'INDEXER_BEHIND' },
])(
  'M-2: a reorg cannot pay a cancelled voucher and the next one, $confirmations confirmations, PostgreSQL',
  ({ confirmations, refusal }) => {
    let stack: RealStack;
    let v: VaultClient;

    beforeAll(async () => {
      stack = await RealStack.start(`m2-${confirmations}`);
      v = new VaultClient(stack);
      await stack.startServer({ postgres: true, confirmations });
      await stack.waitHead();
      await v.signIn(bob);
    });

    afterAll(async () => {
      await stack?.stop();
    });

    /** With confirmations, blocks on top until the user's latest movement is final. */
    async function untilFinal(): Promise<void> {
      if (confirmations > 0) await stack.test.mine({ blocks: confirmations });
      await stack.waitHead();
    }

    it('test D: the swap of nonce k by a reorg pays bob at most his 1,000 USDT', async () => {
      const usdt = v.at('USDT');
      await v.deposit(bob, usdt, e18('1000'));
      await untilFinal();
      const ask = (amount: string) => v.askWithdrawal(bob, usdt, e18(amount));
      // Nonce k: a voucher for everything, cancelled (the wallet "refused"; the signature is kept) ...
      const big = (await ask('1000')).body as WithdrawalJson;
      expect((await v.call(bob, 'POST', `/vault/withdrawals/${big.id}/cancel`)).status).toBe(200);
      // ... then a small one of the same nonce: only one of the two can ever pay, so it is signed.
      const small = await ask('100');
      expect(small.status).toBe(201);
      expect((small.body as WithdrawalJson).nonce).toBe(big.nonce);
      const before = await v.balanceOf(usdt, bob.address);
      // The small one is mined and indexed.
      const snapshot = await stack.test.snapshot();
      expect(await v.withdraw(bob, small.body as WithdrawalJson)).toBe(true);
      await stack.test.mine({ blocks: 1 });
      await stack.waitHead();
      // The rest, for nonce k+1, is refused: the cancelled 1,000 could still replace the 100 (0 confirmations),
      // or the 100 is not final yet (2 confirmations).
      const rest = await ask('900');
      expect(`${rest.status} ${rest.body.error?.code}`).toBe(`${refusal === 'INDEXER_BEHIND' ? 503 : 409} ${refusal}`);
      // A 2-block reorg: on the new branch the cancelled big voucher takes nonce k instead of the small one.
      await stack.test.revert({ id: snapshot });
      expect(await v.withdraw(bob, big)).toBe(true);
      await stack.test.mine({ blocks: 3 });
      await untilFinal();
      const paid = (await v.balanceOf(usdt, bob.address)) - before;
      console.log(`M2 (${confirmations} confirmations): paid to bob ${paid / 10n ** 18n} USDT for a 1000 USDT balance`);
      expect(paid).toBe(e18('1000'));
      // After the reorg the ledger has the 1,000 withdrawn: nothing more is signed.
      const after = await ask('1');
      expect(`${after.status} ${after.body.error?.code}`).toBe('409 INSUFFICIENT_BALANCE');
      const balances = (await v.call(bob, 'GET', '/vault/balances')).body as {
        balances: Array<{ token: string; withdrawn: string; available: string }>;
      };
      expect(balances.balances.find((b) => b.token === usdt)).toMatchObject({
        withdrawn: e18('1000').toString(),
        available: '0',
      });
    });
  },
);
