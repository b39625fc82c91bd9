import { EternoError, type ErrorCode } from '@eterno/protocol/errors';

/** No answer from the server, or an answer without a catalogue error code. */
export type TransportErrorCode = 'NETWORK_ERROR' | 'SERVER_ERROR';

/**
 * A failed call to the ETERNO server: `code` is the catalogue code of its `{ error: { code, message } }`
 * body, or a transport code when there was no usable answer. `status` is the HTTP status (0: none).
 */
export class ApiError extends EternoError<ErrorCode | TransportErrorCode> {
  readonly status: number;

  constructor(code: ErrorCode | TransportErrorCode, message: string, status: number) {
    super(code, message);
    this.status = status;
  }
}
