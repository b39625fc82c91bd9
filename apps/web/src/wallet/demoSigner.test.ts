import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT_ADDRESS,
  DEMO_ACCOUNT_ADDRESSES,
  DEMO_ACCOUNT_INDEX,
  DEMO_ACCOUNT_INDEXES,
} from './demoWallet.ts';
import { createDemoSigner } from './demoSigner.ts';

describe('demo signer', () => {
  it("derives the key of the address the wallet shows (anvil's account 1)", () => {
    const signer = createDemoSigner({
      rpcUrl: 'http://127.0.0.1:1',
      index: DEMO_ACCOUNT_INDEX,
      address: DEMO_ACCOUNT_ADDRESS,
    });
    expect(signer.address).toBe(DEMO_ACCOUNT_ADDRESS);
  });

  it('every account the wallet can switch to shows the address its key derives', () => {
    for (const index of DEMO_ACCOUNT_INDEXES) {
      const address = DEMO_ACCOUNT_ADDRESSES[index]!;
      expect(createDemoSigner({ rpcUrl: 'http://127.0.0.1:1', index, address }).address).toBe(address);
    }
  });

  it('refuses an index whose key is another account', () => {
    expect(() => createDemoSigner({ rpcUrl: 'http://127.0.0.1:1', index: 2, address: DEMO_ACCOUNT_ADDRESS })).toThrow(
      /not 0x70997970C51812dc3A010C7d01b50e0d17dc79C8/,
    );
  });
});
