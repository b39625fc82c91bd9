import { getAddress, isAddress, type Address } from 'viem';

export { isTronStyleAccount, shortenAddress } from './shortAddress.ts';

export type AddressValidation = { ok: true; address: Address } | { ok: false; code: 'INVALID_WALLET_ADDRESS' };

/**
 * Checks a wallet address typed or pasted by a user. Surrounding spaces are ignored; an
 * all-lowercase or all-uppercase address carries no checksum and is accepted (EIP-55); a
 * mixed-case one must carry a valid EIP-55 checksum. The accepted address is returned checksummed. On failure the UI shows the catalogue
 * message INVALID_WALLET_ADDRESS ('Invalid wallet address').
 */
export function validateAddress(input: string): AddressValidation {
  const address = toChecksumAddress(input.trim());
  return address === null ? { ok: false, code: 'INVALID_WALLET_ADDRESS' } : { ok: true, address };
}

/**
 * `value` checksummed (EIP-55), or null when it is not an address: 0x and 40 hex digits, either
 * in one case (no checksum) or mixed case with a valid checksum.
 */
export function toChecksumAddress(value: string): Address | null {
  if (!isAddress(value, { strict: false })) return null;
  const address = getAddress(value);
  const hex = value.slice(2);
  const unchecked = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  return unchecked || address === value ? address : null;
}
