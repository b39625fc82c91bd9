import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '@eterno/protocol/errors';

/**
 * The `{name}` values of a catalogue message as the server filled them ("… at most {remaining} more
 * can go out today" → `{ remaining }`), so the user's language shows the same figures. Empty when
 * the message does not follow the template.
 */
export function paramsFromMessage(code: ErrorCode, message: string): Record<string, string> {
  const template = ERROR_MESSAGES[code];
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(message);
  if (!match) return {};
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
}

/** Placeholders of the catalogue's texts a vault error can carry. */
export type VaultErrorParams = { cap?: string; remaining?: string; price?: string; reason?: string };

/**
 * An error of the server or of the wallet flow as an `errors` key and its values, for the user's
 * language: the catalogue code with the figures the server put in its message; INTERNAL for an
 * error without a catalogue code.
 */
export function errorKeyOf(error: unknown): { code: ErrorCode; params: VaultErrorParams } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (!isErrorCode(code)) return { code: 'INTERNAL', params: {} };
  const message = error instanceof Error ? error.message : '';
  return { code, params: paramsFromMessage(code, message) };
}
