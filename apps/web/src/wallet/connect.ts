import { addChainParams, chainIdHex, ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { isTronStyleAccount } from '@eterno/protocol/address';
import { ERROR_MESSAGES } from '@eterno/protocol/errors';
import { findProvider, type FindProviderOptions } from './findProvider.ts';
import { attachReloadListeners } from './listeners.ts';
import { WalletError } from './WalletError.ts';
import { hasProviderErrorCode, type Address, type Eip1193Provider, type FoundProvider } from './types.ts';

/** The wallet does not know the chain it was asked to switch to (EIP-3326). */
export const UNRECOGNIZED_CHAIN_CODE = 4902;

/** Why the flow ended without an account; the UI tells the user in their language. */
export type EmptyReason = 'login-fail' | 'no-account' | 'switch-requested';

export type ConnectResult =
  | ({ readonly status: 'connected'; readonly account: Address } & FoundProvider)
  | { readonly status: 'empty'; readonly reason: EmptyReason };

export interface ConnectDeps extends FindProviderOptions {
  /** RPC URL offered to the wallet when it has to add the chain. */
  readonly rpcUrl: string;
  readonly expectedChainId?: number;
  /** Spec §4 step 4: ask the wallet to switch when it is on another chain. Default true. */
  readonly switchChain?: boolean;
  readonly logger?: Pick<Console, 'log' | 'warn'>;
  readonly reload?: () => void;
}

async function requestSwitch(
  provider: Eip1193Provider,
  chainId: number,
  rpcUrl: string,
  logger: Pick<Console, 'warn'>,
): Promise<void> {
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdHex(chainId) }] });
  } catch (error) {
    if (!hasProviderErrorCode(error, UNRECOGNIZED_CHAIN_CODE)) {
      logger.warn('switch chain request failed', error);
      return;
    }
    try {
      await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(rpcUrl)] });
    } catch (addError) {
      logger.warn('add chain request failed', addError);
    }
  }
}

/** The wallet connection flow of spec §4, step by step. */
export async function connectWallet(deps: ConnectDeps): Promise<ConnectResult> {
  const logger = deps.logger ?? console;
  const expectedChainId = deps.expectedChainId ?? ETERNO_CHAIN_ID;
  const found = await findProvider(deps);
  const { provider } = found;

  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch {
    logger.log(ERROR_MESSAGES.LOGIN_FAIL);
    return { status: 'empty', reason: 'login-fail' };
  }
  const account: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof account !== 'string' || account === '') {
    logger.log(ERROR_MESSAGES.LOGIN_FAIL_NO_ACCOUNT);
    return { status: 'empty', reason: 'no-account' };
  }
  if (isTronStyleAccount(account)) throw new WalletError('ERROR_ACCOUNT');

  const chainId = Number(await provider.request({ method: 'eth_chainId' }));
  if (chainId !== expectedChainId && (deps.switchChain ?? true)) {
    await requestSwitch(provider, expectedChainId, deps.rpcUrl, logger);
    return { status: 'empty', reason: 'switch-requested' };
  }

  attachReloadListeners(provider, {
    logger,
    reload: deps.reload ?? (() => globalThis.location.reload()),
    ...(deps.setTimeout ? { setTimeout: deps.setTimeout } : {}),
  });
  return { status: 'connected', account: account as Address, ...found };
}
