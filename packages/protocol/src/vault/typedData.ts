/**
 * The vault's EIP-712 typed data (contracts/src/interfaces/IEternoVault.sol): the domain, the three
 * signed messages (the server signs them, the wallet's call carries the signature) and the split of a
 * 65-byte signature into the `(r, s, v)` the contract takes. The nonce is the user's current
 * `nonces(user, kind)`, which the contract reads itself; it is part of the message, not of the call.
 */
import { hexToBigInt, numberToHex, size, slice, type Address, type Hex, type TypedDataDomain } from 'viem';
import { EternoError } from '../errors.ts';
import type { SignatureJson } from '../vaultApi.ts';

/** `EternoVault` nonce kinds: each has its own sequential nonce per user. */
export const VAULT_KIND = { DiveIn: 0, Withdraw: 1, Exchange: 2 } as const;
export type VaultKind = (typeof VAULT_KIND)[keyof typeof VAULT_KIND];

/** The vault's EIP-712 domain name and version (ERC-5267 `eip712Domain()` returns them). */
export const VAULT_DOMAIN_NAME = 'EternoVault';
export const VAULT_DOMAIN_VERSION = '1';

/** The EIP-712 domain of the vault at `vault` on `chainId`. */
export function vaultDomain(chainId: number, vault: Address) {
  return {
    name: VAULT_DOMAIN_NAME,
    version: VAULT_DOMAIN_VERSION,
    chainId,
    verifyingContract: vault,
  } as const satisfies TypedDataDomain;
}

/** The typed-data types, field for field the contract's type hashes. */
export const VAULT_TYPES = {
  DiveIn: [
    { name: 'user', type: 'address' },
    { name: 'custom', type: 'uint256' },
    { name: 'custom1', type: 'uint256' },
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  Withdraw: [
    { name: 'user', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  Exchange: [
    { name: 'user', type: 'address' },
    { name: 'tokenIn', type: 'address' },
    { name: 'amountIn', type: 'uint256' },
    { name: 'tokenOut', type: 'address' },
    { name: 'amountOut', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** Where the vault lives: the domain's chain and contract. */
export type VaultAt = { chainId: number; vault: Address };

export type DiveInMessage = {
  user: Address;
  custom: bigint;
  custom1: bigint;
  token: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
};
export type WithdrawMessage = { user: Address; token: Address; amount: bigint; nonce: bigint; deadline: bigint };
export type ExchangeMessage = {
  user: Address;
  tokenIn: Address;
  amountIn: bigint;
  tokenOut: Address;
  amountOut: bigint;
  nonce: bigint;
  deadline: bigint;
};

/** The typed data of a deposit authorisation (`diveInWithToken`), for `signTypedData`. */
export function diveInTypedData(at: VaultAt, message: DiveInMessage) {
  return {
    domain: vaultDomain(at.chainId, at.vault),
    types: { DiveIn: VAULT_TYPES.DiveIn },
    primaryType: 'DiveIn',
    message,
  } as const;
}

/** The typed data of a withdrawal voucher (`withdraw`), for `signTypedData`. */
export function withdrawTypedData(at: VaultAt, message: WithdrawMessage) {
  return {
    domain: vaultDomain(at.chainId, at.vault),
    types: { Withdraw: VAULT_TYPES.Withdraw },
    primaryType: 'Withdraw',
    message,
  } as const;
}

/** The typed data of an exchange quote (`pureTransfer`), for `signTypedData`. */
export function exchangeTypedData(at: VaultAt, message: ExchangeMessage) {
  return {
    domain: vaultDomain(at.chainId, at.vault),
    types: { Exchange: VAULT_TYPES.Exchange },
    primaryType: 'Exchange',
    message,
  } as const;
}

/** The `(r, s, v)` the vault's functions take: r and s 32-byte hex, v 27 or 28. */
export type VaultSignature = { r: Hex; s: Hex; v: 27 | 28 };

export class InvalidSignatureError extends EternoError<'INVALID_SIGNATURE'> {
  constructor(readonly reason: string) {
    super('INVALID_SIGNATURE', `not a 65-byte ECDSA signature: ${reason}`);
  }
}

/**
 * Splits a 65-byte signature `r ‖ s ‖ v` (v 27/28, or 0/1 as some signers give it) into the vault's
 * arguments. It does not judge s: the contract refuses a high-s signature itself.
 */
export function splitSignature(signature: Hex): VaultSignature {
  if (!/^0x[0-9a-fA-F]*$/.test(signature)) throw new InvalidSignatureError('not hex');
  if (size(signature) !== 65) throw new InvalidSignatureError(`${size(signature)} bytes`);
  const r = numberToHex(hexToBigInt(slice(signature, 0, 32)), { size: 32 });
  const s = numberToHex(hexToBigInt(slice(signature, 32, 64)), { size: 32 });
  const raw = Number(hexToBigInt(slice(signature, 64, 65)));
  const v = raw < 27 ? raw + 27 : raw;
  if (v !== 27 && v !== 28) throw new InvalidSignatureError(`v = ${raw}`);
  return { r, s, v };
}

const WORD = /^0x[0-9a-f]{64}$/;

/** The server's `SignatureJson` as the vault's arguments; throws `InvalidSignatureError` for a malformed one. */
export function signatureFromJson(json: SignatureJson): VaultSignature {
  if (!WORD.test(json.r) || !WORD.test(json.s))
    throw new InvalidSignatureError('r and s must be 32-byte lower-case hex');
  if (json.v !== 27 && json.v !== 28) throw new InvalidSignatureError(`v = ${json.v}`);
  return { r: json.r, s: json.s, v: json.v };
}
