/**
 * The vault routes against the real thing: anvil, the deploy + seed (the vault, its signer = the
 * seeded `signer` account), the server (`ponder start`) on PGlite and on PostgreSQL, sign-in with
 * SIWE. Deposits, vouchers (20 racing requests sign once; settle; cancel; expiry by moving the
 * chain's time, the timeout return, the same nonce again, the old signature refused on chain),
 * exchange quotes executed on chain, bills, every refusal with nothing written. On PostgreSQL also
 * the crash points of a voucher request (in this process, over the same indexer and store).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID, GAS_LIMIT, LOCAL_TEST_MNEMONIC, WITHDRAW_GAS_LIMIT } from '@eterno/protocol/chain';
import type { ContractKey, Deployments } from '@eterno/protocol/deployments';
import { eternoVaultAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import type {
  BillsResponseJson,
  DepositAuthorisationJson,
  ExchangeQuoteJson,
  LedgerBalancesResponseJson,
  VaultConfigJson,
  VaultStatsJson,
  WithdrawalJson,
  WithdrawalsResponseJson,
} from '@eterno/protocol/vaultApi';
import {
  createPublicClient,
  createTestClient,
  defineChain,
  erc20Abi,
  http,
  parseUnits,
  type Abi,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedBlock, startServer, type RunningServer } from '../scripts/start.ts';
import { apiCall, sendTx, signIn as signInAt, SIWE_DOMAIN } from './apiClient.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { openIndexerDb, type IndexerDb } from '../reader/indexerDb.ts';
import { openPglite, openPostgres, type Sql } from '../src/store/sql.ts';
import { createQuoteStore } from '../src/store/quoteStore.ts';
import { createVoucherStore } from '../src/store/voucherStore.ts';
import { openVaultContext } from '../src/vault/open.ts';
import { ponderLedger } from '../src/vault/ponderLedger.ts';
import { requestWithdrawal } from '../src/vault/vouchers.ts';
import { ApiError } from '../src/http/errors.ts';
import type { VaultContext } from '../src/vault/context.ts';

const e18 = (n: string) => parseUnits(n, 18);
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });
const carol = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 3 });
type TestAccount = typeof alice;

const DATABASES: Array<{ name: string; postgres: boolean }> = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(DATABASES)('vault routes on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pg: TestPostgres | null = null;
  let server: RunningServer;
  let dataDir: string;
  let deploymentsFile: string;
  let contracts: Deployments['contracts'];
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  const tokens = new Map<TestAccount, string>();

  const at = (name: ContractKey): Address => contracts[name].toLowerCase() as Address;

  const send = (
    account: TestAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    gas: bigint = GAS_LIMIT,
  ): Promise<Hash> => sendTx({ rpcUrl: anvil.rpcUrl, chain, client }, account, address, abi, functionName, args, gas);

  async function untilIndexed(): Promise<void> {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const deadline = Date.now() + 60_000;
    while (((await indexedBlock(server.indexerUrl)) ?? -1) < head) {
      if (Date.now() > deadline) throw new Error(`the indexer did not reach block ${head}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The API process on PostgreSQL reads the same tables; PGlite's API is the indexer's process.
  }

  const call = (method: 'GET' | 'POST', path: string, who: TestAccount | null, body?: unknown) =>
    apiCall(server.url, method, path, who === null ? null : (tokens.get(who) ?? null), body);

  async function signIn(account: TestAccount): Promise<void> {
    tokens.set(account, await signInAt(server.url, account));
  }

  const balanceOf = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  async function ledgerOf(account: TestAccount, token: Address) {
    const { status, body } = await call('GET', '/vault/balances', account);
    expect(status).toBe(200);
    const row = (body as LedgerBalancesResponseJson).balances.find((b) => b.token === token);
    if (row === undefined) throw new Error(`no ledger row for ${token}`);
    return row;
  }

  async function depositFor(account: TestAccount, token: Address, amount: bigint): Promise<Hash> {
    const { status, body } = await call('POST', '/vault/deposits', account, { token, amount: amount.toString() });
    expect(status).toBe(200);
    const auth = body as DepositAuthorisationJson;
    await send(account, token, erc20Abi, 'approve', [at('EternoVault'), amount]);
    return send(account, at('EternoVault'), eternoVaultAbi, 'diveInWithToken', [
      BigInt(auth.custom),
      BigInt(auth.custom1),
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

  async function withdrawals(account: TestAccount): Promise<WithdrawalJson[]> {
    const { status, body } = await call('GET', '/vault/withdrawals', account);
    expect(status).toBe(200);
    return (body as WithdrawalsResponseJson).withdrawals;
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-vault-api-'));
    deploymentsFile = join(dataDir, 'deployments.json');
    contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    chain = defineChain({
      id: ETERNO_CHAIN_ID,
      name: 'ETERNO local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    if (postgres) pg = await startPostgres();
    server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'server'),
      databaseUrl: pg?.url,
      siweDomains: [SIWE_DOMAIN],
    });
    for (const account of [alice, bob, carol]) await signIn(account);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    await anvil?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('GET /vault/config names the vault, its tokens with the caps read on chain, and the server limits', async () => {
    const { status, body } = await call('GET', '/vault/config', null);
    expect(status).toBe(200);
    const config = body as VaultConfigJson;
    expect(config.vault).toBe(at('EternoVault'));
    expect(config.chainId).toBe(ETERNO_CHAIN_ID);
    expect(config.tokens.map((t) => t.symbol)).toEqual(['USDT', 'EUSD', 'ETRO']);
    for (const t of config.tokens) {
      const [allowed, perTxCap, perDayCap] = await client.readContract({
        address: at('EternoVault'),
        abi: eternoVaultAbi,
        functionName: 'tokenInfo',
        args: [t.token],
      });
      expect(allowed).toBe(true);
      expect([t.perTxCap, t.perDayCap]).toEqual([perTxCap.toString(), perDayCap.toString()]);
    }
    expect(config).toMatchObject({ voucherLifetime: 1800, quoteLifetime: 120, paused: false });
    expect(config.exchange).toHaveLength(6);
  });

  it('refuses every per-user route without a session', async () => {
    for (const [method, path] of [
      ['GET', '/vault/balances'],
      ['GET', '/vault/withdrawals'],
      ['POST', '/vault/withdrawals'],
      ['POST', '/vault/withdrawals/1/cancel'],
      ['POST', '/vault/deposits'],
      ['POST', '/vault/exchange-quotes'],
      ['GET', '/bills'],
    ] as const) {
      const { status, body } = await call(method, path, null, method === 'POST' ? {} : undefined);
      expect([path, status, body.error.code]).toEqual([path, 401, 'UNAUTHORIZED']);
    }
  });

  it('a deposit authorisation pays into the vault and shows as released balance and a deposit bill', async () => {
    const usdt = at('USDT');
    const hash = await depositFor(alice, usdt, e18('500'));
    await untilIndexed();
    const row = await ledgerOf(alice, usdt);
    expect(row).toMatchObject({ released: e18('500').toString(), withdrawn: '0', reserved: '0' });
    expect(row.available).toBe(e18('500').toString());
    const bills = (await call('GET', `/bills?type=deposit`, alice)).body as BillsResponseJson;
    expect(bills.bills).toHaveLength(1);
    expect(bills.bills[0]).toMatchObject({ type: 'deposit', token: usdt, amount: e18('500').toString(), txHash: hash });
  });

  it('refuses bad withdrawal requests with their codes and writes nothing', async () => {
    const usdt = at('USDT');
    const cases: Array<[unknown, number, string]> = [
      [{ token: usdt, amount: '0' }, 400, 'INVALID_AMOUNT'],
      [{ token: usdt, amount: '1.5' }, 400, 'INVALID_AMOUNT'],
      [{ token: usdt, amount: 5 }, 400, 'INVALID_AMOUNT'],
      [{ token: at('PUSD'), amount: '1' }, 400, 'TOKEN_NOT_SUPPORTED'],
      [{ token: 'USDT', amount: '1' }, 400, 'TOKEN_NOT_SUPPORTED'],
      [{ amount: '1' }, 400, 'BAD_REQUEST'],
      [{ token: usdt, amount: (e18('500') + 1n).toString() }, 409, 'INSUFFICIENT_BALANCE'],
      [{ token: at('ETRO'), amount: '1' }, 409, 'INSUFFICIENT_BALANCE'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('POST', '/vault/withdrawals', alice, body);
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect(await withdrawals(alice)).toEqual([]);
    expect((await ledgerOf(alice, usdt)).reserved).toBe('0');
  });

  it('20 simultaneous voucher requests by one user sign exactly one; the others are VOUCHER_OPEN', async () => {
    const usdt = at('USDT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/vault/withdrawals', alice, { token: usdt, amount: e18('300').toString() }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => `${a.status} ${a.body.error.code}`)).toEqual(Array(19).fill('409 VOUCHER_OPEN'));
    const list = await withdrawals(alice);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ state: 'signed', amount: e18('300').toString(), nonce: '0' });
    const row = await ledgerOf(alice, usdt);
    expect([row.reserved, row.available]).toEqual([e18('300').toString(), e18('200').toString()]);
    // The data index moves it from the liabilities to the open vouchers (nothing counted twice); the
    // holdings are the vault's balance at the block the figures are at.
    const stats = (await call('GET', '/vault/stats', null)).body as VaultStatsJson;
    const figures = stats.tokens.find((t) => t.token === usdt)!;
    expect(figures).toMatchObject({ openVouchers: e18('300').toString(), liabilities: e18('200').toString() });
    const heldThen = await client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [at('EternoVault')],
      blockNumber: BigInt(stats.blockNumber),
    });
    expect(figures.holdings).toBe(heldThen.toString());
    expect(BigInt(figures.freeReserve)).toBe(
      heldThen - BigInt(figures.liabilities) - BigInt(figures.openVouchers) - BigInt(figures.unexpiredQuotes),
    );
    // The open withdrawal shows as a pending withdraw bill (no transaction yet).
    const pending = ((await call('GET', '/bills?type=withdraw', alice)).body as BillsResponseJson).bills;
    expect(pending).toEqual([
      expect.objectContaining({ type: 'withdraw', amount: (-e18('300')).toString(), txHash: null }),
    ]);
  });

  it('a voucher settles when its withdraw is mined and indexed: the wallet gets exactly the amount', async () => {
    const usdt = at('USDT');
    const [voucher] = await withdrawals(alice);
    const before = await balanceOf(usdt, alice.address);
    const hash = await send(
      alice,
      at('EternoVault'),
      eternoVaultAbi,
      'withdraw',
      withdrawArgs(voucher!),
      WITHDRAW_GAS_LIMIT,
    );
    expect((await balanceOf(usdt, alice.address)) - before).toBe(e18('300'));
    await untilIndexed();
    const [settled] = await withdrawals(alice);
    expect(settled).toMatchObject({ id: voucher!.id, state: 'settled', settledTx: hash, signature: null });
    const row = await ledgerOf(alice, usdt);
    expect([row.withdrawn, row.reserved, row.available]).toEqual([e18('300').toString(), '0', e18('200').toString()]);
    const bills = ((await call('GET', '/bills?type=withdraw', alice)).body as BillsResponseJson).bills;
    expect(bills).toEqual([expect.objectContaining({ amount: (-e18('300')).toString(), txHash: hash })]);
  });

  it("cancels only the user's own open voucher; the next voucher reuses the nonce", async () => {
    const usdt = at('USDT');
    const created = await call('POST', '/vault/withdrawals', alice, { token: usdt, amount: e18('50').toString() });
    expect(created.status).toBe(201);
    const id = (created.body as WithdrawalJson).id;
    expect((created.body as WithdrawalJson).nonce).toBe('1');
    expect((await call('POST', `/vault/withdrawals/${id}/cancel`, bob)).body.error.code).toBe('VOUCHER_NOT_FOUND');
    const cancelled = await call('POST', `/vault/withdrawals/${id}/cancel`, alice);
    expect([cancelled.status, cancelled.body.state]).toEqual([200, 'cancelled']);
    expect((await call('POST', `/vault/withdrawals/${id}/cancel`, alice)).status).toBe(404);
    expect((await call('POST', '/vault/withdrawals/abc/cancel', alice)).status).toBe(404);
    expect((await ledgerOf(alice, usdt)).reserved).toBe('0');
    const again = await call('POST', '/vault/withdrawals', alice, { token: usdt, amount: e18('60').toString() });
    expect([again.status, again.body.nonce]).toEqual([201, '1']);
  });

  it('expires by the indexed chain time: timeout return, a new voucher with the same nonce, the old one refused on chain', async () => {
    const usdt = at('USDT');
    const [open] = await withdrawals(alice);
    expect(open?.state).toBe('signed');
    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    const latest = await client.getBlock();
    await test.setNextBlockTimestamp({ timestamp: BigInt(open!.deadline) + 1n });
    await test.mine({ blocks: 1 });
    expect((await client.getBlock()).timestamp > latest.timestamp).toBe(true);
    await untilIndexed();
    const [expired] = await withdrawals(alice);
    expect([expired?.id, expired?.state, expired?.signature]).toEqual([open!.id, 'expired', null]);
    expect((await ledgerOf(alice, usdt)).reserved).toBe('0');
    const bills = ((await call('GET', `/bills?token=${usdt}`, alice)).body as BillsResponseJson).bills;
    expect(bills.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'timeout_return',
        amount: e18('60').toString(),
        time: open!.deadline,
        txHash: null,
      }),
      expect.objectContaining({
        type: 'withdraw',
        amount: (-e18('60')).toString(),
        time: open!.signedAt,
        txHash: null,
      }),
    ]);
    const timeoutOnly = ((await call('GET', '/bills?type=timeout_return', alice)).body as BillsResponseJson).bills;
    expect(timeoutOnly).toHaveLength(1);

    const next = await call('POST', '/vault/withdrawals', alice, { token: usdt, amount: e18('60').toString() });
    expect([next.status, next.body.nonce]).toEqual([201, '1']);
    // The expired voucher's signature is refused by the vault; the new one pays.
    const old = { ...open!, signature: { r: open!.signature!.r, s: open!.signature!.s, v: open!.signature!.v } };
    await expect(
      client.simulateContract({
        account: alice.address,
        address: at('EternoVault'),
        abi: eternoVaultAbi,
        functionName: 'withdraw',
        args: withdrawArgs(old) as never,
      }),
    ).rejects.toThrow();
    const before = await balanceOf(usdt, alice.address);
    await send(alice, at('EternoVault'), eternoVaultAbi, 'withdraw', withdrawArgs(next.body), WITHDRAW_GAS_LIMIT);
    expect((await balanceOf(usdt, alice.address)) - before).toBe(e18('60'));
    await untilIndexed();
    expect((await withdrawals(alice))[0]?.state).toBe('settled');
  });

  it('quotes an exchange before signing; the quote executes on chain for exactly its amounts', async () => {
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
      price: e18('1').toString(),
      amountOut: e18('97').toString(),
      fee: e18('3').toString(),
      nonce: '0',
    });
    const [usdtBefore, eusdBefore] = [await balanceOf(usdt, bob.address), await balanceOf(eusd, bob.address)];
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
    expect(usdtBefore - (await balanceOf(usdt, bob.address))).toBe(e18('100'));
    expect((await balanceOf(eusd, bob.address)) - eusdBefore).toBe(e18('97'));
    await untilIndexed();
    const bills = ((await call('GET', '/bills?type=exchange', bob)).body as BillsResponseJson).bills;
    expect(bills.map((b) => [b.token, b.amount])).toEqual(
      expect.arrayContaining([
        [usdt, (-e18('100')).toString()],
        [eusd, e18('97').toString()],
      ]),
    );
  });

  it('prices ETRO at the pair’s time-weighted price (the reserves held through the whole window)', async () => {
    const [r0, r1] = await client.readContract({
      address: at('EULP'),
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    });
    const etroIs0 = at('ETRO') < at('USDT');
    const [etro, usdtReserve] = etroIs0 ? [r0, r1] : [r1, r0];
    const price = (usdtReserve * e18('1')) / etro;
    const { status, body } = await call('POST', '/vault/exchange-quotes', bob, {
      tokenIn: at('ETRO'),
      tokenOut: at('USDT'),
      amountIn: e18('10').toString(),
    });
    expect(status).toBe(200);
    const q = body as ExchangeQuoteJson;
    const gross = (e18('10') * price) / e18('1');
    const fee = (gross * 300n + 9_999n) / 10_000n;
    expect(q).toMatchObject({
      pricing: 'twap',
      price: price.toString(),
      amountOut: (gross - fee).toString(),
      nonce: '1',
    });
  });

  it('refuses bad exchange requests with their codes', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ tokenIn: at('USDT'), tokenOut: at('USDT'), amountIn: '1000' }, 400, 'EXCHANGE_PAIR_UNSUPPORTED'],
      [{ tokenIn: at('USDT'), tokenOut: at('PUSD'), amountIn: '1000' }, 400, 'TOKEN_NOT_SUPPORTED'],
      [{ tokenIn: at('USDT'), tokenOut: at('EUSD'), amountIn: '-1' }, 400, 'INVALID_AMOUNT'],
      [{ tokenIn: at('USDT'), tokenOut: at('EUSD'), amountIn: e18('20000').toString() }, 422, 'OVER_USER_DAY_CAP'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('POST', '/vault/exchange-quotes', bob, body);
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), status, code]);
    }
  });

  it('pages the bills newest first with no gap or repeat', async () => {
    const all = ((await call('GET', '/bills?limit=100', alice)).body as BillsResponseJson).bills;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((b) => BigInt(b.time));
    expect([...times].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(times);
    const walked = [];
    let before: string | null = null;
    do {
      const page: BillsResponseJson = (await call('GET', `/bills?limit=2${before ? `&before=${before}` : ''}`, alice))
        .body;
      walked.push(...page.bills);
      before = page.nextBefore;
    } while (before !== null);
    expect(walked).toEqual(all);
    expect((await call('GET', '/bills?type=nope', alice)).status).toBe(400);
    expect((await call('GET', '/bills?before=1:2', alice)).status).toBe(400);
  });

  // On PostgreSQL the indexer's tables can be opened from this process (PGlite's belong to the
  // server's); the crash points on the embedded store: test/vaultService.test.ts.
  if (postgres)
    describe('crash points of a voucher request (this process, the same indexer)', () => {
      let indexer: IndexerDb;
      const stores: Array<{ name: string; sql: Sql }> = [];

      beforeAll(async () => {
        const schema = server.schema;
        if (schema === undefined) throw new Error('the server names no indexer schema');
        indexer = openIndexerDb(pg!.url, schema);
        stores.push({ name: 'PostgreSQL', sql: openPostgres(pg!.url) }, { name: 'PGlite', sql: await openPglite() });
        await depositFor(carol, at('USDT'), e18('100'));
        await untilIndexed();
      });

      afterAll(async () => {
        for (const { sql } of stores) await sql.close();
        await indexer?.close();
      });

      const contextFor = async (sql: Sql, faults: VaultContext['faults']): Promise<VaultContext> => ({
        ...openVaultContext(
          {
            ...process.env,
            ETERNO_DEPLOYMENTS: deploymentsFile,
            PONDER_RPC_URL_201022: anvil.rpcUrl,
            ETERNO_SIGNER_KEY: signerKey(),
          },
          {
            ledger: ponderLedger(indexer.db),
            store: await createVoucherStore(sql),
            quotes: await createQuoteStore(sql),
          },
        ),
        faults,
      });

      it('ledger snapshots asked together (one statement) give each user exactly what it gets asked alone', async () => {
        const ledger = ponderLedger(indexer.db);
        const stranger = '0x000000000000000000000000000000000000dead' as Address;
        const who = [alice.address, carol.address, stranger, alice.address.toLowerCase() as Address];
        const alone = [];
        for (const user of who) alone.push(await ledger.snapshot(user));
        const together = await Promise.all(who.map((user) => ledger.snapshot(user)));
        expect(together).toEqual(alone);
        expect(together[1]!.balances.find((b) => b.token === at('USDT'))?.credited).toBeGreaterThan(0n);
        expect(together[2]).toMatchObject({ deposits: 0, withdrawals: 0, balances: [] });
        expect(together[2]!.head).toEqual(together[0]!.head);
        await expect(ledger.snapshot("0x0,'" as Address)).rejects.toThrow('not an address');
      });

      it('a failure before commit leaves no row; a failure after commit loses nothing and signs nothing twice', async () => {
        for (const { name, sql } of stores) {
          const crashBefore = await contextFor(sql, {
            beforeCommit: () => {
              throw new Error('crash before commit');
            },
          });
          await expect(requestWithdrawal(crashBefore, carol.address, at('USDT'), e18('10'))).rejects.toThrow(
            'crash before commit',
          );
          const store = await createVoucherStore(sql);
          expect([name, await store.signedOf(carol.address)]).toEqual([name, []]);

          const crashAfter = await contextFor(sql, {
            afterCommit: () => {
              throw new Error('crash after commit');
            },
          });
          await expect(requestWithdrawal(crashAfter, carol.address, at('USDT'), e18('10'))).rejects.toThrow(
            'crash after commit',
          );
          const kept = await store.signedOf(carol.address);
          expect(kept).toHaveLength(1);
          // The retry does not sign a second voucher: the committed one is open.
          const retry = await contextFor(sql, undefined);
          const refused = await requestWithdrawal(retry, carol.address, at('USDT'), e18('10')).catch((e: unknown) => e);
          expect(refused instanceof ApiError && refused.code).toBe('VOUCHER_OPEN');
          expect(await store.signedOf(carol.address)).toHaveLength(1);
          if (name === 'PostgreSQL') {
            // The server lists it (same store) and it pays on chain.
            const [listed] = await withdrawals(carol);
            expect([listed?.id, listed?.state]).toEqual([kept[0]!.id.toString(), 'signed']);
            const before = await balanceOf(at('USDT'), carol.address);
            await send(carol, at('EternoVault'), eternoVaultAbi, 'withdraw', withdrawArgs(listed!), WITHDRAW_GAS_LIMIT);
            expect((await balanceOf(at('USDT'), carol.address)) - before).toBe(e18('10'));
            await untilIndexed();
            expect((await withdrawals(carol))[0]?.state).toBe('settled');
          } else {
            await createVoucherStore(sql);
            await sql.query(`UPDATE eterno_offchain.withdrawal_voucher SET state = 'cancelled'`, []);
          }
        }
      });
    });
});

function signerKey(): `0x${string}` {
  const key = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 9 }).getHdKey().privateKey;
  if (key === null) throw new Error('no signer key');
  return `0x${Buffer.from(key).toString('hex')}`;
}
