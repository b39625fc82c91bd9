import { hexToNumber, isHex, type Address } from 'viem';
import { chainIdHex, ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { paramsList } from '@eterno/protocol/wallet/params';
import type { LocalSigner } from '@eterno/protocol/wallet/localSigner';
import { PROVIDER_ERROR, ProviderRpcError, toProviderRpcError } from '@eterno/protocol/wallet/providerRpcError';
import { DEMO_METHODS, type DemoAccount } from './demoWalletGate.ts';
import type { Eip1193Provider, RequestArguments } from './types.ts';

export { DEMO_METHODS };

/** Index 1 of anvil's test mnemonic is the seeded test account "alice": the demo wallet's first account. */
export const DEMO_ACCOUNT_INDEX = 1;
/**
 * The accounts the demo wallet can switch between (indexes of anvil's test mnemonic): 1–3 the local
 * seed's alice, bob and carol (registered, with tokens: both sides of a market trade), 4–5 accounts the
 * seed leaves unregistered (the registration). Local chain only, like the wallet itself.
 */
export const DEMO_ACCOUNT_INDEXES: readonly number[] = [1, 2, 3, 4, 5];
/**
 * Their addresses (demoSigner.ts derives each key and checks that it gives this address). Known without
 * the keys, so that a reload's session check (eth_accounts) does no key derivation: deriving a key from
 * the mnemonic (PBKDF2, then secp256k1) is a long task on a phone's CPU, done only when the wallet first
 * signs, sends or reads.
 */
export const DEMO_ACCOUNT_ADDRESSES: Readonly<Record<number, Address>> = {
  1: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  2: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  3: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  4: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  5: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
};
/** Account 1's address (alice). */
export const DEMO_ACCOUNT_ADDRESS: Address = DEMO_ACCOUNT_ADDRESSES[DEMO_ACCOUNT_INDEX]!;
/** Where the demo wallet remembers that this site may see its account (like a real wallet's permission). */
export const DEMO_AUTHORIZED_KEY = 'eterno.demoWallet.authorized';
/** Where the demo wallet remembers its selected account (a mnemonic index of DEMO_ACCOUNT_INDEXES). */
export const DEMO_ACCOUNT_KEY = 'eterno.demoWallet.account';

/** The remembered account (storage may be absent outside a browser: then account 1 until one is selected). */
function storedIndex(storage: Storage | undefined): number {
  const index = Number(storage?.getItem(DEMO_ACCOUNT_KEY));
  return DEMO_ACCOUNT_INDEXES.includes(index) ? index : DEMO_ACCOUNT_INDEX;
}

export interface DemoWalletOptions {
  readonly rpcUrl: string;
  /** Persists the site's permission; localStorage by default. */
  readonly storage?: Storage;
}

type Listener = (...args: unknown[]) => void;

export interface DemoWallet extends Eip1193Provider {
  /** The selected account's address. */
  readonly address: Address;
  on(event: string, listener: (...args: never[]) => void): DemoWallet;
  removeListener(event: string, listener: (...args: never[]) => void): DemoWallet;
}

/**
 * An EIP-1193 wallet over one of anvil's test accounts (account 1, alice, until another is selected):
 * the site's permission, the chain and the account switch are its own; signing, sending and reads are
 * the protocol's one local signer (`createLocalSigner`), loaded and given the selected account's key on
 * the first request that needs it (demoSigner.ts).
 */
export function createDemoWallet(options: DemoWalletOptions): DemoWallet {
  const storage = options.storage ?? globalThis.localStorage;
  const accountAt = (addressIndex: number) => ({ address: DEMO_ACCOUNT_ADDRESSES[addressIndex]! });
  /** The selected account's signer, its key derived on first use (a switch starts a new one). */
  const lazySigner = (addressIndex: number, address: Address) => {
    let signerPromise: Promise<LocalSigner> | undefined;
    return {
      request: async (args: { method: string; params?: unknown }): Promise<unknown> => {
        signerPromise ??= import('./demoSigner.ts').then((m) =>
          m.createDemoSigner({ rpcUrl: options.rpcUrl, index: addressIndex, address }),
        );
        return (await signerPromise).request(args);
      },
    };
  };
  let index = storedIndex(storage);
  let account = accountAt(index);
  let signer = lazySigner(index, account.address);
  let known: DemoAccount[] | undefined;
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

  /** Like a real wallet switching accounts on a connected site: the new one is shared, accountsChanged. */
  const select = (next: unknown): null => {
    if (typeof next !== 'number' || !DEMO_ACCOUNT_INDEXES.includes(next))
      throw new ProviderRpcError(PROVIDER_ERROR.invalidParams, `the demo wallet has no account ${String(next)}`);
    if (next === index) return null;
    const wasAuthorized = isAuthorized();
    index = next;
    account = accountAt(next);
    signer = lazySigner(next, account.address);
    storage.setItem(DEMO_ACCOUNT_KEY, String(next));
    if (wasAuthorized) storage.setItem(DEMO_AUTHORIZED_KEY, account.address);
    emit('accountsChanged', isAuthorized() ? [account.address] : []);
    return null;
  };
  const accounts = (): DemoAccount[] => {
    known ??= DEMO_ACCOUNT_INDEXES.map((i) => ({ index: i, address: accountAt(i).address, selected: false }));
    return known.map((a) => ({ ...a, selected: a.index === index }));
  };

  const handle = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    switch (method) {
      case DEMO_METHODS.accounts:
        return accounts();
      case DEMO_METHODS.select:
        return select(params[0]);
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
    get address() {
      return account.address;
    },
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
