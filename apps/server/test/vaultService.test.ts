/**
 * The vault routes in this process on each store engine (embedded PGlite, PostgreSQL), over a real
 * anvil with the deployed vault, the real signer and sign-in, and a ledger read from the chain's
 * events up to a block the test chooses (test/chainLedger.ts): so the indexer's lag is explicit.
 * 20 racing requests sign once; a voucher settles, expires (by indexed time only), is cancelled, is
 * refused INDEXER_BEHIND while the indexer lags the chain; the crash points lose nothing and sign
 * nothing twice; exchange quotes execute on chain for exactly their amounts, and one the vault's free
 * reserve cannot pay is refused (RESERVE_TOO_LOW).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import {
  ETERNO_CHAIN_ID,
  GAS_LIMIT,
  LOCAL_TEST_MNEMONIC,
  WITHDRAW_GAS_LIMIT,
  defineEternoChain,
} from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { buildSignInMessage } from '@eterno/protocol/siwe';
import type { DepositAuthorisationJson, ExchangeQuoteJson, WithdrawalJson } from '@eterno/protocol/vaultApi';
import type { Hono } from 'hono';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  type Abi,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultApp } from '../src/api/vaultApp.ts';
import { createAuthApp } from '../src/auth/app.ts';
import { sessionUser } from '../src/auth/session.ts';
import { createHttpApp } from '../src/http/app.ts';
import { createAuthStore } from '../src/store/authStore.ts';
import type { Sql } from '../src/store/sql.ts';
import { createQuoteStore } from '../src/store/quoteStore.ts';
import { createVoucherStore, type VoucherStore } from '../src/store/voucherStore.ts';
import type { VaultContext } from '../src/vault/context.ts';
import { quoteAmounts } from '../src/vault/exchange.ts';
import { openVaultContext } from '../src/vault/open.ts';
import { BACKENDS } from './backends.ts';
import { chainLedger, type ChainLedger } from './chainLedger.ts';

const e18 = (n: string) => parseUnits(n, 18);
const deployer = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });
type TestAccount = typeof alice;
const DOMAIN = '127.0.0.1:5173';

describe.each(BACKENDS)('vault service on $name', (backend) => {
  let anvil: Anvil;
  let dir: string;
  let sql: Sql;
  let stopBackend: () => Promise<void>;
  let contracts: Deployments['contracts'];
  let client: PublicClient;
  let ledger: ChainLedger;
  let store: VoucherStore;
  let ctx: VaultContext;
  let app: Hono;
  const sessions = new Map<TestAccount, string>();

  const at = (name: ContractKey): Address => contracts[name].toLowerCase() as Address;

  async function send(
    account: TestAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    gas = GAS_LIMIT,
  ): Promise<Hash> {
    const wallet = createWalletClient({
      account,
      chain: defineEternoChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    });
    const hash = await wallet.writeContract({ address, abi, functionName, args, gas });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
    return hash;
  }

  async function call(method: 'GET' | 'POST', path: string, who: TestAccount | null, body?: unknown) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who) headers.authorization = `Bearer ${sessions.get(who)}`;
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function signIn(account: TestAccount) {
    const { nonce } = (await (await app.request('/auth/nonce', { method: 'POST' })).json()) as { nonce: string };
    const now = new Date();
    const message = buildSignInMessage({
      address: account.address,
      chainId: ETERNO_CHAIN_ID,
      domain: DOMAIN,
      uri: `http://${DOMAIN}`,
      nonce,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + 300_000),
    });
    const res = await app.request('/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    });
    sessions.set(account, ((await res.json()) as { token: string }).token);
  }

  const balanceOf = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  async function deposit(account: TestAccount, token: Address, amount: bigint) {
    const { status, body } = await call('POST', '/vault/deposits', account, { token, amount: amount.toString() });
    expect(status).toBe(200);
    const auth = body as DepositAuthorisationJson;
    expect(auth).toMatchObject({ custom: '0', custom1: '0', user: account.address.toLowerCase() });
    await send(account, token, erc20Abi, 'approve', [at('EternoVault'), amount]);
    await send(account, at('EternoVault'), eternoVaultAbi, 'diveInWithToken', [
      0n,
      0n,
      token,
      amount,
      BigInt(auth.deadline),
      auth.signature.r,
      auth.signature.s,
      auth.signature.v,
    ]);
  }

  const withdrawArgs = (v: WithdrawalJson) => [
    v.token,
    BigInt(v.amount),
    BigInt(v.deadline),
    v.signature!.r,
    v.signature!.s,
    v.signature!.v,
  ];

  async function balanceRow(account: TestAccount, token: Address) {
    const { status, body } = await call('GET', '/vault/balances', account);
    expect(status).toBe(200);
    return (body.balances as Array<Record<string, string>>).find((b) => b.token === token)!;
  }

  const list = async (account: TestAccount): Promise<WithdrawalJson[]> =>
    (await call('GET', '/vault/withdrawals', account)).body.withdrawals;
  const voucherRows = async () =>
    Number(
      (await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM eterno_offchain.withdrawal_voucher', []))
        .rows[0]!.n,
    );

  beforeAll(async () => {
    anvil = await startAnvil();
    dir = await mkdtemp(join(tmpdir(), 'eterno-vault-service-'));
    const deploymentsFile = join(dir, 'deployments.json');
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    client = createPublicClient({
      chain: defineEternoChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    });
    const opened = await backend.open();
    sql = opened.sql;
    stopBackend = opened.stop;
    const auth = await createAuthStore(sql);
    store = await createVoucherStore(sql);
    ledger = chainLedger(client, at('EternoVault'), at('EULP'));
    await ledger.catchUp();
    ctx = openVaultContext(
      { ETERNO_DEPLOYMENTS: deploymentsFile, PONDER_RPC_URL_201022: anvil.rpcUrl, ETERNO_SIGNER_KEY: localSignerKey() },
      { ledger, store, quotes: await createQuoteStore(sql) },
    );
    app = createHttpApp({ corsOrigins: [`http://${DOMAIN}`] });
    app.route(
      '/',
      createAuthApp({
        store: auth,
        // No registry is indexed in this in-process stack: every wallet is unregistered.
        registry: async () => null,
        domains: [DOMAIN],
        origins: [`http://${DOMAIN}`],
        chainId: ETERNO_CHAIN_ID,
        clientKey: () => 'test',
      }),
    );
    app.route(
      '/',
      createVaultApp({
        ctx,
        session: sessionUser(auth),
        clientKey: () => 'test',
        // 20 simultaneous requests of one user below: the rate limit has its own tests (src/api/vaultApp.test.ts).
        rateLimit: { burst: 1_000, refillMs: 1 },
      }),
    );
    for (const account of [alice, bob, carol]) await signIn(account);
  }, 180_000);

  afterAll(async () => {
    await sql?.close();
    await stopBackend?.();
    await anvil?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a deposit authorisation pays in; the ledger then shows it released and available', async () => {
    await deposit(alice, at('USDT'), e18('500'));
    expect((await balanceRow(alice, at('USDT'))).released).toBe('0');
    await ledger.catchUp();
    expect(await balanceRow(alice, at('USDT'))).toMatchObject({
      released: e18('500').toString(),
      reserved: '0',
      available: e18('500').toString(),
    });
  });

  it('refuses bad requests with their codes and writes nothing', async () => {
    const usdt = at('USDT');
    const before = await voucherRows();
    for (const [body, expected] of [
      [{ token: usdt, amount: '0' }, '400 INVALID_AMOUNT'],
      [{ token: usdt, amount: '12.5' }, '400 INVALID_AMOUNT'],
      [{ token: at('PUSD'), amount: '1' }, '400 TOKEN_NOT_SUPPORTED'],
      [{ token: usdt }, '400 INVALID_AMOUNT'],
      [{ token: usdt, amount: (e18('500') + 1n).toString() }, '409 INSUFFICIENT_BALANCE'],
      [{ token: at('ETRO'), amount: '1' }, '409 INSUFFICIENT_BALANCE'],
    ] as const) {
      const res = await call('POST', '/vault/withdrawals', alice, body);
      expect(`${res.status} ${res.body.error.code}`).toBe(expected);
    }
    const bad = await app.request('/vault/withdrawals', {
      method: 'POST',
      headers: { authorization: `Bearer ${sessions.get(alice)}` },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/vault/withdrawals', null, { token: usdt, amount: '1' })).status).toBe(401);
    expect(await voucherRows()).toBe(before);
  });

  it('20 simultaneous requests by one user sign exactly one voucher; reserved = its amount', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/vault/withdrawals', alice, { token: at('USDT'), amount: e18('300').toString() }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.error.code}`)).toEqual(
      Array(19).fill('409 VOUCHER_OPEN'),
    );
    expect(await voucherRows()).toBe(1);
    expect(await balanceRow(alice, at('USDT'))).toMatchObject({
      reserved: e18('300').toString(),
      available: e18('200').toString(),
    });
    const [voucher] = await list(alice);
    expect(voucher).toMatchObject({ state: 'signed', nonce: '0', amount: e18('300').toString() });
  });

  it('settles only once the withdrawal is indexed: a mined one is neither returned nor re-signed', async () => {
    const [voucher] = await list(alice);
    const before = await balanceOf(at('USDT'), alice.address);
    const hash = await send(
      alice,
      at('EternoVault'),
      eternoVaultAbi,
      'withdraw',
      withdrawArgs(voucher!),
      WITHDRAW_GAS_LIMIT,
    );
    expect((await balanceOf(at('USDT'), alice.address)) - before).toBe(e18('300'));
    // Mined, not indexed: still open (reserved), and no new voucher.
    expect((await list(alice))[0]?.state).toBe('signed');
    expect((await call('POST', '/vault/withdrawals', alice, { token: at('USDT'), amount: '1' })).body.error.code).toBe(
      'VOUCHER_OPEN',
    );
    await ledger.catchUp();
    expect((await list(alice))[0]).toMatchObject({ state: 'settled', settledTx: hash, signature: null });
    expect(await balanceRow(alice, at('USDT'))).toMatchObject({
      withdrawn: e18('300').toString(),
      reserved: '0',
      available: e18('200').toString(),
    });
  });

  it('a cancelled voucher sent anyway settles; until indexed the next request is INDEXER_BEHIND', async () => {
    const created = (
      await call('POST', '/vault/withdrawals', alice, { token: at('USDT'), amount: e18('20').toString() })
    ).body as WithdrawalJson;
    expect(created.nonce).toBe('1');
    expect((await call('POST', `/vault/withdrawals/${created.id}/cancel`, bob)).status).toBe(404);
    expect((await call('POST', `/vault/withdrawals/${created.id}/cancel`, alice)).body.state).toBe('cancelled');
    expect((await call('POST', `/vault/withdrawals/${created.id}/cancel`, alice)).status).toBe(404);
    await send(alice, at('EternoVault'), eternoVaultAbi, 'withdraw', withdrawArgs(created), WITHDRAW_GAS_LIMIT);
    const behind = await call('POST', '/vault/withdrawals', alice, { token: at('USDT'), amount: e18('10').toString() });
    expect(`${behind.status} ${behind.body.error.code}`).toBe('503 INDEXER_BEHIND');
    await ledger.catchUp();
    expect((await list(alice))[0]).toMatchObject({ id: created.id, state: 'settled' });
    expect(await balanceRow(alice, at('USDT'))).toMatchObject({
      withdrawn: e18('320').toString(),
      available: e18('180').toString(),
    });
  });

  it('expires by the indexed time only; then a new voucher has the same nonce and the old one is refused on chain', async () => {
    const open = (await call('POST', '/vault/withdrawals', alice, { token: at('USDT'), amount: e18('50').toString() }))
      .body as WithdrawalJson;
    expect(open.nonce).toBe('2');
    const test = createTestClient({
      chain: defineEternoChain(anvil.rpcUrl),
      mode: 'anvil',
      transport: http(anvil.rpcUrl),
    });
    await test.setNextBlockTimestamp({ timestamp: BigInt(open.deadline) + 1n });
    await test.mine({ blocks: 1 });
    // The chain is past the deadline, the indexer not yet: still open.
    expect((await list(alice))[0]?.state).toBe('signed');
    await ledger.catchUp();
    expect((await list(alice))[0]).toMatchObject({ id: open.id, state: 'expired', signature: null });
    expect((await balanceRow(alice, at('USDT'))).reserved).toBe('0');
    const next = (await call('POST', '/vault/withdrawals', alice, { token: at('USDT'), amount: e18('50').toString() }))
      .body as WithdrawalJson;
    expect(next.nonce).toBe('2');
    await expect(
      send(alice, at('EternoVault'), eternoVaultAbi, 'withdraw', withdrawArgs(open), WITHDRAW_GAS_LIMIT),
    ).rejects.toThrow();
    const before = await balanceOf(at('USDT'), alice.address);
    await send(alice, at('EternoVault'), eternoVaultAbi, 'withdraw', withdrawArgs(next), WITHDRAW_GAS_LIMIT);
    expect((await balanceOf(at('USDT'), alice.address)) - before).toBe(e18('50'));
    await ledger.catchUp();
    expect((await list(alice)).map((v) => v.state).slice(0, 2)).toEqual(['settled', 'expired']);
  });

  it('a crash before the commit leaves no row; after the commit the voucher is kept, listed, usable, and not signed twice', async () => {
    await deposit(carol, at('USDT'), e18('100'));
    await ledger.catchUp();
    const before = await voucherRows();
    ctx.faults = {
      beforeCommit: () => {
        throw new Error('crash before commit');
      },
    };
    const crashed = await call('POST', '/vault/withdrawals', carol, {
      token: at('USDT'),
      amount: e18('10').toString(),
    });
    expect([crashed.status, crashed.body.error.code]).toEqual([500, 'INTERNAL']);
    expect(await voucherRows()).toBe(before);
    expect(await list(carol)).toEqual([]);

    ctx.faults = {
      afterCommit: () => {
        throw new Error('crash after commit');
      },
    };
    const lost = await call('POST', '/vault/withdrawals', carol, { token: at('USDT'), amount: e18('10').toString() });
    expect(lost.status).toBe(500);
    ctx.faults = undefined;
    expect(await voucherRows()).toBe(before + 1);
    const retry = await call('POST', '/vault/withdrawals', carol, { token: at('USDT'), amount: e18('10').toString() });
    expect(`${retry.status} ${retry.body.error.code}`).toBe('409 VOUCHER_OPEN');
    expect(await voucherRows()).toBe(before + 1);
    const [kept] = await list(carol);
    expect(kept).toMatchObject({ state: 'signed', nonce: '0' });
    const wallet = await balanceOf(at('USDT'), carol.address);
    await send(carol, at('EternoVault'), eternoVaultAbi, 'withdraw', withdrawArgs(kept!), WITHDRAW_GAS_LIMIT);
    expect((await balanceOf(at('USDT'), carol.address)) - wallet).toBe(e18('10'));
    await ledger.catchUp();
    expect((await list(carol))[0]?.state).toBe('settled');
  }, 60_000);

  it('requests of two users at once (one group): a crash in one writes nothing for it and keeps the other', async () => {
    const before = await voucherRows();
    let crashes = 0;
    ctx.faults = {
      beforeCommit: () => {
        if (crashes++ === 0) throw new Error('crash before commit');
      },
    };
    const answers = await Promise.all(
      [alice, carol].map((who) =>
        call('POST', '/vault/withdrawals', who, { token: at('USDT'), amount: e18('5').toString() }),
      ),
    );
    ctx.faults = undefined;
    expect(answers.map((a) => a.status).sort()).toEqual([201, 500]);
    const [signed, crashed] = answers[0]!.status === 201 ? [alice, carol] : [carol, alice];
    expect(await voucherRows()).toBe(before + 1);
    const [open] = (await list(signed)).filter((v) => v.state === 'signed');
    expect(open).toMatchObject({ amount: e18('5').toString() });
    expect((await list(crashed)).filter((v) => v.state === 'signed')).toEqual([]);
    // The crashed user asks again: signed once, alone.
    const again = await call('POST', '/vault/withdrawals', crashed, { token: at('USDT'), amount: e18('5').toString() });
    expect(again.status).toBe(201);
    expect(await voucherRows()).toBe(before + 2);
    for (const [who, id] of [
      [signed, open!.id],
      [crashed, (again.body as WithdrawalJson).id],
    ] as const)
      expect((await call('POST', `/vault/withdrawals/${id}/cancel`, who)).status).toBe(200);
  });

  it('an exchange quote is signed before the wallet acts and executes for exactly its amounts', async () => {
    const usdt = at('USDT');
    const eusd = at('EUSD');
    const quote = await call('POST', '/vault/exchange-quotes', bob, {
      tokenIn: usdt,
      tokenOut: eusd,
      amountIn: e18('100').toString(),
    });
    expect(quote.status).toBe(200);
    const q = quote.body as ExchangeQuoteJson;
    expect(q).toMatchObject({
      pricing: 'fixed',
      feeBps: 300,
      amountOut: e18('97').toString(),
      fee: e18('3').toString(),
      nonce: '0',
    });
    const [inBefore, outBefore] = [await balanceOf(usdt, bob.address), await balanceOf(eusd, bob.address)];
    await send(bob, usdt, erc20Abi, 'approve', [at('EternoVault'), e18('100')]);
    await send(bob, at('EternoVault'), eternoVaultAbi, 'pureTransfer', [
      BigInt(q.amountIn),
      BigInt(q.amountOut),
      usdt,
      eusd,
      BigInt(q.deadline),
      q.signature.r,
      q.signature.s,
      q.signature.v,
    ]);
    expect(inBefore - (await balanceOf(usdt, bob.address))).toBe(e18('100'));
    expect((await balanceOf(eusd, bob.address)) - outBefore).toBe(e18('97'));
    // The chain's nonce moved; until indexed the next quote waits.
    expect(
      (await call('POST', '/vault/exchange-quotes', bob, { tokenIn: usdt, tokenOut: eusd, amountIn: '1000' })).body
        .error.code,
    ).toBe('INDEXER_BEHIND');
    await ledger.catchUp();
    const etro = await call('POST', '/vault/exchange-quotes', bob, {
      tokenIn: at('ETRO'),
      tokenOut: usdt,
      amountIn: e18('10').toString(),
    });
    expect([etro.status, etro.body.pricing, etro.body.nonce]).toEqual([200, 'twap', '1']);
    for (const [body, expected] of [
      [{ tokenIn: usdt, tokenOut: usdt, amountIn: '1000' }, '400 EXCHANGE_PAIR_UNSUPPORTED'],
      [{ tokenIn: usdt, tokenOut: at('PUSD'), amountIn: '1000' }, '400 TOKEN_NOT_SUPPORTED'],
      [{ tokenIn: usdt, tokenOut: eusd, amountIn: e18('20000').toString() }, '422 OVER_USER_DAY_CAP'],
    ] as const) {
      const res = await call('POST', '/vault/exchange-quotes', bob, body);
      expect(`${res.status} ${res.body.error.code}`).toBe(expected);
    }
    const capped = await call('POST', '/vault/exchange-quotes', bob, {
      tokenIn: usdt,
      tokenOut: eusd,
      amountIn: e18('20000').toString(),
    });
    expect(capped.body.error.params).toEqual({ remaining: '9903' });
  });

  /**
   * A payout outside the ledger (what a signer bug or a stolen key would do): the signer's own vouchers for
   * addresses the ledger owes nothing, paid on chain. It lowers the holdings, not what the ledger owes.
   */
  async function drain(token: Address, amount: bigint, to: TestAccount) {
    const vault = at('EternoVault');
    const nonce = await client.readContract({
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'nonces',
      args: [to.address, 1],
    });
    const deadline = (await client.getBlock()).timestamp + 600n;
    const sig = await ctx.signer.signWithdraw({ user: to.address, token, amount, nonce, deadline });
    await send(
      to,
      vault,
      eternoVaultAbi,
      'withdraw',
      [token, amount, deadline, sig.r, sig.s, sig.v],
      WITHDRAW_GAS_LIMIT,
    );
  }

  it('refuses a quote the vault’s free reserve cannot pay (RESERVE_TOO_LOW, logged), and signs one it can pay exactly', async () => {
    const usdt = at('USDT');
    const eusd = at('EUSD');
    const vault = at('EternoVault');
    // 150,000 EUSD leave outside the ledger: the free reserve drops below the exchange budget on chain.
    await drain(eusd, e18('75000'), deployer);
    await drain(eusd, e18('75000'), deployer);
    await ledger.catchUp();
    const settings = ctx.settings;
    const log = ctx.log;
    const lines: Array<Record<string, unknown>> = [];
    ctx.settings = { ...settings, exchangeUserDayCap: e18('1000000'), exchangeDayBudget: e18('1000000') };
    ctx.log = (entry) => lines.push(entry);
    try {
      // Free: the vault's EUSD at the indexed head − what the ledger owes in EUSD − the unexpired EUSD quotes.
      const { holdings, owed, unexpiredQuotes } = (await ctx.reserve()).tokens.find((t) => t.token === eusd)!;
      expect(holdings).toBe(await balanceOf(eusd, vault));
      const free = holdings - owed - unexpiredQuotes;
      expect(free).toBeGreaterThan(0n);
      const [, , , , , budget] = await client.readContract({
        address: vault,
        abi: eternoVaultAbi,
        functionName: 'tokenInfo',
        args: [eusd],
      });
      expect(free).toBeLessThan(budget);
      // The largest amountIn whose output (1:1, less the 3 % fee rounded up) the reserve still pays.
      let [low, high] = [0n, free * 2n];
      while (high - low > 1n) {
        const mid = (low + high) / 2n;
        if (quoteAmounts(mid, 10n ** 18n, settings.exchangeFeeBps).amountOut <= free) low = mid;
        else high = mid;
      }
      // A quote is signed only for a wallet that holds its input (second review S-2): carol holds it.
      const held = await balanceOf(usdt, carol.address);
      if (held < high) await send(deployer, usdt, erc20Abi, 'transfer', [carol.address, high - held]);
      const ask = (amountIn: bigint) =>
        call('POST', '/vault/exchange-quotes', carol, { tokenIn: usdt, tokenOut: eusd, amountIn: amountIn.toString() });
      const refused = await ask(high);
      expect(quoteAmounts(high, 10n ** 18n, settings.exchangeFeeBps).amountOut).toBeGreaterThan(free);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'RESERVE_TOO_LOW',
        message: 'The vault cannot cover this exchange right now, please try a smaller amount',
      });
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'warn',
          msg: 'solvency: refused',
          code: 'RESERVE_TOO_LOW',
          kind: 'quote',
          token: eusd,
        }),
      ]);
      const paid = await ask(low);
      expect(paid.status).toBe(200);
      expect(BigInt((paid.body as ExchangeQuoteJson).amountOut)).toBeLessThanOrEqual(free);
      // The signed quote is a reservation: another user's next one, for anything, is refused while it can
      // execute; carol's own new quote of the same nonce replaces hers (only one of them can execute).
      const other = await call('POST', '/vault/exchange-quotes', alice, {
        tokenIn: usdt,
        tokenOut: eusd,
        amountIn: e18('1').toString(),
      });
      expect(other.body.error.code).toBe('RESERVE_TOO_LOW');
      expect((await ask(low)).status).toBe(200);
    } finally {
      ctx.settings = settings;
      ctx.log = log;
    }
  });

  it('signs no voucher while the vault holds less than the ledger owes (VAULT_SHORTFALL, logged)', async () => {
    const usdt = at('USDT');
    const vault = at('EternoVault');
    const { holdings, owed } = (await ctx.reserve()).tokens.find((t) => t.token === usdt)!;
    // Take the holdings below what the ledger owes, outside the ledger, to addresses it owes no USDT
    // (three of them: the per-user day cap).
    let rest = holdings - owed + e18('1');
    for (const who of [deployer, bob, mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 5 })]) {
      const part = rest > e18('100000') ? e18('100000') : rest;
      if (part > 0n) await drain(usdt, part, who);
      rest -= part;
    }
    await ledger.catchUp();
    const log = ctx.log;
    const lines: Array<Record<string, unknown>> = [];
    ctx.log = (entry) => lines.push(entry);
    try {
      const refused = await call('POST', '/vault/withdrawals', alice, { token: usdt, amount: e18('1').toString() });
      expect(`${refused.status} ${refused.body.error.code}`).toBe('503 VAULT_SHORTFALL');
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'warn',
          msg: 'solvency: refused',
          code: 'VAULT_SHORTFALL',
          kind: 'voucher',
          token: usdt,
        }),
      ]);
      const line = lines[0]!;
      const big = (k: string) => BigInt(String(line[k]));
      expect(big('free')).toBe(big('holdings') - big('owed') - big('unexpiredQuotes'));
      expect(big('holdings') - big('owed')).toBe(-e18('1'));
      const stats = await call('GET', '/vault/limits', alice);
      expect(stats.status).toBe(200);
      expect(await balanceOf(usdt, vault)).toBe((await ctx.reserve()).tokens.find((t) => t.token === usdt)!.holdings);
    } finally {
      ctx.log = log;
    }
  });
});
