import type { Address } from 'viem';
import { toChecksumAddress } from '@eterno/protocol/address';
import type { ChecksumAddress } from '@eterno/protocol/deployments';

/**
 * sessionStorage key: the config's addresses this tab has already checked (EIP-55, a keccak each),
 * each with its checksummed form. A reload of a signed-in tab re-reads the same config: its addresses
 * are then looked up, not hashed again (the check took 60–200 ms of main thread on load).
 */
export const CHECKED_ADDRESSES_KEY = 'eterno.checkedAddresses';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: Store | undefined): Map<string, Address> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CHECKED_ADDRESSES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, Address] => typeof entry[1] === 'string' && ADDRESS.test(entry[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

/** `toChecksumAddress` remembered in `storage`; `save()` writes the answers of this page's checks. */
export function checkedAddresses(storage: Store | undefined): { checksum: ChecksumAddress; save(): void } {
  const known = read(storage);
  let added = false;
  return {
    checksum(value) {
      const remembered = known.get(value);
      if (remembered !== undefined) return remembered;
      const address = toChecksumAddress(value);
      if (address !== null) {
        known.set(value, address);
        added = true;
      }
      return address;
    },
    save() {
      if (!added) return;
      try {
        storage?.setItem(CHECKED_ADDRESSES_KEY, JSON.stringify(Object.fromEntries(known)));
      } catch {
        // storage full or unavailable: the next load checks again
      }
    },
  };
}
