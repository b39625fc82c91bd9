import {
  createWalletClient,
  hexToBigInt,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem';
import { defineEternoChain, ETERNO_CHAIN_ID } from '../chain.ts';
import { paramsList } from './params.ts';
import { PROVIDER_ERROR, ProviderRpcError, toProviderRpcError } from './providerRpcError.ts';

export { paramsList };

/**
 * One local EIP-1193 signer over a key: the part of a wallet that holds the key. It signs
 * `personal_sign` and `eth_signTypedData_v4` with the account, signs `eth_sendTransaction` and
 * sends it raw through the RPC, and forwards chain reads (`eth_*`, `net_*`, `web3_*`) to the RPC
 * with the node's own error. It refuses `eth_sign` and `eth_signTransaction` (blind signing) and
 * anything else (4200), and signs only for its own address (4100).
 *
 * What a wallet decides around it (which site may see the account, which chain it is on, whether
 * the user approves) stays with the wallet: the demo wallet (apps/web) and the e2e test wallet
 * put their own policy in front of this one signer.
 */
export type LocalSigner = {
  readonly address: Address;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
};

export type LocalSignerOptions = {
  account: LocalAccount;
  /** The node the signer sends through and forwards reads to. */
  rpcUrl: string;
};

type TypeFields = Record<string, readonly { readonly name: string; readonly type: string }[]>;

type TypedDataJson = {
  types: TypeFields;
  primaryType: string;
  domain?: Record<string, unknown>;
  message: Record<string, unknown>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON typed data carries integers as strings or numbers; viem hashes bigints. */
function normalizeTypedValue(type: string, value: unknown, types: TypeFields): unknown {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array?.[1] !== undefined && Array.isArray(value)) {
    const itemType = array[1];
    return value.map((item: unknown) => normalizeTypedValue(itemType, item, types));
  }
  if (/^u?int\d*$/.test(type) && (typeof value === 'string' || typeof value === 'number')) return BigInt(value);
  const fields = types[type];
  if (fields && isRecord(value)) {
    return Object.fromEntries(
      fields.map((field) => [field.name, normalizeTypedValue(field.type, value[field.name], types)]),
    );
  }
  return value;
}

function typedDataJson(raw: unknown): TypedDataJson {
  const data: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!isRecord(data) || !isRecord(data.types) || typeof data.primaryType !== 'string' || !isRecord(data.message)) {
    throw new ProviderRpcError(PROVIDER_ERROR.invalidParams, 'eth_signTypedData_v4 expects typed data');
  }
  return {
    types: data.types as TypeFields,
    primaryType: data.primaryType,
    message: data.message,
    ...(isRecord(data.domain) ? { domain: data.domain } : {}),
  };
}

export function parseTypedData(raw: unknown): TypedDataDefinition {
  const data = typedDataJson(raw);
  const { EIP712Domain: _domainType, ...types } = data.types;
  const domain = Object.fromEntries(
    Object.entries(data.domain ?? {}).map(([key, value]) => [
      key,
      key === 'chainId' && (typeof value === 'string' || typeof value === 'number') ? BigInt(value) : value,
    ]),
  );
  const message = normalizeTypedValue(data.primaryType, data.message, types);
  // JSON typed data is checked by viem as it hashes it (unknown types and bad values throw).
  return {
    domain,
    types,
    primaryType: data.primaryType,
    message: isRecord(message) ? message : {},
  } as TypedDataDefinition;
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined;
}

function hexOrUndefined(value: unknown): Hex | undefined {
  return typeof value === 'string' && isHex(value) ? value : undefined;
}

async function forward(rpcUrl: string, method: string, params: readonly unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body: unknown = await response.json();
  if (!isRecord(body))
    throw new ProviderRpcError(PROVIDER_ERROR.internal, `${method}: the node answered no JSON-RPC object`);
  if (isRecord(body.error)) {
    const code = typeof body.error.code === 'number' ? body.error.code : PROVIDER_ERROR.internal;
    throw new ProviderRpcError(code, String(body.error.message ?? 'RPC error'), body.error.data);
  }
  return body.result ?? null;
}

export function createLocalSigner({ account, rpcUrl }: LocalSignerOptions): LocalSigner {
  const walletClient = createWalletClient({
    account,
    chain: defineEternoChain(rpcUrl),
    transport: http(rpcUrl, { retryCount: 0 }),
  });

  const requireOwn = (value: unknown): void => {
    if (typeof value !== 'string' || !isAddress(value, { strict: false }) || !isAddressEqual(value, account.address)) {
      throw new ProviderRpcError(PROVIDER_ERROR.unauthorized, `the wallet has no key for ${String(value)}`);
    }
  };

  const sendTransaction = async (raw: unknown): Promise<Hex> => {
    const tx = isRecord(raw) ? raw : {};
    requireOwn(tx.from);
    const to =
      tx.to === undefined || tx.to === null
        ? null
        : typeof tx.to === 'string' && isAddress(tx.to, { strict: false })
          ? tx.to
          : undefined;
    if (to === undefined)
      throw new ProviderRpcError(PROVIDER_ERROR.invalidParams, `eth_sendTransaction: bad "to" ${String(tx.to)}`);
    const nonce = quantity(tx.nonce);
    const base = {
      account,
      to,
      data: hexOrUndefined(tx.data) ?? hexOrUndefined(tx.input),
      value: quantity(tx.value),
      gas: quantity(tx.gas),
      nonce: nonce === undefined ? undefined : Number(nonce),
    };
    const gasPrice = quantity(tx.gasPrice);
    if (gasPrice !== undefined) return walletClient.sendTransaction({ ...base, gasPrice });
    return walletClient.sendTransaction({
      ...base,
      maxFeePerGas: quantity(tx.maxFeePerGas),
      maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
    });
  };

  const handle = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(ETERNO_CHAIN_ID);
      case 'personal_sign': {
        // MetaMask's order is [data, address]; the reversed order is accepted, as wallets do.
        const [a, b] = params;
        const [data, address] = typeof b === 'string' && isAddress(b, { strict: false }) ? [a, b] : [b, a];
        requireOwn(address);
        if (typeof data !== 'string')
          throw new ProviderRpcError(PROVIDER_ERROR.invalidParams, 'personal_sign expects a message');
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = params;
        requireOwn(address);
        return account.signTypedData(parseTypedData(data));
      }
      case 'eth_sendTransaction':
        return sendTransaction(params[0]);
      default:
        if (/^(eth|net|web3)_/.test(method) && !/^eth_sign/.test(method)) return forward(rpcUrl, method, params);
        throw new ProviderRpcError(PROVIDER_ERROR.unsupportedMethod, `the wallet does not support ${method}`);
    }
  };

  return {
    address: account.address,
    async request({ method, params }) {
      try {
        return await handle(method, paramsList(params));
      } catch (error) {
        throw toProviderRpcError(error);
      }
    },
  };
}
