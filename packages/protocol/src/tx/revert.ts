import { BaseError, ContractFunctionRevertedError, type Abi, type Hex } from 'viem';
import * as generated from '../generated/abis.ts';

type AbiError = Extract<Abi[number], { type: 'error' }>;

/** Why a call reverted, as far as it can be decoded. */
export type RevertReason =
  /** A custom error of one of our contracts (or OpenZeppelin's, which they inherit). */
  | {
      readonly kind: 'custom';
      readonly name: string;
      readonly args: readonly unknown[];
      readonly inputs: readonly string[];
    }
  /** `require(cond, "message")` / `Error(string)`. */
  | { readonly kind: 'message'; readonly message: string }
  /** `Panic(uint256)`: overflow, division by zero, … */
  | { readonly kind: 'panic'; readonly code: bigint }
  /** Reverted with data no known ABI decodes (or none). */
  | { readonly kind: 'unknown'; readonly data: Hex | undefined };

/**
 * Every custom error of every contract the app calls, once each. A write is simulated with its
 * own ABI plus these, so an error raised by a contract it calls (e.g. a token's
 * `ERC20InsufficientAllowance` inside a swap) decodes too.
 */
export const KNOWN_ERRORS: readonly AbiError[] = (() => {
  const bySignature = new Map<string, AbiError>();
  for (const abi of Object.values(generated) as readonly Abi[]) {
    for (const item of abi) {
      if (item.type !== 'error') continue;
      const signature = `${item.name}(${item.inputs.map((input) => input.type).join(',')})`;
      if (!bySignature.has(signature)) bySignature.set(signature, item);
    }
  }
  return [...bySignature.values()];
})();

/** `abi` plus the known errors it does not declare itself. */
export function withKnownErrors(abi: Abi): Abi {
  const own = new Set(abi.filter((item) => item.type === 'error').map((item) => item.name));
  return [...abi, ...KNOWN_ERRORS.filter((item) => !own.has(item.name))];
}

/** The revert inside `error` (a viem error of `simulateContract` / `readContract`), if there is one. */
export function decodeRevert(error: unknown): RevertReason | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  const decoded = reverted.data;
  if (decoded?.errorName === 'Panic') {
    const [code] = (decoded.args ?? []) as readonly bigint[];
    return { kind: 'panic', code: code ?? 0n };
  }
  if (decoded?.errorName === 'Error') return { kind: 'message', message: reverted.reason ?? '' };
  if (decoded && decoded.abiItem.type === 'error') {
    return {
      kind: 'custom',
      name: decoded.errorName,
      args: decoded.args ?? [],
      inputs: decoded.abiItem.inputs.map((input, index) => input.name || `arg${index}`),
    };
  }
  if (reverted.reason) return { kind: 'message', message: reverted.reason };
  return { kind: 'unknown', data: reverted.raw };
}

/** A one-line, language-neutral rendering: `InsufficientOutput(amountOut: 5, minOut: 6)`. */
export function formatRevert(reason: RevertReason): string {
  switch (reason.kind) {
    case 'custom':
      return `${reason.name}(${reason.args.map((arg, i) => `${reason.inputs[i] ?? `arg${i}`}: ${String(arg)}`).join(', ')})`;
    case 'message':
      return reason.message || 'reverted';
    case 'panic':
      return `Panic(0x${reason.code.toString(16)})`;
    case 'unknown':
      return reason.data && reason.data !== '0x' ? `reverted with ${reason.data.slice(0, 10)}` : 'reverted';
  }
}
