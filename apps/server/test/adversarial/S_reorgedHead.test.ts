/**
 * Second review of the vault and the signer (session 9), finding S-1 (LOW): the solvency read took the
 * vault's holdings at the indexed head's block NUMBER. With confirmations (a network where reorgs happen),
 * a reorg within the depth leaves a moment where the indexer still holds the replaced block while the
 * chain answers for the block now at that height: the ledger of one branch against the holdings of the
 * other. A block producer who reorgs out its own withdrawal in that moment makes the holdings (the new
 * block: the withdrawal's tokens still in the vault) look larger than the ledger's debts (the old block:
 * the withdrawal already paid) by the withdrawal's amount, and a quote signed then promises that amount
 * out of users' money; the voucher, still valid, pays again on the new branch. Before the fix: free
 * reserve 100 EUSD, the quote for 4,850 EUSD was signed, and after both executed the vault held 4,750
 * EUSD less than the ledger owed.
 *
 * Now the indexed head carries its block hash and the holdings are read at that hash (EIP-1898,
 * `requireCanonical`): a head the chain no longer has answers INDEXER_BEHIND. This proves, on both store
 * engines: during the reorg window the quote is refused INDEXER_BEHIND, once the indexer follows the
 * new branch it is refused RESERVE_TOO_LOW, the voucher pays on the new branch, and the vault still holds
 * what the ledger owes.
 */
import type { WithdrawalJson } from '@eterno/protocol/vaultApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../backends.ts';
import { e18, InProcessVault, who } from './inProcessVault.ts';

const alice = who(1);
const bob = who(2);

describe.each(BACKENDS)('S-1: the solvency read follows the indexed block, not its height, on $name', (backend) => {
  let v: InProcessVault;

  beforeAll(async () => {
    v = await InProcessVault.start(backend, { confirmations: 2 });
    for (const w of [alice, bob]) await v.signIn(w);
  }, 180_000);

  afterAll(async () => {
    await v?.stop();
  });

  it('a reorg that takes back an indexed withdrawal never makes room for a quote', async () => {
    const eusd = v.at('EUSD');
    const usdt = v.at('USDT');
    await v.give(alice, eusd, e18('10000'));
    await v.give(bob, usdt, e18('10000'));
    await v.deposit(alice, eusd, e18('10000'));
    // Leave the vault 100 EUSD beyond what the ledger owes (the reserve paid out by the signer, outside the
    // ledger), then let it all become final (2 confirmations).
    await v.ledger.catchUp();
    const surplus = (await v.free(eusd)) - e18('100');
    await v.drain(eusd, surplus / 2n, who(0));
    await v.drain(eusd, surplus - surplus / 2n, who(0));
    await v.test.mine({ blocks: 2 });
    await v.ledger.catchUp();
    expect(await v.free(eusd)).toBe(e18('100'));

    const asked = await v.askWithdrawal(alice, eusd, e18('10000'));
    expect(asked.status).toBe(201);
    const voucher = asked.body as WithdrawalJson;
    const fork = await v.test.snapshot();
    expect(await v.withdraw(alice, voucher)).toBe(true);
    await v.ledger.catchUp();
    expect(await v.free(eusd)).toBe(e18('100'));
    const indexed = await v.ledger.head();

    // The producer replaces that block: same height, no withdrawal. The indexer has not seen it yet.
    await v.test.revert({ id: fork });
    await v.test.mine({ blocks: 1 });
    expect(await v.client.getBlockNumber({ cacheTime: 0 })).toBe(indexed!.blockNumber);
    const during = await v.askQuote(bob, usdt, eusd, e18('5000'));
    expect(`${during.status} ${during.body.error?.code}`).toBe('503 INDEXER_BEHIND');

    // The indexer follows the new branch: the free reserve is 100 EUSD again, the quote is refused.
    await v.ledger.catchUp();
    expect(await v.free(eusd)).toBe(e18('100'));
    const after = await v.askQuote(bob, usdt, eusd, e18('5000'));
    expect(`${after.status} ${after.body.error?.code}`).toBe('409 RESERVE_TOO_LOW');
    // Alice's voucher, still valid, pays on the new branch; the vault still holds what it owes.
    expect(await v.withdraw(alice, voucher)).toBe(true);
    await v.test.mine({ blocks: 2 });
    await v.ledger.catchUp();
    expect(await v.free(eusd)).toBe(e18('100'));
    expect(await v.balanceOf(eusd, v.vault)).toBeGreaterThanOrEqual(
      (await v.ctx.reserve()).tokens.find((t) => t.token === eusd)!.owed,
    );
  });
});
