/**
 * The vault's refusals in the user's words: each custom error of EternoVault a withdrawal or an exchange
 * can meet on chain maps to an error code of the catalogue (../errors.ts; en and zh texts in the web's
 * errors namespace), with the figures its text shows (amounts in whole tokens, as the server writes them).
 *   OverTxCap(amount, cap) → OVER_TX_CAP {cap}; OverDayCap(amount, remaining) → OVER_DAY_CAP {remaining};
 *   OverUserDayCap(amount, remaining) → OVER_USER_DAY_CAP {remaining}; ExchangeBudgetExceeded(amount,
 *   budget) → EXCHANGE_BUDGET_LOW {remaining}; VaultPaused, WithdrawalsPaused(reopenAt) → VAULT_PAUSED;
 *   TokenNotAllowed → TOKEN_NOT_SUPPORTED.
 * Anything else (an expired deadline, a bad signature…) is none of these: the caller keeps its own error.
 */
import { formatAmount } from '../amount.ts';
import { TOKEN_DECIMALS } from '../domain.ts';
import { EternoError } from '../errors.ts';
import { TxSimulationError } from '../tx/errors.ts';
import { decodeRevert, type RevertReason } from '../tx/revert.ts';

export const VAULT_ERROR_CODES = [
  'OVER_TX_CAP',
  'OVER_DAY_CAP',
  'OVER_USER_DAY_CAP',
  'EXCHANGE_BUDGET_LOW',
  'VAULT_PAUSED',
  'TOKEN_NOT_SUPPORTED',
] as const;
export type VaultErrorCode = (typeof VAULT_ERROR_CODES)[number];

/** A vault refusal (simulated before sending, or reverted): the code and the figures of its text. */
export class VaultError extends EternoError<VaultErrorCode> {
  constructor(
    code: VaultErrorCode,
    readonly params: Readonly<Record<string, string>>,
    options?: ErrorOptions,
  ) {
    super(code, undefined, options);
  }
}

const whole = (value: unknown): string => (typeof value === 'bigint' ? formatAmount(value, TOKEN_DECIMALS) : '');

/** The vault error a revert stands for, or null when it is none of the vault's refusals above. */
export function vaultErrorOf(
  reason: RevertReason,
): { code: VaultErrorCode; params: Readonly<Record<string, string>> } | null {
  if (reason.kind !== 'custom') return null;
  const [, second] = reason.args;
  switch (reason.name) {
    case 'OverTxCap':
      return { code: 'OVER_TX_CAP', params: { cap: whole(second) } };
    case 'OverDayCap':
      return { code: 'OVER_DAY_CAP', params: { remaining: whole(second) } };
    case 'OverUserDayCap':
      return { code: 'OVER_USER_DAY_CAP', params: { remaining: whole(second) } };
    case 'ExchangeBudgetExceeded':
      return { code: 'EXCHANGE_BUDGET_LOW', params: { remaining: whole(second) } };
    case 'VaultPaused':
    case 'WithdrawalsPaused':
      return { code: 'VAULT_PAUSED', params: {} };
    case 'TokenNotAllowed':
      return { code: 'TOKEN_NOT_SUPPORTED', params: {} };
    default:
      return null;
  }
}

/**
 * `error` (a step's TxSimulationError, or a viem error of a vault call) as a VaultError when it is one of
 * the vault's refusals; otherwise `error` itself.
 */
export function toVaultError(error: unknown): unknown {
  const reason = error instanceof TxSimulationError ? error.reason : decodeRevert(error);
  const found = reason === undefined ? null : vaultErrorOf(reason);
  return found === null ? error : new VaultError(found.code, found.params, { cause: error });
}
