/**
 * What the adversarial server tests do against a live stack (test/realStack.ts: anvil, deploy + seed,
 * the server): sign in, ask the vault routes, deposit, send vouchers and quotes on chain, read the vault's
 * figures. The security review's PoC (`serverSigner.poc.test.ts`) did the same by hand.
 */
import { GAS_LIMIT, WITHDRAW_GAS_LIMIT } from '@eterno/protocol/chain';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import type { ContractKey } from '@eterno/protocol/deployments';
import type {
  DepositAuthorisationJson,
  ExchangeQuoteJson,
  VaultStatsJson,
  WithdrawalJson,
} from '@eterno/protocol/vaultApi';
import { erc20Abi, type Abi, type Address, type Hash } from 'viem';
import { apiCall, sendTx, signedSignIn } from '../apiClient.ts';
import { account, e18, low, type RealStack, type TestAccount } from '../realStack.ts';

export type Answer = { status: number; body: any };

/** The server setting that makes this process's requests a trusted proxy's (see `VaultClient.signIn`). */
export const TRUSTED_LOCAL = { ETERNO_TRUSTED_PROXIES: '127.0.0.1' } as const;

export class VaultClient {
  private readonly sessions = new Map<Address, string>();

  /** `url`: where the API is asked (default the stack's server; e.g. a proxy in front of several). */
  constructor(
    readonly stack: RealStack,
    private readonly url?: string,
  ) {}

  private get api(): string {
    return this.url ?? this.stack.server.url;
  }

  at(name: ContractKey): Address {
    return low(this.stack.contracts[name]);
  }

  get vault(): Address {
    return this.at('EternoVault');
  }

  /** Gas coin, and `tokens` of each symbol from the deployer, for `who` (anvil funds accounts 0–9 only). */
  async fund(who: TestAccount, tokens: Readonly<Partial<Record<ContractKey, bigint>>>): Promise<void> {
    await this.stack.test.setBalance({ address: who.address, value: e18('100') });
    for (const [symbol, amount] of Object.entries(tokens) as Array<[ContractKey, bigint]>)
      await this.stack.tx(account(0), this.at(symbol), erc20Abi, 'transfer', [who.address, amount]);
  }

  /**
   * Signs `who` in. The server limits sign-ins per client (20 at once): a test signing many accounts in
   * starts the server with `ETERNO_TRUSTED_PROXIES=127.0.0.1` (`TRUSTED_LOCAL`) and passes `clientOf`, so
   * each account is a client of its own (as users behind a proxy are).
   */
  async signIn(who: TestAccount, client?: number): Promise<void> {
    const url = this.api;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (client !== undefined) headers['x-forwarded-for'] = `10.0.${client >> 8}.${client & 255}`;
    const { nonce } = (await (await fetch(`${url}/auth/nonce`, { method: 'POST', headers })).json()) as {
      nonce: string;
    };
    const res = await fetch(`${url}/auth/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify(await signedSignIn(who, nonce)),
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    this.sessions.set(low(who.address), ((await res.json()) as { token: string }).token);
  }

  /** `who`'s session token (after `signIn`), else null. */
  session(who: TestAccount): string | null {
    return this.sessions.get(low(who.address)) ?? null;
  }

  call(who: TestAccount | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const token = who === null ? null : this.session(who);
    return apiCall(this.api, method, path, token, body);
  }

  send(who: TestAccount, address: Address, abi: Abi, fn: string, args: readonly unknown[], gas = GAS_LIMIT) {
    return sendTx(
      { rpcUrl: this.stack.rpcUrl, chain: this.stack.chain, client: this.stack.client },
      who,
      address,
      abi,
      fn,
      args,
      gas,
    );
  }

  /** Whether the call was mined successfully (false when it reverted or could not be sent). */
  trySend(who: TestAccount, address: Address, abi: Abi, fn: string, args: readonly unknown[], gas = GAS_LIMIT) {
    return this.send(who, address, abi, fn, args, gas).then(
      () => true,
      () => false,
    );
  }

  balanceOf(token: Address, owner: Address): Promise<bigint> {
    return this.stack.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  }

  /** A plain top-up: the server's authorisation, the approval, `diveInWithToken`. */
  async deposit(who: TestAccount, token: Address, amount: bigint): Promise<Hash> {
    const { status, body } = await this.call(who, 'POST', '/vault/deposits', { token, amount: amount.toString() });
    if (status !== 200) throw new Error(`deposit authorisation answered ${status}: ${JSON.stringify(body)}`);
    const auth = body as DepositAuthorisationJson;
    await this.send(who, token, erc20Abi, 'approve', [this.vault, amount]);
    return this.send(who, this.vault, eternoVaultAbi, 'diveInWithToken', [
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

  askWithdrawal(who: TestAccount, token: Address, amount: bigint): Promise<Answer> {
    return this.call(who, 'POST', '/vault/withdrawals', { token, amount: amount.toString() });
  }

  /** Sends a voucher from its user; whether it paid. */
  withdraw(who: TestAccount, v: WithdrawalJson): Promise<boolean> {
    return this.trySend(
      who,
      this.vault,
      eternoVaultAbi,
      'withdraw',
      [v.token, BigInt(v.amount), BigInt(v.deadline), v.signature!.r, v.signature!.s, v.signature!.v],
      WITHDRAW_GAS_LIMIT,
    );
  }

  askQuote(who: TestAccount, tokenIn: Address, tokenOut: Address, amountIn: bigint): Promise<Answer> {
    return this.call(who, 'POST', '/vault/exchange-quotes', { tokenIn, tokenOut, amountIn: amountIn.toString() });
  }

  /** Approves and sends a quote from its user; whether it executed. */
  async exchange(who: TestAccount, q: ExchangeQuoteJson): Promise<boolean> {
    await this.send(who, q.tokenIn, erc20Abi, 'approve', [this.vault, BigInt(q.amountIn)]);
    return this.trySend(who, this.vault, eternoVaultAbi, 'pureTransfer', [
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

  /** The data index's figures of `token` (GET /vault/stats), as bigints. */
  async stats(token: Address) {
    const body = (await this.call(null, 'GET', '/vault/stats')).body as VaultStatsJson;
    const t = body.tokens.find((x) => x.token === token);
    if (t === undefined) throw new Error(`no stats of ${token}`);
    return {
      blockNumber: BigInt(body.blockNumber),
      holdings: BigInt(t.holdings),
      liabilities: BigInt(t.liabilities),
      openVouchers: BigInt(t.openVouchers),
      unexpiredQuotes: BigInt(t.unexpiredQuotes),
      freeReserve: BigInt(t.freeReserve),
    };
  }

  /**
   * Moves the chain to `seconds` after the next UTC midnight (a new day of the caps and budgets) and waits
   * until the server has indexed it (its signatures' deadlines count from the indexed time).
   */
  async nextUtcDay(seconds = 60n): Promise<void> {
    const now = (await this.stack.client.getBlock({ blockTag: 'latest' })).timestamp;
    await this.stack.test.setNextBlockTimestamp({ timestamp: now - (now % 86_400n) + 86_400n + seconds });
    await this.stack.test.mine({ blocks: 1 });
    await this.stack.waitHead();
  }
}
