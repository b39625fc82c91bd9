/**
 * An injected EIP-1193 wallet for the e2e suites. The page gets a `request/on/removeListener`
 * object (as `window.ethereum`, or as a second-party wallet's `window.okxwallet`); every request
 * crosses into Node through `page.exposeBinding`, where the wallet's configurable behaviour (accounts,
 * chain id, chain switching, refusals) answers it and the protocol's one local signer over a key of
 * anvil's default mnemonic does the rest: `personal_sign` and `eth_signTypedData_v4` (really
 * signed), `eth_sendTransaction` (really signed and sent to anvil), reads forwarded to anvil.
 * Every request is recorded for assertions, and Node can fire `accountsChanged`/`chainChanged`.
 */
import type { Page } from 'playwright-core';
import { hexToNumber, isHex, numberToHex, type Address } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { createLocalSigner, paramsList } from '@eterno/protocol/wallet/localSigner';
import { PROVIDER_ERROR, ProviderRpcError } from '@eterno/protocol/wallet/providerRpcError';

/** A Tron-style account, which the app must refuse ('error account'). */
export const TRON_STYLE_ACCOUNT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
/** Where a second-party wallet (OKX) injects itself. */
export const SECOND_PARTY_KEY = 'okxwallet';

export const USER_REJECTED = PROVIDER_ERROR.userRejected;
export const UNAUTHORIZED = PROVIDER_ERROR.unauthorized;
export const UNRECOGNIZED_CHAIN = PROVIDER_ERROR.unrecognizedChain;

export type Injection =
  /** `window.ethereum` only. */
  | 'ethereum'
  /** `window.okxwallet` AND `window.ethereum` (both answered here, told apart by `via`). */
  | 'second-party'
  /** Nothing injected. */
  | 'none';

export type AccountsBehaviour =
  /** The wallet's real account. */
  | 'wallet'
  /** A Tron-style account string. */
  | 'tron'
  /** An empty list. */
  | 'empty'
  /** Reject eth_requestAccounts with 4001 (the user said no). */
  | 'reject';

export type SwitchBehaviour =
  /** Switch (and emit chainChanged). */
  | 'accept'
  /** wallet_switchEthereumChain fails with 4902; wallet_addEthereumChain then adds and switches. */
  | 'unrecognized'
  /** The user refuses with 4001. */
  | 'reject';

export type TransactionBehaviour = 'sign' | 'reject';

export type TestWalletOptions = {
  /** anvil's RPC URL: the wallet's own node, not what the web app is configured with. */
  rpcUrl: string;
  inject?: Injection;
  /** Index in anvil's default mnemonic; 1 (alice) by default. */
  accountIndex?: number;
  accounts?: AccountsBehaviour;
  /** The chain the wallet is on; 201022 by default. */
  chainId?: number;
  switchChain?: SwitchBehaviour;
  /** Whether the user signs `eth_sendTransaction` ("sign", the default) or refuses it with 4001. */
  transactions?: TransactionBehaviour;
  /** Whether the site is already allowed to see the account (eth_accounts answers it). */
  preauthorized?: boolean;
  /**
   * Called for every request as it arrives; the request is answered once it returns (a promise is
   * awaited: the user still looking at the wallet's prompt while the world moves on).
   */
  onRequest?: (request: RecordedRequest) => void | Promise<void>;
};

export type RecordedRequest = {
  method: string;
  params: unknown[];
  /** Which injected object received it: "ethereum" or "okxwallet". */
  via: string;
  /** ms since epoch. */
  at: number;
};

type Answer = { ok: true; result: unknown } | { ok: false; error: { code: number; message: string; data?: unknown } };

export type TestWallet = {
  /** The wallet account's address (checksummed). */
  readonly address: Address;
  readonly account: HDAccount;
  /** Recorded requests, all or those of one method. */
  requests(method?: string): RecordedRequest[];
  clearRequests(): void;
  /** Change the behaviour from now on (e.g. another account, another chain). */
  configure(
    change: Partial<Pick<TestWalletOptions, 'accountIndex' | 'accounts' | 'chainId' | 'switchChain' | 'transactions'>>,
  ): void;
  /** Fire an EIP-1193 event on the injected objects' listeners in the page. */
  emit(event: 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect', payload: unknown): Promise<void>;
};

let installed = 0;

/**
 * The page half, as plain JavaScript source (a transpiled function could carry helper calls that
 * do not exist in the page). Runs before the app's scripts in the top frame.
 */
function pageScript(cfg: { binding: string; emitName: string; inject: Injection; secondPartyKey: string }): string {
  return `(() => {
  const cfg = ${JSON.stringify(cfg)};
  if (window.top !== window || cfg.inject === "none") return;
  const allListeners = [];
  const makeProvider = (via) => {
    const listeners = new Map();
    allListeners.push(listeners);
    const provider = {
      isEternoTestWallet: true,
      async request(args) {
        if (!args || typeof args.method !== "string") {
          throw Object.assign(new Error("invalid request"), { code: -32600 });
        }
        const answer = await window[cfg.binding]({ method: args.method, params: args.params ?? [], via });
        if (answer.ok) return answer.result;
        throw Object.assign(new Error(answer.error.message), answer.error);
      },
      on(event, listener) {
        const set = listeners.get(event) ?? new Set();
        set.add(listener);
        listeners.set(event, set);
        return provider;
      },
      removeListener(event, listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
      off(event, listener) {
        return provider.removeListener(event, listener);
      },
    };
    return provider;
  };
  window[cfg.emitName] = (event, payload) => {
    setTimeout(() => {
      for (const listeners of allListeners) for (const fn of [...(listeners.get(event) ?? [])]) fn(payload);
    }, 0);
  };
  if (cfg.inject === "second-party") window[cfg.secondPartyKey] = makeProvider(cfg.secondPartyKey);
  window.ethereum = makeProvider("ethereum");
})();`;
}

/**
 * Installs the wallet into `page` (before its next navigation takes effect: call it before `goto`).
 * The state (authorization, chain, account) lives in Node, so it survives page reloads.
 */
export async function installTestWallet(page: Page, opts: TestWalletOptions): Promise<TestWallet> {
  installed += 1;
  const binding = `__eternoTestWallet${installed}`;
  const emitName = `__eternoTestWalletEmit${installed}`;
  const inject = opts.inject ?? 'ethereum';
  const state = {
    accountIndex: opts.accountIndex ?? 1,
    accounts: opts.accounts ?? ('wallet' as AccountsBehaviour),
    chainId: opts.chainId ?? ETERNO_CHAIN_ID,
    switchChain: opts.switchChain ?? ('accept' as SwitchBehaviour),
    transactions: opts.transactions ?? ('sign' as TransactionBehaviour),
    authorized: opts.preauthorized ?? false,
  };
  let account = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: state.accountIndex });
  let signer = createLocalSigner({ account, rpcUrl: opts.rpcUrl });
  const recorded: RecordedRequest[] = [];

  const emit = async (event: string, payload: unknown): Promise<void> => {
    // The page dispatches on a timer, so a listener that reloads the page does not break this call.
    await page
      .evaluate(`window[${JSON.stringify(emitName)}]?.(${JSON.stringify(event)}, ${JSON.stringify(payload)})`)
      .catch((err: unknown) => {
        if (!/context was destroyed|Target .*closed|navigat/i.test(String(err))) throw err;
      });
  };

  const switchTo = (requested: unknown): void => {
    if (typeof requested !== 'string' || !isHex(requested))
      throw new ProviderRpcError(-32602, 'chainId must be a hex string');
    const id = hexToNumber(requested);
    if (id !== ETERNO_CHAIN_ID) throw new ProviderRpcError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID ${requested}`);
    if (state.chainId !== id) {
      state.chainId = id;
      setTimeout(() => void emit('chainChanged', numberToHex(id)).catch(() => undefined), 0);
    }
  };

  const requireAuthorized = (): void => {
    if (!state.authorized) throw new ProviderRpcError(UNAUTHORIZED, 'the wallet has not authorized this site');
  };

  const exposedAccounts = (): string[] => {
    if (state.accounts === 'tron') return [TRON_STYLE_ACCOUNT];
    if (state.accounts === 'empty') return [];
    return [account.address];
  };

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
        if (state.accounts === 'reject') throw new ProviderRpcError(USER_REJECTED, 'User rejected the request.');
        state.authorized = true;
        return exposedAccounts();
      case 'eth_accounts':
        return state.authorized && state.accounts !== 'reject' ? exposedAccounts() : [];
      case 'eth_chainId':
        return numberToHex(state.chainId);
      case 'net_version':
        return String(state.chainId);
      case 'wallet_requestPermissions':
        state.authorized = true;
        return [{ parentCapability: 'eth_accounts', caveats: [] }];
      case 'wallet_getPermissions':
        return state.authorized ? [{ parentCapability: 'eth_accounts', caveats: [] }] : [];
      case 'wallet_revokePermissions':
        state.authorized = false;
        return null;
      case 'wallet_switchEthereumChain': {
        if (state.switchChain === 'reject') throw new ProviderRpcError(USER_REJECTED, 'User rejected the request.');
        const requested = (params[0] as { chainId?: unknown } | undefined)?.chainId;
        if (state.switchChain === 'unrecognized') {
          throw new ProviderRpcError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID ${String(requested)}`);
        }
        switchTo(requested);
        return null;
      }
      case 'wallet_addEthereumChain': {
        if (state.switchChain === 'reject') throw new ProviderRpcError(USER_REJECTED, 'User rejected the request.');
        const requested = (params[0] as { chainId?: unknown } | undefined)?.chainId;
        switchTo(requested);
        state.switchChain = 'accept';
        return null;
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
        requireAuthorized();
        return signer.request({ method, params });
      case 'eth_sendTransaction':
        requireAuthorized();
        if (state.transactions === 'reject') throw new ProviderRpcError(USER_REJECTED, 'User rejected the request.');
        if (state.chainId !== ETERNO_CHAIN_ID) throw new ProviderRpcError(-32603, 'the wallet is on another chain');
        return signer.request({ method, params });
      default:
        return signer.request({ method, params });
    }
  };

  await page.exposeBinding(
    binding,
    async (_source, req: { method: unknown; params: unknown; via: unknown }): Promise<Answer> => {
      const method = String(req.method);
      const params = [...paramsList(req.params)];
      const record: RecordedRequest = { method, params, via: String(req.via), at: Date.now() };
      recorded.push(record);
      try {
        await opts.onRequest?.(record);
        return { ok: true, result: (await handle(method, params)) ?? null };
      } catch (err) {
        if (err instanceof ProviderRpcError) {
          return {
            ok: false,
            error: { code: err.code, message: err.message, ...(err.data !== undefined ? { data: err.data } : {}) },
          };
        }
        return { ok: false, error: { code: -32603, message: err instanceof Error ? err.message : String(err) } };
      }
    },
  );

  await page.addInitScript({ content: pageScript({ binding, emitName, inject, secondPartyKey: SECOND_PARTY_KEY }) });

  return {
    get address() {
      return account.address;
    },
    get account() {
      return account;
    },
    requests: (method) => recorded.filter((r) => method === undefined || r.method === method),
    clearRequests: () => {
      recorded.length = 0;
    },
    configure(change) {
      if (change.accountIndex !== undefined && change.accountIndex !== state.accountIndex) {
        state.accountIndex = change.accountIndex;
        account = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: state.accountIndex });
        signer = createLocalSigner({ account, rpcUrl: opts.rpcUrl });
      }
      if (change.accounts !== undefined) state.accounts = change.accounts;
      if (change.chainId !== undefined) state.chainId = change.chainId;
      if (change.switchChain !== undefined) state.switchChain = change.switchChain;
      if (change.transactions !== undefined) state.transactions = change.transactions;
    },
    emit,
  };
}
