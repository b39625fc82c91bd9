import { useCallback, useRef, useState } from 'react';
import { getBootConfig, loadConfig } from '../../config.ts';
import { loadNamespaces } from '../../i18n/index.ts';
import type { ProviderKind } from '../../wallet/types.ts';
import type { LoginOutcome, LoginStatus } from './loginFlow.ts';

type Flow = typeof import('./loginFlow.ts');

let flow: Promise<Flow> | undefined;
let loadedFlow: Flow | undefined;

/**
 * The flow's code (wallet connection, SIWE, the API client, the error classes), the `errors`
 * strings and the whole config's checks (config.ts `loadConfig`) are fetched when the user first starts it, or is about to (preloadLogin on
 * pointer-down/focus): rendering /login does not need them.
 */
function loadFlow(): Promise<Flow> {
  flow ??= Promise.all([import('./loginFlow.ts'), loadNamespaces(['errors']), loadConfig()]).then(
    ([module]) => {
      loadedFlow = module;
      return module;
    },
    (error: unknown) => {
      flow = undefined;
      throw error;
    },
  );
  return flow;
}

/**
 * The `errors` namespace key of a login failure (errorCode.ts), undefined for anything else. A
 * failure of the flow can only happen once its code has loaded; before that (the chunk itself
 * failed to load) there is no code and the UI shows the error's message.
 */
export function loginFailureCode(error: unknown): ReturnType<Flow['loginErrorCode']> {
  return loadedFlow?.loginErrorCode(error);
}

/** Starts fetching the login flow's code (idempotent; a failed fetch is retried by the next call). */
export function preloadLogin(): void {
  loadFlow().catch(() => undefined);
}

export interface LoginState {
  readonly status: LoginStatus | null;
  /** Runs the flow, forced to one wallet when `target` is given; resolves to its outcome, rejects with its error. */
  readonly login: (target?: ProviderKind) => Promise<LoginOutcome | null>;
}

/** Thin React adapter over runLogin: one run at a time, with its status for the status line. */
export function useLogin(): LoginState {
  const [status, setStatus] = useState<LoginStatus | null>(null);
  const running = useRef(false);
  const login = useCallback(async (target?: ProviderKind) => {
    if (running.current) return null;
    running.current = true;
    const config = getBootConfig();
    try {
      const { runLogin } = await loadFlow();
      return await runLogin({
        connect: { win: window, rpcUrl: config.rpcUrl, expectedChainId: config.chainId, ...(target ? { target } : {}) },
        signIn: { apiUrl: config.apiUrl, chainId: config.chainId },
        storage: sessionStorage,
        onStatus: setStatus,
      });
    } finally {
      running.current = false;
      setStatus(null);
    }
  }, []);
  return { status, login };
}
