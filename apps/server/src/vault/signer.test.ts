import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import {
  diveInTypedData,
  exchangeTypedData,
  splitSignature,
  withdrawTypedData,
} from '@eterno/protocol/vault/typedData';
import { bytesToHex, recoverTypedDataAddress, serializeSignature, type Hex } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import { createVaultSigner, isWellKnownTestAccount, readSignerAccount } from './signer.ts';

const keyOf = (index: number): Hex =>
  bytesToHex(mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index }).getHdKey().privateKey!);

describe('readSignerAccount', () => {
  it('refuses a missing or malformed key with a message naming ETERNO_SIGNER_KEY', () => {
    expect(() => readSignerAccount({}, 'local')).toThrow(EnvError);
    expect(() => readSignerAccount({}, 'local')).toThrow(/ETERNO_SIGNER_KEY is required/);
    for (const bad of ['0x1234', 'ab'.repeat(32), `0x${'zz'.repeat(32)}`, `0x${'0'.repeat(64)}`])
      expect(() => readSignerAccount({ ETERNO_SIGNER_KEY: bad }, 'local')).toThrow(/ETERNO_SIGNER_KEY/);
  });

  it("refuses anvil's public test keys on a network that is not local, and takes them locally", () => {
    for (const index of [0, 1, 9, 19]) {
      expect(() => readSignerAccount({ ETERNO_SIGNER_KEY: keyOf(index) }, 'eterno-mainnet')).toThrow(
        /public test keys.*eterno-mainnet/,
      );
      expect(readSignerAccount({ ETERNO_SIGNER_KEY: keyOf(index) }, 'local').address).toBe(
        mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index }).address,
      );
    }
  });

  it('takes a key of its own on any network', () => {
    const key = generatePrivateKey();
    expect(readSignerAccount({ ETERNO_SIGNER_KEY: key }, 'eterno-mainnet').address).toBe(
      privateKeyToAccount(key).address,
    );
    expect(isWellKnownTestAccount(privateKeyToAccount(key).address)).toBe(false);
  });
});

/** A fresh key as both the signer's account and viem's local account (the reference signer). */
function freshKeys() {
  const privateKey = generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  return { account, signerAccount: { address: account.address, privateKey } };
}

describe('createVaultSigner', () => {
  it("signs a Withdraw that recovers to the signer in the vault's domain, as r/s/v parts", async () => {
    const { account, signerAccount } = freshKeys();
    const domain = { chainId: 201022, vault: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const };
    const signer = createVaultSigner(signerAccount, domain);
    const message = {
      user: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as const,
      token: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as const,
      amount: 10n ** 18n,
      nonce: 3n,
      deadline: 1_900_000_000n,
    };
    const { r, s, v } = await signer.signWithdraw(message);
    expect(r).toMatch(/^0x[0-9a-f]{64}$/);
    expect(s).toMatch(/^0x[0-9a-f]{64}$/);
    expect([27, 28]).toContain(v);
    const signature = serializeSignature({ r, s, v: BigInt(v) });
    expect(await recoverTypedDataAddress({ ...withdrawTypedData(domain, message), signature })).toBe(account.address);
    // Another vault's domain does not recover to the signer.
    const other = withdrawTypedData({ ...domain, vault: '0x0000000000000000000000000000000000000001' }, message);
    expect(await recoverTypedDataAddress({ ...other, signature })).not.toBe(account.address);
  });

  it("signs exactly what viem's signTypedData signs, for each of the three kinds (the cached domain separator)", async () => {
    const { account, signerAccount } = freshKeys();
    const domain = { chainId: 201022, vault: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const };
    const signer = createVaultSigner(signerAccount, domain);
    const user = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as const;
    const usdt = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as const;
    const etro = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0' as const;
    const withdraw = { user, token: usdt, amount: 2n ** 256n - 1n, nonce: 7n, deadline: 1_900_000_000n };
    const diveIn = { user, custom: 3n, custom1: 1n, token: usdt, amount: 10n ** 20n, nonce: 0n, deadline: 1n };
    const exchange = { user, tokenIn: usdt, amountIn: 5n, tokenOut: etro, amountOut: 4n, nonce: 2n, deadline: 9n };
    expect(await signer.signWithdraw(withdraw)).toEqual(
      splitSignature(await account.signTypedData(withdrawTypedData(domain, withdraw))),
    );
    expect(await signer.signDiveIn(diveIn)).toEqual(
      splitSignature(await account.signTypedData(diveInTypedData(domain, diveIn))),
    );
    expect(await signer.signExchange(exchange)).toEqual(
      splitSignature(await account.signTypedData(exchangeTypedData(domain, exchange))),
    );
    // A value the vault's types cannot hold is refused, not signed.
    await expect(signer.signWithdraw({ ...withdraw, amount: 2n ** 256n })).rejects.toThrow(/amount: not a uint256/);
    await expect(signer.signWithdraw({ ...withdraw, nonce: -1n })).rejects.toThrow(/nonce: not a uint256/);
    await expect(signer.signWithdraw({ ...withdraw, token: '0x1234' })).rejects.toThrow(/token: not an address/);
    await expect(signer.signDiveIn({ ...diveIn, user: `${user}00` })).rejects.toThrow(/user: not an address/);
  });

  it("equals viem's signTypedData for random messages, keys and vaults (the direct EIP-712 encoding)", async () => {
    const randomWord = (bytes: number) => {
      const raw = new Uint8Array(bytes);
      crypto.getRandomValues(raw);
      return raw.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
    };
    const randomAddress = () => `0x${randomWord(20).toString(16).padStart(40, '0')}` as const;
    // Small, large and extreme amounts: the big-endian words of every length.
    const randomAmount = () => randomWord([1, 8, 16, 31, 32][Number(randomWord(1)) % 5]!);
    for (let i = 0; i < 40; i++) {
      const { account, signerAccount } = freshKeys();
      const domain = { chainId: Number(randomWord(4)), vault: randomAddress() };
      const signer = createVaultSigner(signerAccount, domain);
      const withdraw = {
        user: randomAddress(),
        token: randomAddress(),
        amount: randomAmount(),
        nonce: randomAmount(),
        deadline: randomAmount(),
      };
      const diveIn = { ...withdraw, custom: randomAmount(), custom1: randomAmount() };
      const exchange = {
        user: withdraw.user,
        tokenIn: randomAddress(),
        amountIn: randomAmount(),
        tokenOut: randomAddress(),
        amountOut: randomAmount(),
        nonce: randomAmount(),
        deadline: randomAmount(),
      };
      expect(await signer.signWithdraw(withdraw)).toEqual(
        splitSignature(await account.signTypedData(withdrawTypedData(domain, withdraw))),
      );
      expect(await signer.signDiveIn(diveIn)).toEqual(
        splitSignature(await account.signTypedData(diveInTypedData(domain, diveIn))),
      );
      expect(await signer.signExchange(exchange)).toEqual(
        splitSignature(await account.signTypedData(exchangeTypedData(domain, exchange))),
      );
    }
  });
});
