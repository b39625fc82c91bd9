import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  toFunctionSelector,
  type Address,
  type PublicClient,
} from 'viem';
import { erc20Artifact, installMulticall3, rpc, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { MULTICALL3_ADDRESS, defineEternoChain } from './chain.ts';
import {
  MulticallCallError,
  aggregateStrict,
  blockNumberRead,
  multicall3Abi,
  nativeBalanceRead,
  viewRead,
  type MulticallRead,
} from './multicall.ts';

let anvil: Anvil;
let client: PublicClient;
let token: Address;

function nameRead(target: Address): MulticallRead<string> {
  return {
    label: 'TOKEN.name',
    target,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: 'name' }),
    decode: (data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'name', data }),
  };
}

function totalSupplyRead(target: Address): MulticallRead<bigint> {
  return {
    label: 'TOKEN.totalSupply',
    target,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }),
    decode: (data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', data }),
  };
}

beforeAll(async () => {
  anvil = await startAnvil();
  await installMulticall3(anvil.rpcUrl);
  const chain = defineEternoChain(anvil.rpcUrl);
  client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const [deployer] = await rpc<Address[]>(anvil.rpcUrl, 'eth_accounts');
  const wallet = createWalletClient({ account: deployer as Address, chain, transport: http(anvil.rpcUrl) });
  const { abi, bytecode } = erc20Artifact();
  const hash = await wallet.deployContract({ abi, bytecode, args: [parseEther('42')] });
  token = (await client.waitForTransactionReceipt({ hash })).contractAddress as Address;
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('multicall3Abi', () => {
  it('has the standard Multicall3 selectors', () => {
    const selectors = multicall3Abi.filter((item) => item.type === 'function').map((item) => toFunctionSelector(item));
    expect(selectors).toEqual(['0xbce38bd7', '0x4d2301cc', '0x42cbb15c', '0x0f28c97d']);
  });
});

describe('aggregateStrict', () => {
  it('decodes each named result with its own type', async () => {
    const { name, supply, block } = await aggregateStrict(client, MULTICALL3_ADDRESS, {
      name: nameRead(token),
      supply: totalSupplyRead(token),
      block: blockNumberRead(MULTICALL3_ADDRESS),
    });
    const text: string = name;
    const amount: bigint = supply;
    expect(text).toBe('Uniswap V2');
    expect(amount).toBe(parseEther('42'));
    expect(block).toBe(await client.getBlockNumber());
  });

  it('keeps groups of named reads as groups', async () => {
    const result = await aggregateStrict(client, MULTICALL3_ADDRESS, {
      token: { name: nameRead(token), supply: totalSupplyRead(token) },
      chain: { block: blockNumberRead(MULTICALL3_ADDRESS) },
    });
    const supply: bigint = result.token.supply;
    expect(result).toEqual({ token: { name: 'Uniswap V2', supply }, chain: { block: await client.getBlockNumber() } });
    expect(supply).toBe(parseEther('42'));
  });

  it('returns an empty record for no reads', async () => {
    expect(await aggregateStrict(client, MULTICALL3_ADDRESS, {})).toEqual({});
  });

  it('reads native balances through Multicall3', async () => {
    const account = getAddress('0x0000000000000000000000000000000000fade01');
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [account, '0x2a']);
    const { balance } = await aggregateStrict(client, MULTICALL3_ADDRESS, {
      balance: nativeBalanceRead(MULTICALL3_ADDRESS, account),
    });
    expect(balance).toBe(42n);
  });

  it('reports the first failed sub-call', async () => {
    const empty = getAddress('0x0000000000000000000000000000000000000e01');
    const error = await aggregateStrict(client, MULTICALL3_ADDRESS, {
      name: nameRead(token),
      emptySupply: totalSupplyRead(empty),
      emptyName: nameRead(empty),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MulticallCallError);
    expect(error).toMatchObject({ index: 1, target: empty, label: 'TOKEN.totalSupply', failure: 'NO_DATA' });
  });

  it('keeps the decoder error as the cause of BAD_DATA', async () => {
    const error = await aggregateStrict(client, MULTICALL3_ADDRESS, {
      supply: {
        ...totalSupplyRead(token),
        decode: () => {
          throw new Error('boom');
        },
      },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ failure: 'BAD_DATA', index: 0 });
    expect((error as Error).cause).toEqual(new Error('boom'));
  });
});

describe('viewRead', () => {
  it('encodes the call and decodes its result from the ABI, labelled for errors', async () => {
    const [deployer] = await rpc<Address[]>(anvil.rpcUrl, 'eth_accounts');
    const balance = viewRead('TOKEN.balanceOf', token, erc20Abi, 'balanceOf', [deployer as Address]);
    expect(balance.callData).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [deployer as Address] }),
    );
    const { value, name } = await aggregateStrict(client, MULTICALL3_ADDRESS, {
      value: balance,
      name: viewRead('TOKEN.name', token, erc20Abi, 'name', []),
    });
    expect(value).toBe(parseEther('42'));
    expect(typeof name).toBe('string');
    const ghost = getAddress('0x000000000000000000000000000000000000dead');
    await expect(
      aggregateStrict(client, MULTICALL3_ADDRESS, {
        supply: viewRead('GHOST.totalSupply', ghost, erc20Abi, 'totalSupply', []),
      }),
    ).rejects.toMatchObject({ label: 'GHOST.totalSupply', target: ghost, failure: 'NO_DATA' });
  });
});
