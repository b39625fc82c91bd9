import type { ErrorCode } from '@eterno/protocol/errors';
import { ApiError, type TransportErrorCode } from '../../session/ApiError.ts';
import { WalletError } from '../../wallet/WalletError.ts';

/**
 * The `errors` namespace key of a login failure: its catalogue code, or a transport code when the
 * server gave no usable answer; undefined for anything else (the UI then shows its message).
 */
export function loginErrorCode(error: unknown): ErrorCode | TransportErrorCode | undefined {
  if (error instanceof WalletError || error instanceof ApiError) return error.code;
  return undefined;
}
