/**
 * Second review of the vault and the signer (session 9), finding S-3 (LOW): the solvency invariant's
 * "liabilities" were the ledger's credited − withdrawn only. A fixed-term ("regular") deposit is paid into
 * the vault at once but credited only at maturity (principal and the interest fixed at purchase), so until
 * then the user's own principal counted as FREE reserve: `/vault/stats` showed it as the operator's
 * cushion, exchange quotes were judged against it (RESERVE_TOO_LOW did not fire), and a vault that held
 * nothing beyond its debts still signed withdrawals out of other users' locked principal (VAULT_SHORTFALL
 * did not fire). Before the fix: free reserve 10 USDT, bob's 300 USDT fixed-term deposit made it 310, and a
 * quote paying 291 USDT out of bob's principal was signed.
 *
 * Now what the ledger owes includes every active fixed-term order's principal and interest (its token is
 * that of the order's `regular` bill): the deposit moves the free reserve by −interest (the vault now owes
 * more than it received), the quote is refused RESERVE_TOO_LOW, and withdrawals are refused VAULT_SHORTFALL
 * while the vault cannot pay the interest it promised. On both databases, through the live indexer.
 */
import { ETERNO_CHAIN_ID, WITHDRAW_GAS_LIMIT } from '@eterno/protocol/chain';
import type { PurchaseAuthorisationJson } from '@eterno/protocol/financeApi';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { splitSignature, withdrawTypedData } from '@eterno/protocol/vault/typedData';
import { localSignerKey } from '@eterno/devstack/deploy';
import { erc20Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, DATABASES, e18, RealStack, type TestAccount } from '../realStack.ts';
import { VaultClient } from './vaultClient.ts';

const bob = account(2);
const signer = privateKeyToAccount(localSignerKey());

describe.each(DATABASES)('S-3: a fixed-term deposit is owed, not free reserve, on $name', ({ postgres }) => {
  let stack: RealStack;
  let v: VaultClient;
  let usdt: Address;
  let eusd: Address;

  /** Pays `amount` out of the vault to `to` with the signer's own voucher (outside the ledger). */
  async function drain(to: TestAccount, amount: bigint) {
    const nonce = (await stack.client.readContract({
      address: v.vault,
      abi: eternoVaultAbi,
      functionName: 'nonces',
      args: [to.address, 1],
    })) as bigint;
    const deadline = (await stack.client.getBlock()).timestamp + 600n;
    const message = { user: to.address, token: usdt, amount, nonce, deadline };
    const sig = splitSignature(
      await signer.signTypedData(withdrawTypedData({ chainId: ETERNO_CHAIN_ID, vault: v.vault }, message)),
    );
    await v.send(
      to,
      v.vault,
      eternoVaultAbi,
      'withdraw',
      [usdt, amount, deadline, sig.r, sig.s, sig.v],
      WITHDRAW_GAS_LIMIT,
    );
  }

  beforeAll(async () => {
    stack = await RealStack.start('s3');
    v = new VaultClient(stack);
    usdt = v.at('USDT');
    eusd = v.at('EUSD');
    await stack.startServer({ postgres });
    await stack.waitHead();
    await v.signIn(bob);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('the principal and interest of an active fixed-term order count as owed: no quote or voucher pays them out', async () => {
    // Bob has 10 USDT of his own in the ledger (a top-up: holdings and debts grow alike).
    await v.deposit(bob, usdt, e18('10'));
    await stack.waitHead();
    // Leave the vault 10 USDT beyond what it owes (paid out by the signer to addresses the ledger owes nothing,
    // 100,000 per transaction and 200,000 per address and day).
    let rest = (await v.stats(usdt)).freeReserve - e18('10');
    for (let i = 30; rest > 0n; i++) {
      const to = account(i);
      await v.fund(to, {});
      for (let k = 0; k < 2 && rest > 0n; k++) {
        const part = rest > e18('100000') ? e18('100000') : rest;
        await drain(to, part);
        rest -= part;
      }
    }
    await stack.waitHead();
    const before = await v.stats(usdt);
    expect(before.freeReserve).toBe(e18('10'));

    // Bob opens a 7-day fixed-term deposit of 300 USDT (0.2 % a day: 4.2 USDT interest at maturity).
    const res = await v.call(bob, 'POST', '/finance/regular-purchases', {
      productId: 101,
      amount: e18('300').toString(),
    });
    expect(res.status).toBe(201);
    const auth = res.body as PurchaseAuthorisationJson;
    await v.send(bob, usdt, erc20Abi, 'approve', [v.vault, BigInt(auth.amount)]);
    await v.send(bob, v.vault, eternoVaultAbi, 'diveInWithToken', [
      BigInt(auth.custom),
      BigInt(auth.custom1),
      auth.token,
      BigInt(auth.amount),
      BigInt(auth.deadline),
      auth.signature.r,
      auth.signature.s,
      auth.signature.v,
    ]);
    await stack.waitHead();
    const after = await v.stats(usdt);
    expect(after.holdings - before.holdings).toBe(e18('300'));
    expect(after.liabilities - before.liabilities).toBe(e18('304.2'));
    expect(after.freeReserve).toBe(e18('5.8'));

    // A quote paying 291 USDT would pay it out of bob's principal: refused.
    const quote = await v.askQuote(bob, eusd, usdt, e18('300'));
    expect(`${quote.status} ${quote.body.error?.code}`).toBe('409 RESERVE_TOO_LOW');

    // Take the vault 1 USDT below what it owes: withdrawals stop (nobody is paid out of bob's deposit).
    await v.fund(account(29), {});
    await drain(account(29), e18('6.8'));
    await stack.waitHead();
    expect((await v.stats(usdt)).freeReserve).toBe(-e18('1'));
    const w = await v.askWithdrawal(bob, usdt, e18('1'));
    expect(`${w.status} ${w.body.error?.code}`).toBe('503 VAULT_SHORTFALL');
  });
});
