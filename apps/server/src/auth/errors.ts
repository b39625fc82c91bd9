/**
 * The API's typed errors: codes and English messages from `@eterno/protocol/errors`, plus the
 * HTTP status of each code the server sends. The body is `{ error: { code, message } }`.
 */
import { EternoError, type ErrorCode } from "@eterno/protocol/errors";

export { errorBody } from "@eterno/protocol/errors";

const STATUS = {
  BAD_REQUEST: 400,
  INVALID_WALLET_ADDRESS: 400,
  WRONG_DOMAIN: 400,
  WRONG_CHAIN: 400,
  MESSAGE_EXPIRED: 401,
  MESSAGE_NOT_YET_VALID: 401,
  BAD_SIGNATURE: 401,
  NONCE_UNKNOWN: 401,
  NONCE_EXPIRED: 401,
  NONCE_USED: 401,
  UNAUTHORIZED: 401,
} as const satisfies Partial<Record<ErrorCode, 400 | 401>>;

export type ApiErrorCode = keyof typeof STATUS;

export class ApiError extends EternoError<ApiErrorCode> {
  readonly status: 400 | 401;

  constructor(code: ApiErrorCode) {
    super(code);
    this.status = STATUS[code];
  }
}
