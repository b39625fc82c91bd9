import { MulticallCallError } from '@eterno/protocol/multicall';
import { isErrorCode } from '@eterno/protocol/errors';
import { transportFailure } from './transportFailure.ts';

/** A failed read as a screen shows it: `waiting` when a service is out of reach (the network banner says which). */
export type ReadFailure = { message: string; detail: string; waiting?: true };

/**
 * What a screen says when its read failed: while the server or the chain is out of reach, that it
 * waits for the connection (no raw browser or viem text; the network banner retries); else a failed
 * multicall sub-call or a catalogued error code in the user's language, else the screen's own
 * `fallbackKey`, with the raw message as detail.
 */
export function readErrorText(error: unknown, t: (key: string) => string, fallbackKey: string): ReadFailure {
  if (transportFailure(error)) return { message: t('common:network.waiting'), detail: '', waiting: true };
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof MulticallCallError) return { message: t('errors:MULTICALL_CALL_FAILED'), detail };
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (isErrorCode(code)) return { message: t(`errors:${code}`), detail };
  return { message: t(fallbackKey), detail };
}
