import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  http,
  isHex,
  parseEther,
  stringToHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC } from '../chain.ts';
import { createLocalSigner, type LocalSigner } from './localSigner.ts';
import { ProviderRpcError } from './providerRpcError.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const;

let anvil: Anvil;
let signer: LocalSigner;

beforeAll(async () => {
  anvil = await startAnvil();
  signer = createLocalSigner({
    account: mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 }),
    rpcUrl: anvil.rpcUrl,
  });
}, 30_000);

afterAll(async () => {
  await anvil?.stop();
});

function signature(value: unknown): Hex {
  if (typeof value !== 'string' || !isHex(value)) throw new Error(`not a signature: ${String(value)}`);
  return value;
}

describe('createLocalSigner', () => {
  it('is the key’s address and answers the ETERNO chain id', async () => {
    expect(signer.address).toBe(ALICE);
    await expect(signer.request({ method: 'eth_chainId' })).resolves.toBe('0x3113e');
  });

  it('personal_sign signs with the key, in MetaMask’s order and the reversed one', async () => {
    const message = 'Sign in to ETERNO\nnonce: abc';
    const first = signature(await signer.request({ method: 'personal_sign', params: [stringToHex(message), ALICE] }));
    const second = signature(
      await signer.request({ method: 'personal_sign', params: [ALICE.toLowerCase(), stringToHex(message)] }),
    );
    expect(await verifyMessage({ address: ALICE, message, signature: first })).toBe(true);
    expect(second).toBe(first);
    expect(await verifyMessage({ address: BOB, message, signature: first })).toBe(false);
  });

  it('signs only for its own address (4100) and refuses a missing message (-32602)', async () => {
    await expect(signer.request({ method: 'personal_sign', params: ['0x01', BOB] })).rejects.toMatchObject({
      code: 4100,
    });
    await expect(signer.request({ method: 'eth_signTypedData_v4', params: [BOB, '{}'] })).rejects.toMatchObject({
      code: 4100,
    });
    await expect(signer.request({ method: 'personal_sign', params: [ALICE] })).rejects.toMatchObject({ code: -32602 });
    await expect(
      signer.request({ method: 'eth_signTypedData_v4', params: [ALICE, '{"types":1}'] }),
    ).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('eth_signTypedData_v4 signs JSON typed data with string integers as their values', async () => {
    const domain = { name: 'ETERNO Vault', version: '1', chainId: 201022, verifyingContract: BOB } as const;
    const types = {
      Withdraw: [
        { name: 'user', type: 'address' },
        { name: 'amounts', type: 'uint256[]' },
        { name: 'deadline', type: 'uint64' },
      ],
    } as const;
    const message = { user: ALICE, amounts: [10n ** 18n, 5n], deadline: 1_900_000_000n };
    const json = JSON.stringify({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType: 'Withdraw',
      domain,
      message: { user: ALICE, amounts: ['1000000000000000000', 5], deadline: '1900000000' },
    });
    const signed = signature(await signer.request({ method: 'eth_signTypedData_v4', params: [ALICE, json] }));
    expect(
      await verifyTypedData({ address: ALICE, domain, types, primaryType: 'Withdraw', message, signature: signed }),
    ).toBe(true);
  });

  it('eth_sendTransaction signs locally and sends raw: EIP-1559 by default, legacy with a gasPrice', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const before = await client.getBalance({ address: BOB });
    const hash1559 = signature(
      await signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: ALICE.toLowerCase(), to: BOB, value: `0x${parseEther('1.5').toString(16)}` }],
      }),
    );
    const gasPrice = await client.getGasPrice();
    const hashLegacy = signature(
      await signer.request({
        method: 'eth_sendTransaction',
        params: [{ from: ALICE, to: BOB, value: '0x1', gas: '0x5208', gasPrice: `0x${gasPrice.toString(16)}` }],
      }),
    );
    const [r1559, rLegacy] = await Promise.all([
      client.waitForTransactionReceipt({ hash: hash1559 }),
      client.waitForTransactionReceipt({ hash: hashLegacy }),
    ]);
    expect([r1559.status, r1559.type, r1559.from]).toEqual(['success', 'eip1559', ALICE.toLowerCase()]);
    expect([rLegacy.status, rLegacy.type, rLegacy.gasUsed]).toEqual(['success', 'legacy', 21_000n]);
    expect((await client.getBalance({ address: BOB })) - before).toBe(parseEther('1.5') + 1n);
  });

  it('refuses to send for another address (4100) or to a malformed recipient (-32602); nothing reaches the chain', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const nonce = await client.getTransactionCount({ address: ALICE });
    await expect(
      signer.request({ method: 'eth_sendTransaction', params: [{ from: BOB, to: ALICE, value: '0x1' }] }),
    ).rejects.toMatchObject({
      code: 4100,
    });
    await expect(
      signer.request({ method: 'eth_sendTransaction', params: [{ from: ALICE, to: '0x12', value: '0x1' }] }),
    ).rejects.toMatchObject({
      code: -32602,
    });
    expect(await client.getTransactionCount({ address: ALICE })).toBe(nonce);
  });

  it('forwards reads with the node’s own answer and error, and refuses blind signing and other methods (4200)', async () => {
    const balance = await signer.request({ method: 'eth_getBalance', params: [ALICE, 'latest'] });
    expect(BigInt(String(balance))).toBeGreaterThan(0n);
    const failed = await signer
      .request({ method: 'eth_getBalance', params: ['not an address'] })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ProviderRpcError);
    expect(failed).toMatchObject({ code: -32602 });
    for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_watchAsset', 'anvil_mine']) {
      await expect(signer.request({ method, params: [] })).rejects.toMatchObject({ code: 4200 });
    }
  });
});
