import { MulticallCallError } from '@eterno/protocol/multicall';
import { isErrorCode } from '@eterno/protocol/errors';

/**
 * What a screen says when its chain read failed: a failed multicall sub-call or a catalogued error
 * code in the user's language, else the screen's own `fallbackKey`; the raw message as detail.
 */
export function readErrorText(
  error: unknown,
  t: (key: string) => string,
  fallbackKey: string,
): { message: string; detail: string } {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof MulticallCallError) return { message: t('errors:MULTICALL_CALL_FAILED'), detail };
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (isErrorCode(code)) return { message: t(`errors:${code}`), detail };
  return { message: t(fallbackKey), detail };
}
