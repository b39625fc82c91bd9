import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { bytesToHex, type Hex } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { readInvitationsPerDay, readPlacementSigner } from './open.ts';

const keyOf = (index: number): Hex =>
  bytesToHex(mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index }).getHdKey().privateKey!);

describe('readPlacementSigner', () => {
  it('takes ETERNO_PLACEMENT_SIGNER_KEY, and refuses the vault signer’s key on any network (I-3: two keys)', () => {
    const own = generatePrivateKey();
    const vault = generatePrivateKey();
    expect(
      readPlacementSigner({ ETERNO_PLACEMENT_SIGNER_KEY: own, ETERNO_SIGNER_KEY: vault }, 'eterno-mainnet').address,
    ).toBe(privateKeyToAccount(own).address);
    expect(() => readPlacementSigner({ ETERNO_SIGNER_KEY: vault }, 'eterno-mainnet')).toThrow(
      /ETERNO_PLACEMENT_SIGNER_KEY is required/,
    );
    for (const network of ['eterno-mainnet', 'local'])
      expect(() =>
        readPlacementSigner(
          { ETERNO_PLACEMENT_SIGNER_KEY: vault.toUpperCase().replace('0X', '0x'), ETERNO_SIGNER_KEY: vault },
          network,
        ),
      ).toThrow(/the placement signer needs a key of its own/);
  });

  it('refuses a missing or malformed key and a public test key off the local chain, naming the variable', () => {
    expect(() => readPlacementSigner({}, 'local')).toThrow(/ETERNO_PLACEMENT_SIGNER_KEY is required/);
    expect(() => readPlacementSigner({ ETERNO_PLACEMENT_SIGNER_KEY: '0x12' }, 'local')).toThrow(
      /ETERNO_PLACEMENT_SIGNER_KEY is not a private key/,
    );
    expect(() => readPlacementSigner({ ETERNO_PLACEMENT_SIGNER_KEY: keyOf(9) }, 'eterno-mainnet')).toThrow(
      /ETERNO_PLACEMENT_SIGNER_KEY is one of anvil's public test keys/,
    );
    expect(readPlacementSigner({ ETERNO_PLACEMENT_SIGNER_KEY: keyOf(9) }, 'local').address).toBe(
      mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 9 }).address,
    );
  });
});

describe('readInvitationsPerDay', () => {
  it('defaults to 200 and takes a positive integer, refusing anything else', () => {
    expect(readInvitationsPerDay({})).toBe(200);
    expect(readInvitationsPerDay({ ETERNO_INVITATIONS_PER_DAY: '5' })).toBe(5);
    for (const bad of ['0', '-1', '1.5', 'x', '99999999'])
      expect(() => readInvitationsPerDay({ ETERNO_INVITATIONS_PER_DAY: bad })).toThrow(/ETERNO_INVITATIONS_PER_DAY/);
  });
});
