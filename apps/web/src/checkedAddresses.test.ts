import { describe, expect, it, vi } from 'vitest';
import * as address from '@eterno/protocol/address';
import { CHECKED_ADDRESSES_KEY, checkedAddresses } from './checkedAddresses.ts';

vi.mock('@eterno/protocol/address', { spy: true });

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage;
}

const LOWER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BAD_CHECKSUM = '0x70997970C51812dc3A010C7d01b50e0d17dc79c8';

describe('checkedAddresses (the config addresses a tab has checked)', () => {
  it('checks an address once per tab: a reload looks it up instead of hashing it again', () => {
    const storage = memory();
    const first = checkedAddresses(storage);
    expect(first.checksum(LOWER)).toBe(CHECKSUMMED);
    expect(first.checksum(BAD_CHECKSUM)).toBeNull();
    first.save();
    expect(JSON.parse(storage.getItem(CHECKED_ADDRESSES_KEY)!)).toEqual({ [LOWER]: CHECKSUMMED });

    vi.mocked(address.toChecksumAddress).mockClear();
    const reload = checkedAddresses(storage);
    expect(reload.checksum(LOWER)).toBe(CHECKSUMMED);
    expect(address.toChecksumAddress).not.toHaveBeenCalled();
    // A bad checksum is never remembered: it is checked (and refused) again.
    expect(reload.checksum(BAD_CHECKSUM)).toBeNull();
    expect(address.toChecksumAddress).toHaveBeenCalledTimes(1);
  });

  it('ignores a stored value that is not an address, and storage that fails', () => {
    const storage = memory();
    storage.setItem(CHECKED_ADDRESSES_KEY, JSON.stringify({ [LOWER]: 'nope' }));
    expect(checkedAddresses(storage).checksum(LOWER)).toBe(CHECKSUMMED);
    storage.setItem(CHECKED_ADDRESSES_KEY, '{not json');
    expect(checkedAddresses(storage).checksum(LOWER)).toBe(CHECKSUMMED);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const memo = checkedAddresses(broken);
    expect(memo.checksum(LOWER)).toBe(CHECKSUMMED);
    expect(() => memo.save()).not.toThrow();
    expect(checkedAddresses(undefined).checksum(LOWER)).toBe(CHECKSUMMED);
  });
});
