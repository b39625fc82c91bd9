/**
 * The API's typed errors: codes and English messages from `@eterno/protocol/errors`, plus the
 * HTTP status of each code the server sends. The body is `{ error: { code, message } }`; a 500
 * also names its request id (`{ error: { code: "INTERNAL", message, requestId } }`). A code whose
 * text has `{name}` placeholders also sends their values (`{ error: { code, message, params } }`), so
 * the web fills its own language's text.
 */
import { EternoError, errorBody, errorMessage, type ErrorBody, type ErrorCode } from '@eterno/protocol/errors';
import type { Context, ErrorHandler } from 'hono';
import { requestIdOf } from './requestId.ts';
import { unavailableService } from './unavailable.ts';

export { errorBody } from '@eterno/protocol/errors';

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
  NOT_FOUND: 404,
  NFT_NOT_FOUND: 404,
  NFT_NOT_OWNER: 403,
  NFT_ALREADY_REVEALED: 409,
  NFT_SEEDS_UNAVAILABLE: 503,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  INVALID_AMOUNT: 400,
  TOKEN_NOT_SUPPORTED: 400,
  EXCHANGE_PAIR_UNSUPPORTED: 400,
  VOUCHER_NOT_FOUND: 404,
  INSUFFICIENT_BALANCE: 409,
  VOUCHER_OPEN: 409,
  RESERVE_TOO_LOW: 409,
  EXCHANGE_BUDGET_LOW: 409,
  OVER_TX_CAP: 422,
  OVER_DAY_CAP: 422,
  OVER_USER_DAY_CAP: 422,
  EXCHANGE_DAY_BUDGET: 422,
  EXCHANGE_PRICE_MOVING: 503,
  EXCHANGE_RESUMING: 503,
  EUSD_BELOW_VAULT_PRICE: 503,
  VAULT_SHORTFALL: 503,
  VAULT_PAUSED: 503,
  INDEXER_BEHIND: 503,
  CHAIN_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  PACKAGE_NOT_FOUND: 404,
  REGULAR_PRODUCT_NOT_FOUND: 404,
  AMOUNT_NOT_PACKAGE_PRICE: 422,
  REGULAR_AMOUNT_OUT_OF_RANGE: 422,
  NOT_REGISTERED: 403,
  CYCLES_USED_UP: 409,
  INVITEE_ADDRESS_REQUIRED: 400,
  PLACEMENT_REQUIRED: 400,
  CONTACT_ADDRESS_REQUIRED: 400,
  INVITE_CODE_REQUIRED: 400,
  INVITER_REQUIRED: 400,
  INVALID_INVITE_CODE: 400,
  INVALID_SIDE: 400,
  UNKNOWN_INVITE_CODE: 404,
  INVITE_CODE_NOT_YOURS: 403,
  INVITER_NOT_REGISTERED: 403,
  SELF_INVITE: 422,
  CONTACT_NOT_REGISTERED: 422,
  CONTACT_OUTSIDE_TEAM: 422,
  ALREADY_REGISTERED: 409,
  SEAT_TAKEN: 409,
  INVITATION_NOT_FOUND: 404,
} as const satisfies Partial<Record<ErrorCode, number>>;

export type ApiErrorCode = keyof typeof STATUS;
export type ApiErrorStatus = (typeof STATUS)[ApiErrorCode];

export type ErrorParams = Readonly<Record<string, string>>;

declare module 'hono' {
  interface ContextVariableMap {
    /** The code of the error answer this request got (the request log and metrics read it). */
    apiErrorCode: ApiErrorCode;
  }
}

export class ApiError extends EternoError<ApiErrorCode> {
  readonly status: ApiErrorStatus;
  readonly params: ErrorParams | undefined;

  constructor(code: ApiErrorCode, params?: ErrorParams) {
    super(code, errorMessage(code, params));
    this.status = STATUS[code];
    this.params = params;
  }
}

export type ApiErrorBody = { error: ErrorBody['error'] & { params?: ErrorParams } };

/** The JSON error answer of `code`, with extra headers (e.g. `Retry-After`); the code is kept on `c` (`apiErrorCode`). */
export function errorResponse(
  c: Context,
  code: ApiErrorCode,
  headers?: Record<string, string>,
  params?: ErrorParams,
): Response {
  c.set('apiErrorCode', code);
  const body: ApiErrorBody =
    params === undefined ? errorBody(code) : { error: { ...errorBody(code, params).error, params } };
  return c.json(body, STATUS[code], headers);
}

export type InternalErrorBody = { error: ErrorBody['error'] & { requestId: string } };

/** Writes one JSON line per unexpected error: the request id, the route and the error with its stack. */
export type ErrorLog = (entry: { requestId: string; method: string; path: string; error: unknown }) => void;

export const consoleErrorLog: ErrorLog = ({ requestId, method, path, error }) => {
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(JSON.stringify({ level: 'error', msg: 'unexpected error', requestId, method, path, error: detail }));
};

/** Seconds a client waits before asking again after a 503 for an unreachable chain or database. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * The error handler of every app: an ApiError answers its code; a chain or database out of reach
 * (./unavailable.ts) is logged and answers 503 with its code and `Retry-After`; anything else is
 * logged (with the request id) and answers 500 INTERNAL with the request id — never the error's text,
 * stack, file paths or database address.
 */
export function onApiError(log: ErrorLog = consoleErrorLog): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, undefined, err.params);
    const requestId = requestIdOf(c);
    const unavailable = unavailableService(err);
    if (unavailable) {
      log({ requestId, method: c.req.method, path: c.req.path, error: err });
      return errorResponse(c, unavailable, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) });
    }
    c.set('apiErrorCode', 'INTERNAL');
    log({ requestId, method: c.req.method, path: c.req.path, error: err });
    const body: InternalErrorBody = { error: { ...errorBody('INTERNAL').error, requestId } };
    return c.json(body, 500);
  };
}
