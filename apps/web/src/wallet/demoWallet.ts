import { hexToNumber, isHex, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { chainIdHex, ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { createLocalSigner, paramsList } from '@eterno/protocol/wallet/localSigner';
import { PROVIDER_ERROR, ProviderRpcError, toProviderRpcError } from '@eterno/protocol/wallet/providerRpcError';
import type { Eip1193Provider, RequestArguments } from './types.ts';

/** Index 1 of anvil's test mnemonic is the seeded test account "alice". */
export const DEMO_ACCOUNT_INDEX = 1;
/** Where the demo wallet remembers that this site may see its account (like a real wallet's permission). */
export const DEMO_AUTHORIZED_KEY = 'eterno.demoWallet.authorized';

export interface DemoWalletOptions {
  readonly rpcUrl: string;
  /** Persists the site's permission; localStorage by default. */
  readonly storage?: Storage;
}

type Listener = (...args: unknown[]) => void;

export interface DemoWallet extends Eip1193Provider {
  readonly address: Address;
  on(event: string, listener: (...args: never[]) => void): DemoWallet;
  removeListener(event: string, listener: (...args: never[]) => void): DemoWallet;
}

/**
 * An EIP-1193 wallet over anvil's test account 1: the site's permission and the chain are its own;
 * signing, sending and reads are the protocol's one local signer (`createLocalSigner`).
 */
export function createDemoWallet(options: DemoWalletOptions): DemoWallet {
  const storage = options.storage ?? globalThis.localStorage;
  const account = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: DEMO_ACCOUNT_INDEX });
  const signer = createLocalSigner({ account, rpcUrl: options.rpcUrl });
  const listeners = new Map<string, Set<Listener>>();

  const emit = (event: string, ...args: unknown[]): void => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const isAuthorized = (): boolean => storage.getItem(DEMO_AUTHORIZED_KEY) === account.address;
  const authorize = (): void => {
    if (isAuthorized()) return;
    storage.setItem(DEMO_AUTHORIZED_KEY, account.address);
    emit('accountsChanged', [account.address]);
  };
  const requireAuthorized = (): void => {
    if (!isAuthorized())
      throw new ProviderRpcError(PROVIDER_ERROR.unauthorized, 'the demo wallet has not authorized this site');
  };
  const permissions = (): unknown[] =>
    isAuthorized() ? [{ parentCapability: 'eth_accounts', invoker: globalThis.location?.origin, caveats: [] }] : [];

  const handle = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
        authorize();
        return [account.address];
      case 'eth_accounts':
        return isAuthorized() ? [account.address] : [];
      case 'eth_chainId':
        return chainIdHex(ETERNO_CHAIN_ID);
      case 'wallet_requestPermissions':
        authorize();
        return permissions();
      case 'wallet_getPermissions':
        return permissions();
      case 'wallet_revokePermissions':
        storage.removeItem(DEMO_AUTHORIZED_KEY);
        emit('accountsChanged', []);
        return null;
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const chainId = (params[0] as { chainId?: unknown } | undefined)?.chainId;
        if (typeof chainId === 'string' && isHex(chainId) && hexToNumber(chainId) === ETERNO_CHAIN_ID) return null;
        throw new ProviderRpcError(
          method === 'wallet_switchEthereumChain' ? PROVIDER_ERROR.unrecognizedChain : PROVIDER_ERROR.unsupportedMethod,
          `the demo wallet only supports chain ${ETERNO_CHAIN_ID}`,
        );
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
      case 'eth_sendTransaction':
        requireAuthorized();
        return signer.request({ method, params });
      default:
        return signer.request({ method, params });
    }
  };

  const wallet: DemoWallet = {
    address: account.address,
    async request({ method, params }: RequestArguments) {
      try {
        return await handle(method, paramsList(params));
      } catch (error) {
        throw toProviderRpcError(error);
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      return wallet;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as Listener);
      return wallet;
    },
  };
  return wallet;
}
