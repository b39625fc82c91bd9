import { EternoError, type ErrorCode } from '@eterno/protocol/errors';

export type WalletErrorCode = Extract<
  ErrorCode,
  'CAN_NOT_FIND_WEB3_PROVIDER' | 'ERROR_ACCOUNT' | 'REFUSED_TRANSACTION_REQUEST'
>;

/**
 * A typed failure of the wallet flow. `code` is a catalogue code of `@eterno/protocol/errors` (the key
 * of its localized text in the `errors` namespace); `message` is the spec's English text.
 */
export class WalletError extends EternoError<WalletErrorCode> {}
