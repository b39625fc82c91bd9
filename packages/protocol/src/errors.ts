/**
 * The error catalogue shared by the server and the web app (spec §8 plus the server's auth codes).
 *
 * A code is stable: the server sends it in `{ "error": { "code", "message" } }` and the web app
 * looks up the user's language by code. The English text is the spec's wording where the spec
 * has one; `{name}` placeholders are filled by `errorMessage`.
 */

export const ERROR_MESSAGES = {
  CAN_NOT_FIND_WEB3_PROVIDER: 'can not find web3 provider',
  LOGIN_FAIL: 'login fail',
  LOGIN_FAIL_NO_ACCOUNT: 'login fail, no account found',
  ERROR_ACCOUNT: 'error account',
  TRADING_MULTIPLES_OF_10: 'Trading multiples of 10',
  BID_TOO_HIGH: 'Your bid is too high, please do not exceed {price}!',
  INVALID_WALLET_ADDRESS: 'Invalid wallet address',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  REFUSED_TRANSACTION_REQUEST: 'Refused transaction request',
  TX_SIMULATION_FAILED: 'The transaction would fail: {reason}',
  TX_FAILED: 'The transaction failed on chain',
  SWITCH_CHAIN_REQUESTED: 'Please switch your wallet to the ETERNO network and connect again',
  NFT_NOT_FOUND: 'No such NFT: its purchase may not be recorded yet, please try again in a moment',
  NFT_NOT_OWNER: 'Only the owner of this NFT can reveal it',
  NFT_ALREADY_REVEALED: 'This NFT is already revealed',
  NFT_SEEDS_EXHAUSTED: 'NFT sales are waiting for new rarity seeds, please try again in a minute',
  NFT_SEEDS_UNAVAILABLE: 'The server cannot hand out rarity seeds right now, please try again later',
  NETWORK_ERROR: 'Network error, please check your connection and try again',
  MULTICALL_CALL_FAILED: 'Could not read from the chain, please try again',
  CHAIN_UNAVAILABLE:
    'The ETERNO network cannot be reached right now: nothing was signed or sent, please try again in a moment',
  DATABASE_UNAVAILABLE: 'The service is briefly unavailable: nothing was changed, please try again in a moment',
  NONCE_UNKNOWN: 'Unknown sign-in request, please try again',
  NONCE_USED: 'This sign-in request was already used, please try again',
  NONCE_EXPIRED: 'The sign-in request has expired, please try again',
  MESSAGE_EXPIRED: 'The sign-in message has expired',
  MESSAGE_NOT_YET_VALID: 'The sign-in message is not valid yet',
  WRONG_DOMAIN: 'The sign-in message is for another website',
  WRONG_CHAIN: 'The sign-in message is for another network',
  BAD_SIGNATURE: 'The signature does not match the wallet address',
  BAD_REQUEST: 'Bad request',
  UNAUTHORIZED: 'Please sign in again',
  NOT_FOUND: 'Not found',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  RATE_LIMITED: 'Too many requests, please wait a moment and try again',
  INTERNAL: 'Something went wrong on the server, please try again later',
  INVALID_AMOUNT: 'Please enter a valid amount',
  TOKEN_NOT_SUPPORTED: 'This token cannot be deposited, withdrawn or exchanged',
  VOUCHER_OPEN: 'You already have a withdrawal in progress: finish it or wait until it expires',
  VAULT_PAUSED: 'Deposits and withdrawals are paused, please try again later',
  OVER_TX_CAP: 'The amount is above the limit of {cap} per transaction',
  OVER_DAY_CAP: "Today's limit is reached: at most {remaining} more can go out today",
  OVER_USER_DAY_CAP: 'Your own limit for today is reached: at most {remaining} more can be paid to you today',
  INDEXER_BEHIND: 'Your latest transaction is still being recorded, please try again in a moment',
  RESERVE_TOO_LOW: 'The vault cannot cover this exchange right now, please try a smaller amount',
  VAULT_SHORTFALL: 'The vault holds less than it owes right now: withdrawals wait until the operator restores it',
  EXCHANGE_BUDGET_LOW:
    "The vault's exchange budget for this token is used up: at most {remaining} more can be paid by exchanges",
  EXCHANGE_DAY_BUDGET:
    "Today's exchange budget for this token is used up: at most {remaining} more can be exchanged today",
  EXCHANGE_PRICE_MOVING:
    'The market price is more than the fee away from the average price: this exchange waits until it settles, please try again later',
  EXCHANGE_RESUMING:
    'Exchanges resume a few minutes after server maintenance: nothing was signed, please try again in a few minutes',
  EUSD_BELOW_VAULT_PRICE:
    'EUSD sells for {price} USDT on the EUSD market, below what the vault pays: this exchange waits until the market is back, please try again later',
  EXCHANGE_PAIR_UNSUPPORTED: 'This exchange is not offered',
  VOUCHER_NOT_FOUND: 'No such withdrawal',
  QUOTE_EXPIRED: 'The quote has expired, please ask for a new one',
  PACKAGE_NOT_FOUND: 'No such package',
  AMOUNT_NOT_PACKAGE_PRICE: 'The payment must be the package price of {price} USDT',
  NOT_REGISTERED: 'Please register with a referral address before buying a package',
  CYCLES_USED_UP: 'You have used all {max} cycles of this package',
  REGULAR_PRODUCT_NOT_FOUND: 'No such fixed-term product',
  REGULAR_AMOUNT_OUT_OF_RANGE: 'Enter an amount between {min} and {max} USDT',
  PURCHASE_EXPIRED: 'This payment authorisation has expired, please start again',
  INVALID_INVITE_CODE: 'Invalid invite code',
  ALREADY_REGISTERED: 'This wallet is already registered: a referral binding cannot be changed',
  INVITER_NOT_REGISTERED: 'The inviter is not registered',
  CONTACT_NOT_REGISTERED: 'The contact address is not registered',
  SELF_INVITE: 'You cannot invite yourself',
  INVALID_SIDE: 'Please choose the left or the right side',
  SEAT_TAKEN: 'This seat is already taken, please choose another',
  PLACEMENT_EXPIRED: 'The placement approval has expired, please start again',
  PLACEMENT_NOT_APPROVED: 'This placement is not approved for your wallet, please start again',
  INVITEE_ADDRESS_REQUIRED: 'Please enter the new user wallet address',
  PLACEMENT_REQUIRED: 'Please select automatic or manual contact address',
  CONTACT_ADDRESS_REQUIRED: 'Please enter the contact address',
  INVITE_CODE_REQUIRED: 'Please enter the referral code',
  INVITER_REQUIRED: 'Please enter the invite code or the inviter address',
  UNKNOWN_INVITE_CODE: 'No registered account has this invite code',
  INVITE_CODE_NOT_YOURS: 'This is not your invite code',
  CONTACT_OUTSIDE_TEAM: "The contact address is not in the inviter's team",
  INVITATION_NOT_FOUND: 'No such invitation',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/** The English text of `code`, with `{name}` placeholders replaced from `params`. */
export function errorMessage(code: ErrorCode, params: Readonly<Record<string, string>> = {}): string {
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? (params[name] as string) : placeholder,
  );
}

/** Base class of every typed error in ETERNO: `code` is stable, `message` is English text. */
export class EternoError<C extends string = ErrorCode> extends Error {
  readonly code: C;

  constructor(code: C, message?: string, options?: ErrorOptions) {
    super(message ?? (isErrorCode(code) ? errorMessage(code) : code), options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The body of every error response of the server API (a 500 also carries `requestId`). */
export type ErrorBody = { error: { code: ErrorCode; message: string } };

export function errorBody(code: ErrorCode, params?: Readonly<Record<string, string>>): ErrorBody {
  return { error: { code, message: errorMessage(code, params) } };
}

/**
 * Reads an error body received from the server. Returns null when `json` does not have the
 * documented shape or names a code this build does not know.
 */
export function parseErrorBody(json: unknown): ErrorBody['error'] | null {
  if (typeof json !== 'object' || json === null || !('error' in json)) return null;
  const error: unknown = json.error;
  if (typeof error !== 'object' || error === null) return null;
  if (!('code' in error) || !isErrorCode(error.code)) return null;
  if (!('message' in error) || typeof error.message !== 'string') return null;
  return { code: error.code, message: error.message };
}
