import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  domainSeparator,
  http,
  maxUint256,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { SEND_GAS, revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import {
  InvalidSignatureError,
  VAULT_KIND,
  diveInTypedData,
  exchangeTypedData,
  signatureFromJson,
  splitSignature,
  vaultDomain,
  withdrawTypedData,
} from './typedData.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const signer = privateKeyToAccount(localSignerKey());
const e18 = (whole: string) => parseUnits(whole, 18);

describe('splitSignature', () => {
  const r = `0x${'11'.repeat(32)}` as const;
  const s = `0x${'22'.repeat(32)}` as const;

  it('splits r ‖ s ‖ v into 32-byte r and s and v 27/28', () => {
    expect(splitSignature(`${r}${'22'.repeat(32)}1b`)).toEqual({ r, s, v: 27 });
    expect(splitSignature(`${r}${'22'.repeat(32)}1c`)).toEqual({ r, s, v: 28 });
  });

  it('keeps leading zero bytes of r and s (left-padded to 32 bytes)', () => {
    const small = `0x${'00'.repeat(31)}05${'00'.repeat(30)}0a0b1b` as Hex;
    expect(splitSignature(small)).toEqual({
      r: `0x${'00'.repeat(31)}05`,
      s: `0x${'00'.repeat(30)}0a0b`,
      v: 27,
    });
  });

  it('maps a recovery id 0/1 to v 27/28', () => {
    expect(splitSignature(`${r}${'22'.repeat(32)}00`).v).toBe(27);
    expect(splitSignature(`${r}${'22'.repeat(32)}01`).v).toBe(28);
  });

  it('refuses a signature of the wrong length, a bad v or non-hex', () => {
    expect(() => splitSignature(`${r}${'22'.repeat(32)}`)).toThrow(InvalidSignatureError);
    expect(() => splitSignature(`${r}${'22'.repeat(32)}1b00`)).toThrow(InvalidSignatureError);
    expect(() => splitSignature(`${r}${'22'.repeat(32)}1d`)).toThrow(/v = 29/);
    expect(() => splitSignature(`0x${'zz'.repeat(65)}`)).toThrow(/not hex/);
  });
});

describe('signatureFromJson', () => {
  const r = `0x${'ab'.repeat(32)}` as const;
  const s = `0x${'0c'.repeat(32)}` as const;

  it('takes the wire shape as it is', () => {
    expect(signatureFromJson({ r, s, v: 28 })).toEqual({ r, s, v: 28 });
  });

  it('refuses short or upper-case words and a v other than 27/28', () => {
    expect(() => signatureFromJson({ r: '0xab', s, v: 27 })).toThrow(InvalidSignatureError);
    expect(() => signatureFromJson({ r, s: `0x${'0C'.repeat(32)}`, v: 27 })).toThrow(InvalidSignatureError);
    expect(() => signatureFromJson({ r, s, v: 1 })).toThrow(/v = 1/);
  });
});

describe('the vault typed data against the deployed EternoVault', () => {
  let anvil: Anvil;
  let deployments: Deployments;
  let client: PublicClient;
  let vault: Address;

  beforeAll(async () => {
    anvil = await startAnvil();
    deployments = await deploy({ rpcUrl: anvil.rpcUrl });
    client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
    vault = deployments.contracts.EternoVault;
  }, 120_000);
  afterAll(async () => {
    await anvil?.stop();
  });
  revertEachTest(() => anvil.rpcUrl);

  const at = () => ({ chainId: deployments.chainId, vault });
  const wallet = () =>
    createWalletClient({ account: alice, chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ address: vault, abi: eternoVaultAbi as Abi, functionName, args }) as Promise<T>;
  const balanceOf = (token: Address, who: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const send = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) => {
    const hash = await wallet().writeContract({ address, abi, functionName, args, gas: SEND_GAS });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status, functionName).toBe('success');
  };
  const deadline = async () => (await client.getBlock()).timestamp + 1800n;

  it('builds the domain the contract reports through ERC-5267', async () => {
    const [, name, version, chainId, verifyingContract] = await read<readonly unknown[]>('eip712Domain');
    const domain = vaultDomain(deployments.chainId, vault);
    expect({ name, version, chainId, verifyingContract }).toEqual({ ...domain, chainId: BigInt(domain.chainId) });
    expect(await read<Hex>('DOMAIN_SEPARATOR')).toBe(domainSeparator({ domain }));
  });

  it('a Withdraw voucher signed by the local signer pays alice on chain', async () => {
    const usdt = deployments.contracts.USDT;
    const nonce = await read<bigint>('nonces', [alice.address, VAULT_KIND.Withdraw]);
    const message = { user: alice.address, token: usdt, amount: e18('25'), nonce, deadline: await deadline() };
    const { r, s, v } = splitSignature(await signer.signTypedData(withdrawTypedData(at(), message)));
    const before = await balanceOf(usdt, alice.address);
    await send(vault, eternoVaultAbi, 'withdraw', [usdt, message.amount, message.deadline, r, s, v]);
    expect(await balanceOf(usdt, alice.address)).toBe(before + message.amount);
    expect(await read<bigint>('nonces', [alice.address, VAULT_KIND.Withdraw])).toBe(nonce + 1n);
  });

  it('a DiveIn authorisation signed by the local signer takes alice’s deposit', async () => {
    const eusd = deployments.contracts.EUSD;
    const nonce = await read<bigint>('nonces', [alice.address, VAULT_KIND.DiveIn]);
    const message = {
      user: alice.address,
      custom: 0n,
      custom1: 0n,
      token: eusd,
      amount: e18('40'),
      nonce,
      deadline: await deadline(),
    };
    const { r, s, v } = splitSignature(await signer.signTypedData(diveInTypedData(at(), message)));
    const held = await balanceOf(eusd, vault);
    await send(eusd, erc20Abi, 'approve', [vault, message.amount]);
    await send(vault, eternoVaultAbi, 'diveInWithToken', [0n, 0n, eusd, message.amount, message.deadline, r, s, v]);
    expect(await balanceOf(eusd, vault)).toBe(held + message.amount);
    expect(await read<bigint>('nonces', [alice.address, VAULT_KIND.DiveIn])).toBe(nonce + 1n);
  });

  it('an Exchange quote signed by the local signer swaps through the vault', async () => {
    const { USDT: usdt, EUSD: eusd } = deployments.contracts;
    const message = {
      user: alice.address,
      tokenIn: usdt,
      amountIn: e18('10'),
      tokenOut: eusd,
      amountOut: e18('9.7'),
      nonce: await read<bigint>('nonces', [alice.address, VAULT_KIND.Exchange]),
      deadline: await deadline(),
    };
    const { r, s, v } = splitSignature(await signer.signTypedData(exchangeTypedData(at(), message)));
    const [usdtBefore, eusdBefore] = [await balanceOf(usdt, alice.address), await balanceOf(eusd, alice.address)];
    await send(usdt, erc20Abi, 'approve', [vault, maxUint256]);
    await send(vault, eternoVaultAbi, 'pureTransfer', [
      message.amountIn,
      message.amountOut,
      usdt,
      eusd,
      message.deadline,
      r,
      s,
      v,
    ]);
    expect(await balanceOf(usdt, alice.address)).toBe(usdtBefore - message.amountIn);
    expect(await balanceOf(eusd, alice.address)).toBe(eusdBefore + message.amountOut);
  });

  it('a voucher signed by another key is refused by the contract (InvalidSigner)', async () => {
    const usdt = deployments.contracts.USDT;
    const message = { user: alice.address, token: usdt, amount: e18('1'), nonce: 0n, deadline: await deadline() };
    const { r, s, v } = splitSignature(await alice.signTypedData(withdrawTypedData(at(), message)));
    await expect(
      client.simulateContract({
        account: alice.address,
        address: vault,
        abi: eternoVaultAbi,
        functionName: 'withdraw',
        args: [usdt, message.amount, message.deadline, r, s, v],
      }),
    ).rejects.toThrow(/InvalidSigner/);
  });
});
