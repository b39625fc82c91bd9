import { BaseError } from 'viem';

/** The EIP-1193 / JSON-RPC error codes a wallet answers with. */
export const PROVIDER_ERROR = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const;

/** An EIP-1193 provider error: what a wallet's `request` rejects with (`code`, `message`, optional `data`). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError';
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

function codeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' ? error.code : undefined;
}

/** Any failure as a provider error: its own, a viem error's innermost code, or -32603. */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  if (error instanceof BaseError) {
    const withCode = error.walk((inner) => codeOf(inner) !== undefined);
    return new ProviderRpcError(codeOf(withCode) ?? PROVIDER_ERROR.internal, error.shortMessage);
  }
  return new ProviderRpcError(PROVIDER_ERROR.internal, error instanceof Error ? error.message : String(error));
}
