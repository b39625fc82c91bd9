import {
  createPublicClient,
  createWalletClient,
  hexToBigInt,
  hexToNumber,
  http,
  isHex,
  BaseError,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { chainIdHex, defineEternoChain, ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Eip1193Provider, RequestArguments, WalletWindow } from './types.ts';

/** Index 1 of anvil's test mnemonic is the seeded test account "alice". */
export const DEMO_ACCOUNT_INDEX = 1;
/** Where the demo wallet remembers that this site may see its account (like a real wallet's permission). */
export const DEMO_AUTHORIZED_KEY = 'eterno.demoWallet.authorized';


export class DemoWalletRpcError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'DemoWalletRpcError';
    this.code = code;
  }
}

const UNAUTHORIZED = 4100;
const UNSUPPORTED_METHOD = 4200;
const UNRECOGNIZED_CHAIN = 4902;
const INTERNAL_ERROR = -32603;

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

interface TypedDataJson {
  readonly types: Record<string, readonly { readonly name: string; readonly type: string }[]>;
  readonly primaryType: string;
  readonly domain?: Record<string, unknown>;
  readonly message: Record<string, unknown>;
}

type TypeFields = TypedDataJson['types'];

/** JSON typed data carries integers as strings or numbers; viem hashes bigints. */
function normalizeTypedValue(type: string, value: unknown, types: TypeFields): unknown {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array?.[1] !== undefined && Array.isArray(value)) {
    const itemType = array[1];
    return value.map((item: unknown) => normalizeTypedValue(itemType, item, types));
  }
  if (/^u?int\d*$/.test(type) && (typeof value === 'string' || typeof value === 'number')) return BigInt(value);
  const fields = types[type];
  if (fields && typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(fields.map((field) => [field.name, normalizeTypedValue(field.type, record[field.name], types)]));
  }
  return value;
}

function parseTypedData(raw: unknown): TypedDataDefinition {
  const data = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TypedDataJson;
  const { EIP712Domain: _domainType, ...types } = data.types;
  const domain = Object.fromEntries(
    Object.entries(data.domain ?? {}).map(([key, value]) => [
      key,
      key === 'chainId' && (typeof value === 'string' || typeof value === 'number') ? BigInt(value) : value,
    ]),
  );
  return {
    domain,
    types,
    primaryType: data.primaryType,
    message: normalizeTypedValue(data.primaryType, data.message, types) as Record<string, unknown>,
  } as TypedDataDefinition;
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined;
}

function toRpcError(error: unknown): DemoWalletRpcError {
  if (error instanceof DemoWalletRpcError) return error;
  if (error instanceof BaseError) {
    const withCode = error.walk((inner) => typeof (inner as { code?: unknown }).code === 'number') as
      | { code: number }
      | null;
    return new DemoWalletRpcError(withCode?.code ?? INTERNAL_ERROR, error.shortMessage);
  }
  return new DemoWalletRpcError(INTERNAL_ERROR, error instanceof Error ? error.message : String(error));
}

/** An EIP-1193 wallet over anvil's test account 1, signing locally and sending through the RPC URL. */
export function createDemoWallet(options: DemoWalletOptions): DemoWallet {
  const storage = options.storage ?? globalThis.localStorage;
  const account = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: DEMO_ACCOUNT_INDEX });
  const chain = defineEternoChain(options.rpcUrl);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ chain, transport });
  const walletClient = createWalletClient({ account, chain, transport });
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
  const requireAccount = (address: unknown): void => {
    if (!isAuthorized() || typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase()) {
      throw new DemoWalletRpcError(UNAUTHORIZED, `the demo wallet has not authorized ${String(address)}`);
    }
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
        throw new DemoWalletRpcError(
          method === 'wallet_switchEthereumChain' ? UNRECOGNIZED_CHAIN : UNSUPPORTED_METHOD,
          `the demo wallet only supports chain ${ETERNO_CHAIN_ID}`,
        );
      }
      case 'personal_sign': {
        const [data, address] = params;
        requireAccount(address);
        if (typeof data !== 'string') throw new DemoWalletRpcError(-32602, 'personal_sign expects a message');
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = params;
        requireAccount(address);
        return account.signTypedData(parseTypedData(data));
      }
      case 'eth_sendTransaction': {
        const tx = (params[0] ?? {}) as Record<string, unknown>;
        requireAccount(tx.from);
        const gasPrice = quantity(tx.gasPrice);
        const maxFeePerGas = quantity(tx.maxFeePerGas);
        const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas);
        const gas = quantity(tx.gas);
        const value = quantity(tx.value);
        const nonce = quantity(tx.nonce);
        return walletClient.sendTransaction({
          account,
          to: (tx.to as Address | undefined) ?? null,
          ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : typeof tx.input === 'string' ? { data: tx.input as Hex } : {}),
          ...(value !== undefined ? { value } : {}),
          ...(gas !== undefined ? { gas } : {}),
          ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
          ...(gasPrice !== undefined
            ? { gasPrice }
            : {
                ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
                ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
              }),
        } as Parameters<typeof walletClient.sendTransaction>[0]);
      }
      default:
        if (/^(eth|net|web3)_/.test(method) && !/^eth_sign/.test(method)) {
          return publicClient.request({ method, params } as never);
        }
        throw new DemoWalletRpcError(UNSUPPORTED_METHOD, `the demo wallet does not support ${method}`);
    }
  };

  const wallet: DemoWallet = {
    address: account.address,
    async request({ method, params }: RequestArguments) {
      try {
        return await handle(method, Array.isArray(params) ? params : params === undefined ? [] : [params]);
      } catch (error) {
        throw toRpcError(error);
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
