/**
 * The second review's in-process vault stack (as test/vaultService.test.ts builds it): anvil with the
 * deployed vault, the vault and sign-in routes in this process over one store engine (PGlite or
 * PostgreSQL), the real signer, and a ledger read from the chain's events up to a block the test chooses
 * (test/chainLedger.ts) — so the indexer's lag, and what it saw of a block a reorg then replaced, are
 * explicit. `confirmations` writes the deployments' confirmation depth before the context opens.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import {
  defineEternoChain,
  ETERNO_CHAIN_ID,
  GAS_LIMIT,
  LOCAL_TEST_MNEMONIC,
  WITHDRAW_GAS_LIMIT,
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
  type TestClient,
} from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { createVaultApp } from '../../src/api/vaultApp.ts';
import { createAuthApp } from '../../src/auth/app.ts';
import { sessionUser } from '../../src/auth/session.ts';
import { createHttpApp } from '../../src/http/app.ts';
import { createAuthStore } from '../../src/store/authStore.ts';
import { createQuoteStore } from '../../src/store/quoteStore.ts';
import type { Sql } from '../../src/store/sql.ts';
import { createVoucherStore } from '../../src/store/voucherStore.ts';
import type { VaultContext } from '../../src/vault/context.ts';
import { openVaultContext } from '../../src/vault/open.ts';
import type { Backend } from '../backends.ts';
import { chainLedger, type ChainLedger } from '../chainLedger.ts';

export const e18 = (n: string) => parseUnits(n, 18);
export const who = (i: number): HDAccount => mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: i });
export type Answer = { status: number; body: any };

const DOMAIN = '127.0.0.1:5173';

export class InProcessVault {
  private readonly sessions = new Map<Address, string>();

  private constructor(
    private readonly anvil: Anvil,
    private readonly dir: string,
    private readonly sql: Sql,
    private readonly stopBackend: () => Promise<void>,
    readonly contracts: Deployments['contracts'],
    readonly client: PublicClient,
    readonly test: TestClient,
    readonly ledger: ChainLedger,
    readonly ctx: VaultContext,
    private readonly app: Hono,
  ) {}

  static async start(backend: Backend, { confirmations = 0 } = {}): Promise<InProcessVault> {
    const anvil = await startAnvil();
    const dir = await mkdtemp(join(tmpdir(), 'eterno-s9-review2-'));
    const file = join(dir, 'deployments.json');
    const { contracts } = await deploy({ rpcUrl: anvil.rpcUrl, outFile: file });
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), confirmations }));
    const chain = defineEternoChain(anvil.rpcUrl);
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const test = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) });
    const { sql, stop } = await backend.open();
    const auth = await createAuthStore(sql);
    const low = (a: string) => a.toLowerCase() as Address;
    const ledger = chainLedger(client, low(contracts.EternoVault), low(contracts.EULP));
    await ledger.catchUp();
    const ctx = openVaultContext(
      { ETERNO_DEPLOYMENTS: file, PONDER_RPC_URL_201022: anvil.rpcUrl, ETERNO_SIGNER_KEY: localSignerKey() },
      { ledger, store: await createVoucherStore(sql), quotes: await createQuoteStore(sql) },
    );
    const app = createHttpApp({ corsOrigins: [`http://${DOMAIN}`] });
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
        rateLimit: { burst: 1_000, refillMs: 1 },
      }),
    );
    return new InProcessVault(anvil, dir, sql, stop, contracts, client, test, ledger, ctx, app);
  }

  at(name: ContractKey): Address {
    return this.contracts[name].toLowerCase() as Address;
  }

  get vault(): Address {
    return this.at('EternoVault');
  }

  async send(account: HDAccount, address: Address, abi: Abi, fn: string, args: readonly unknown[], gas = GAS_LIMIT) {
    const wallet = createWalletClient({
      account,
      chain: defineEternoChain(this.anvil.rpcUrl),
      transport: http(this.anvil.rpcUrl),
    });
    const hash: Hash = await wallet.writeContract({ address, abi, functionName: fn, args, gas });
    const receipt = await this.client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${fn} reverted (${hash})`);
    return receipt;
  }

  /** Whether the call was mined successfully. */
  trySend(account: HDAccount, address: Address, abi: Abi, fn: string, args: readonly unknown[], gas = GAS_LIMIT) {
    return this.send(account, address, abi, fn, args, gas).then(
      () => true,
      () => false,
    );
  }

  balanceOf(token: Address, owner: Address): Promise<bigint> {
    return this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  }

  /** Tokens from the deployer. */
  give(to: HDAccount, token: Address, amount: bigint) {
    return this.send(who(0), token, erc20Abi, 'transfer', [to.address, amount]);
  }

  async call(account: HDAccount | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (account) headers.authorization = `Bearer ${this.sessions.get(account.address)}`;
    const res = await this.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  async signIn(account: HDAccount): Promise<void> {
    const { nonce } = (await (await this.app.request('/auth/nonce', { method: 'POST' })).json()) as { nonce: string };
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
    const res = await this.app.request('/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    });
    this.sessions.set(account.address, ((await res.json()) as { token: string }).token);
  }

  /** A plain top-up through the server's authorisation. */
  async deposit(account: HDAccount, token: Address, amount: bigint): Promise<void> {
    const { status, body } = await this.call(account, 'POST', '/vault/deposits', { token, amount: amount.toString() });
    if (status !== 200) throw new Error(`deposit authorisation answered ${status}: ${JSON.stringify(body)}`);
    const auth = body as DepositAuthorisationJson;
    await this.send(account, token, erc20Abi, 'approve', [this.vault, amount]);
    await this.send(account, this.vault, eternoVaultAbi, 'diveInWithToken', [
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

  askWithdrawal(account: HDAccount, token: Address, amount: bigint): Promise<Answer> {
    return this.call(account, 'POST', '/vault/withdrawals', { token, amount: amount.toString() });
  }

  /** Sends a voucher from its user; whether it paid. */
  withdraw(account: HDAccount, v: WithdrawalJson): Promise<boolean> {
    return this.trySend(
      account,
      this.vault,
      eternoVaultAbi,
      'withdraw',
      [v.token, BigInt(v.amount), BigInt(v.deadline), v.signature!.r, v.signature!.s, v.signature!.v],
      WITHDRAW_GAS_LIMIT,
    );
  }

  askQuote(account: HDAccount, tokenIn: Address, tokenOut: Address, amountIn: bigint): Promise<Answer> {
    return this.call(account, 'POST', '/vault/exchange-quotes', { tokenIn, tokenOut, amountIn: amountIn.toString() });
  }

  /** Approves and sends a quote from its user; whether it executed. */
  async exchange(account: HDAccount, q: ExchangeQuoteJson): Promise<boolean> {
    await this.send(account, q.tokenIn, erc20Abi, 'approve', [this.vault, BigInt(q.amountIn)]);
    return this.trySend(account, this.vault, eternoVaultAbi, 'pureTransfer', [
      BigInt(q.amountIn),
      BigInt(q.amountOut),
      q.tokenIn,
      q.tokenOut,
      BigInt(q.deadline),
      q.signature.r,
      q.signature.s,
      q.signature.v,
    ]);
  }

  /**
   * Pays `amount` of `token` out of the vault outside the ledger, with the signer's own voucher for `to`
   * (what a signer bug or a stolen key does): the holdings drop, what the ledger owes does not.
   */
  async drain(token: Address, amount: bigint, to: HDAccount): Promise<void> {
    const nonce = await this.client.readContract({
      address: this.vault,
      abi: eternoVaultAbi,
      functionName: 'nonces',
      args: [to.address, 1],
    });
    const deadline = (await this.client.getBlock()).timestamp + 600n;
    const sig = await this.ctx.signer.signWithdraw({ user: to.address, token, amount, nonce, deadline });
    await this.send(
      to,
      this.vault,
      eternoVaultAbi,
      'withdraw',
      [token, amount, deadline, sig.r, sig.s, sig.v],
      WITHDRAW_GAS_LIMIT,
    );
  }

  /** The server's free reserve of `token` (holdings − owed − unexpired quotes) as the signer judges it. */
  async free(token: Address): Promise<bigint> {
    const t = (await this.ctx.reserve()).tokens.find((x) => x.token === token)!;
    return t.holdings - t.owed - t.unexpiredQuotes;
  }

  async stop(): Promise<void> {
    await this.sql.close();
    await this.stopBackend();
    await this.anvil.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
