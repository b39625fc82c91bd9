import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  type Address,
  type PublicClient,
} from 'viem';
import {
  erc20Artifact,
  installMulticall3,
  recordingClient,
  rpc,
  startAnvil,
  type Anvil,
} from '@eterno/devstack/testChain';
import { MULTICALL3_ADDRESS, defineEternoChain } from './chain.ts';
import { MulticallCallError, MulticallUnavailableError, readBalances } from './balances.ts';

let anvil: Anvil;
let client: PublicClient;
let units: Address;
let usdt: Address;
const requests: string[][] = [];
const user = getAddress('0x00000000000000000000000000000000000e7e70');
const noCode = getAddress('0x000000000000000000000000000000000000dead');
const reverter = getAddress('0x00000000000000000000000000000000000bad01');
const shortReturner = getAddress('0x00000000000000000000000000000000000bad02');

beforeAll(async () => {
  anvil = await startAnvil();
  await installMulticall3(anvil.rpcUrl);
  const chain = defineEternoChain(anvil.rpcUrl);
  const [deployer] = await rpc<Address[]>(anvil.rpcUrl, 'eth_accounts');
  const wallet = createWalletClient({ account: deployer as Address, chain, transport: http(anvil.rpcUrl) });
  const setup = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const { abi, bytecode } = erc20Artifact();

  const deploy = async (supply: bigint) => {
    const hash = await wallet.deployContract({ abi, bytecode, args: [supply] });
    const receipt = await setup.waitForTransactionReceipt({ hash });
    return receipt.contractAddress as Address;
  };
  units = await deploy(parseEther('1000'));
  usdt = await deploy(parseEther('500'));
  const hash = await wallet.writeContract({
    address: units,
    abi,
    functionName: 'transfer',
    args: [user, parseEther('12.5')],
  });
  await setup.waitForTransactionReceipt({ hash });
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [user, '0x1bc16d674ec80001']);
  // PUSH1 0 PUSH1 0 REVERT: reverts whatever it is called with.
  await rpc(anvil.rpcUrl, 'anvil_setCode', [reverter, '0x60006000fd']);
  // PUSH1 1 PUSH1 0 RETURN: returns a single byte, which no uint256 decodes from.
  await rpc(anvil.rpcUrl, 'anvil_setCode', [shortReturner, '0x60016000f3']);

  client = recordingClient(anvil.rpcUrl, requests);
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('readBalances', () => {
  it('reads every balance and the block number in exactly one eth_call', async () => {
    requests.length = 0;
    const result = await readBalances(client, {
      multicall: MULTICALL3_ADDRESS,
      account: user,
      tokens: [
        { symbol: 'UNITS', address: units },
        { symbol: 'USDT', address: usdt },
      ],
    });
    expect(requests).toEqual([['eth_call']]);
    expect(result.balances).toEqual({ UNITS: parseEther('12.5'), USDT: 0n });
    expect(result.native).toBe(2_000_000_000_000_000_001n);
    expect(result.blockNumber).toBe(BigInt(await rpc<string>(anvil.rpcUrl, 'eth_blockNumber')));
  });

  it('reads the deployer balance and follows new blocks', async () => {
    const [deployer] = await rpc<Address[]>(anvil.rpcUrl, 'eth_accounts');
    const before = await readBalances(client, {
      multicall: MULTICALL3_ADDRESS,
      account: deployer as Address,
      tokens: [{ symbol: 'UNITS', address: units }],
    });
    expect(before.balances.UNITS).toBe(parseEther('987.5'));
    expect(before.native).toBeGreaterThan(0n);
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3']);
    const after = await readBalances(client, {
      multicall: MULTICALL3_ADDRESS,
      account: deployer as Address,
      tokens: [],
    });
    expect(after.blockNumber).toBe(before.blockNumber + 3n);
    expect(after.balances).toEqual({});
  });

  it('throws for a token address without code instead of reading zero', async () => {
    requests.length = 0;
    const error = await readBalances(client, {
      multicall: MULTICALL3_ADDRESS,
      account: user,
      tokens: [
        { symbol: 'UNITS', address: units },
        { symbol: 'GHOST', address: noCode },
      ],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MulticallCallError);
    expect(error).toMatchObject({
      code: 'MULTICALL_CALL_FAILED',
      index: 1,
      target: noCode,
      label: 'GHOST.balanceOf',
      failure: 'NO_DATA',
      returnData: '0x',
    });
    expect(requests).toEqual([['eth_call']]);
  });

  it('throws for a reverting token with the index, target and label of the call', async () => {
    const error = await readBalances(client, {
      multicall: MULTICALL3_ADDRESS,
      account: user,
      tokens: [
        { symbol: 'BROKEN', address: reverter },
        { symbol: 'UNITS', address: units },
      ],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MulticallCallError);
    expect(error).toMatchObject({ index: 0, target: reverter, label: 'BROKEN.balanceOf', failure: 'REVERTED' });
    expect((error as Error).message).toContain('BROKEN.balanceOf');
  });

  it('throws for a contract without balanceOf (Multicall3 itself reverts)', async () => {
    await expect(
      readBalances(client, {
        multicall: MULTICALL3_ADDRESS,
        account: user,
        tokens: [{ symbol: 'M3', address: MULTICALL3_ADDRESS }],
      }),
    ).rejects.toMatchObject({ name: 'MulticallCallError', index: 0, failure: 'REVERTED' });
  });

  it('throws for return data that does not decode', async () => {
    await expect(
      readBalances(client, {
        multicall: MULTICALL3_ADDRESS,
        account: user,
        tokens: [{ symbol: 'SHORT', address: shortReturner }],
      }),
    ).rejects.toMatchObject({ name: 'MulticallCallError', failure: 'BAD_DATA', returnData: '0x00' });
  });

  it('throws when no Multicall3 answers at the given address', async () => {
    await expect(
      readBalances(client, { multicall: noCode, account: user, tokens: [{ symbol: 'UNITS', address: units }] }),
    ).rejects.toBeInstanceOf(MulticallUnavailableError);
  });

  it('refuses duplicate symbols', async () => {
    await expect(
      readBalances(client, {
        multicall: MULTICALL3_ADDRESS,
        account: user,
        tokens: [
          { symbol: 'UNITS', address: units },
          { symbol: 'UNITS', address: usdt },
        ],
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
