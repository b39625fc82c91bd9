import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceProvider } from './eip6963.ts';
import { findProvider, SECOND_PARTY_WALLETS } from './findProvider.ts';
import { fakeProvider, fakeWindow } from './testing/fakeProvider.ts';
import { WalletError } from './WalletError.ts';

const info = (rdns: string, name = rdns) => ({ uuid: `uuid-${rdns}`, name, icon: 'data:image/svg+xml,<svg/>', rdns });

/** Defines win.ethereum as a getter counting how often the lookup reads it. */
function countedEthereum(win: EventTarget, value: (read: number) => unknown): { reads: () => number } {
  let reads = 0;
  Object.defineProperty(win, 'ethereum', {
    configurable: true,
    get: () => {
      reads += 1;
      return value(reads);
    },
  });
  return { reads: () => reads };
}

describe('findProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prefers a second-party wallet object over window.ethereum', async () => {
    const okx = fakeProvider({});
    const injected = fakeProvider({});
    const found = await findProvider({ win: fakeWindow({ okxwallet: okx, ethereum: injected }) });
    expect(found.provider).toBe(okx);
    expect(found.kind).toEqual({ type: 'second-party', key: 'okxwallet' });
    expect(found.name).toBe('OKX Wallet');
  });

  it.each(SECOND_PARTY_WALLETS.map((wallet) => [wallet.key, wallet.path] as const))(
    'finds the second-party wallet %s at its injected path',
    async (key, path) => {
      const provider = fakeProvider({});
      const nest = (segments: readonly string[]): Record<string, unknown> => {
        const [first = '', ...rest] = segments;
        return { [first]: rest.length === 0 ? provider : nest(rest) };
      };
      const injected = nest(path);
      const found = await findProvider({ win: fakeWindow({ ...injected, ethereum: fakeProvider({}) }) });
      expect(found.provider).toBe(provider);
      expect(found.kind).toEqual({ type: 'second-party', key });
    },
  );

  it('ignores an injected object that is not an EIP-1193 provider', async () => {
    const injected = fakeProvider({});
    const found = await findProvider({ win: fakeWindow({ okxwallet: { isOkx: true }, ethereum: injected }) });
    expect(found.provider).toBe(injected);
  });

  it('prefers window.ethereum over an EIP-6963 announced wallet', async () => {
    const injected = fakeProvider({});
    const win = fakeWindow({ ethereum: injected });
    announceProvider(win, { info: info('io.metamask'), provider: fakeProvider({}) });
    const found = await findProvider({ win });
    expect(found.provider).toBe(injected);
    expect(found.kind).toEqual({ type: 'injected' });
  });

  it('finds an EIP-6963 wallet that answers eip6963:requestProvider', async () => {
    const win = fakeWindow();
    const announced = fakeProvider({});
    const requests = vi.fn();
    win.addEventListener('eip6963:requestProvider', requests);
    announceProvider(win, { info: info('io.rabby', 'Rabby'), provider: announced });
    const found = await findProvider({ win });
    expect(requests).toHaveBeenCalled();
    expect(found.provider).toBe(announced);
    expect(found.kind).toEqual({ type: 'eip6963', rdns: 'io.rabby' });
    expect(found.name).toBe('Rabby');
  });

  it('with a target, takes only that wallet', async () => {
    const win = fakeWindow({ okxwallet: fakeProvider({}), ethereum: fakeProvider({}) });
    const rabby = fakeProvider({});
    announceProvider(win, { info: info('io.metamask'), provider: fakeProvider({}) });
    announceProvider(win, { info: info('io.rabby'), provider: rabby });
    const found = await findProvider({ win, target: { type: 'eip6963', rdns: 'io.rabby' } });
    expect(found.provider).toBe(rabby);
    const injected = await findProvider({ win, target: { type: 'injected' } });
    expect(injected.kind).toEqual({ type: 'injected' });
  });

  it('finds a provider that appears on the 5th try, 400 ms after the first', async () => {
    const win = fakeWindow();
    const late = fakeProvider({});
    const lookups = countedEthereum(win, (read) => (read >= 5 ? late : undefined));
    const result = findProvider({ win });
    await vi.advanceTimersByTimeAsync(399);
    expect(lookups.reads()).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ provider: late, kind: { type: 'injected' } });
    expect(lookups.reads()).toBe(5);
  });

  it("fails with 'can not find web3 provider' after exactly 10 tries, 100 ms apart", async () => {
    const win = fakeWindow();
    const lookups = countedEthereum(win, () => undefined);
    const result = findProvider({ win });
    const settled = vi.fn();
    result.catch(() => undefined).finally(settled);
    await vi.advanceTimersByTimeAsync(899);
    expect(settled).not.toHaveBeenCalled();
    expect(lookups.reads()).toBe(9);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(WalletError);
    await expect(result).rejects.toMatchObject({
      code: 'CAN_NOT_FIND_WEB3_PROVIDER',
      message: 'can not find web3 provider',
    });
    expect(lookups.reads()).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(lookups.reads()).toBe(10);
  });

  it('stops listening for announcements once done', async () => {
    const win = fakeWindow({ ethereum: fakeProvider({}) });
    const remove = vi.spyOn(win, 'removeEventListener');
    await findProvider({ win });
    expect(remove).toHaveBeenCalledWith('eip6963:announceProvider', expect.any(Function));
  });
});
