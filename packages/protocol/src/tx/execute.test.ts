import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { deploy } from '@eterno/devstack/deploy';
import { etroSwapAbi, lockLedgerAbi } from '../generated/abis.ts';
import { revertEachTest, rpc, seededAccount, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, defineEternoChain } from '../chain.ts';
import type { DeployedContracts } from '../deployments.ts';
import { executeSteps, isUserRejection, type TxClients, type TxEvent } from './execute.ts';
import { TxFailedError, TxRefusedError, TxSimulationError } from './errors.ts';
import { planWrite } from './steps.ts';

let anvil: Anvil;
let publicClient: PublicClient;
let wallet: WalletClient;
let contracts: DeployedContracts;
let alice: Address;
const chain = () => defineEternoChain(anvil.rpcUrl);

beforeAll(async () => {
  anvil = await startAnvil();
  const deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  contracts = deployments.contracts;
  alice = seededAccount(deployments, 'alice');
  publicClient = createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl) });
  wallet = createWalletClient({ chain: chain(), transport: http(anvil.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

revertEachTest(() => anvil.rpcUrl);

const clients = (overrides: Partial<TxClients> = {}): TxClients => ({
  publicClient,
  walletClient: wallet,
  account: alice,
  chain: chain(),
  // A fixed limit as the app sends (an estimate can fall short: see docs/decisions/transactions.md).
  gas: { gas: GAS_LIMIT, gasPrice: GAS_PRICE },
  receiptPollingInterval: 50,
  ...overrides,
});
const nonce = () => publicClient.getTransactionCount({ address: alice });
const usdtOf = async () => ({
  balance: await publicClient.readContract({
    address: contracts.USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [alice],
  }),
  allowance: await publicClient.readContract({
    address: contracts.USDT,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [alice, contracts.EtroSwap],
  }),
});
const buyPlan = async (amount: bigint, minOut: bigint) => {
  const { balance, allowance } = await usdtOf();
  return planWrite({
    action: 'swap.buy',
    call: { address: contracts.EtroSwap, abi: etroSwapAbi, functionName: 'swap', args: [amount, minOut, maxUint256] },
    spend: { token: contracts.USDT, symbol: 'USDT', spender: contracts.EtroSwap, amount, balance, allowance },
  });
};

describe('executeSteps on anvil', () => {
  it('approves the exact amount, continues on its receipt, then swaps', async () => {
    const amount = parseEther('100');
    const steps = await buyPlan(amount, 1n);
    expect(steps.map((s) => s.kind)).toEqual(['approve', 'call']);
    const events: TxEvent[] = [];
    const hashes = await executeSteps(steps, clients(), (e) => events.push(e));

    expect(hashes).toHaveLength(2);
    expect(events.map((e) => `${e.stepIndex}:${e.phase}`)).toEqual([
      '0:simulating',
      '0:signing',
      '0:pending',
      '0:mined',
      '1:simulating',
      '1:signing',
      '1:pending',
      '1:mined',
    ]);
    const approval = await publicClient.getTransactionReceipt({ hash: hashes[0] as Hex });
    const swap = await publicClient.getTransactionReceipt({ hash: hashes[1] as Hex });
    expect(approval.status).toBe('success');
    expect(swap.blockNumber).toBeGreaterThan(approval.blockNumber);
    // The approval was exactly the amount: the swap used it all up.
    expect((await usdtOf()).allowance).toBe(0n);
    const locked = await publicClient.readContract({
      address: contracts.LockLedger,
      abi: lockLedgerAbi,
      functionName: 'credited',
      args: [alice],
    });
    expect(locked).toBeGreaterThan(0n);
  });

  it('sends with the gas settings it is given', async () => {
    const steps = await buyPlan(parseEther('10'), 1n);
    const gas = { gas: 900_000n, gasPrice: GAS_PRICE / 2n };
    const [approve] = await executeSteps(steps.slice(0, 1), clients({ gas }));
    const tx = await publicClient.getTransaction({ hash: approve as Hex });
    expect(tx.gas).toBe(gas.gas);
    expect(tx.gasPrice).toBe(gas.gasPrice);
  });

  it("sends a call step with its own gas limit instead of the chain's, at the chain's gas price", async () => {
    const amount = parseEther('10');
    const [approve, call] = await buyPlan(amount, 1n);
    const own = planWrite({
      action: 'swap.buy',
      call: (call as Extract<typeof call, { kind: 'call' }>).call,
      gasLimit: 450_000n,
    });
    const hashes = await executeSteps([approve!, ...own], clients());
    const approveTx = await publicClient.getTransaction({ hash: hashes[0] as Hex });
    const callTx = await publicClient.getTransaction({ hash: hashes[1] as Hex });
    expect(approveTx.gas).toBe(GAS_LIMIT);
    expect(callTx.gas).toBe(450_000n);
    expect(callTx.gasPrice).toBe(GAS_PRICE);
  });

  it('a failed simulation shows the decoded custom error and sends nothing', async () => {
    const before = await nonce();
    const amount = parseEther('100');
    // Already approved, so the swap itself is simulated: minOut = everything in the pool cannot be met.
    await wallet.writeContract({
      account: alice,
      chain: chain(),
      address: contracts.USDT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [contracts.EtroSwap, amount],
    });
    const steps = await buyPlan(amount, maxUint256);
    expect(steps).toHaveLength(1);
    const error = await executeSteps(steps, clients()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxSimulationError);
    expect((error as TxSimulationError).reason).toMatchObject({
      kind: 'custom',
      name: 'InsufficientOutput',
      inputs: ['amountOut', 'minOut'],
    });
    expect((error as TxSimulationError).message).toMatch(
      /^The transaction would fail: InsufficientOutput\(amountOut: \d+, minOut: \d+\)$/,
    );
    expect(await nonce()).toBe(before + 1);
  });

  it('decodes an error raised by a contract the call reaches (the token inside the swap)', async () => {
    const before = await nonce();
    const call = {
      address: contracts.EtroSwap,
      abi: etroSwapAbi,
      functionName: 'sell',
      args: [parseEther('5'), 1n, maxUint256],
    } as const;
    const error = await executeSteps(planWrite({ action: 'swap.sell', call }), clients()).catch((e: unknown) => e);
    expect((error as TxSimulationError).reason).toMatchObject({ kind: 'custom', name: 'ERC20InsufficientAllowance' });
    expect(await nonce()).toBe(before);
  });

  it('a refusal in the wallet (4001) is TxRefusedError and nothing is sent', async () => {
    const before = await nonce();
    const refusing = createWalletClient({
      chain: chain(),
      transport: custom({
        request: async ({ method }) => {
          if (method === 'eth_sendTransaction')
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          return rpc(anvil.rpcUrl, method);
        },
      }),
    });
    const steps = await buyPlan(parseEther('1'), 1n);
    const error = await executeSteps(steps, clients({ walletClient: refusing })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxRefusedError);
    expect(error).toMatchObject({ code: 'REFUSED_TRANSACTION_REQUEST', stepIndex: 0 });
    expect(isUserRejection(error instanceof Error ? error.cause : undefined)).toBe(true);
    expect(await nonce()).toBe(before);
  });

  it('a transaction mined as reverted is TxFailedError with its hash', async () => {
    // The wallet sends something else than what was simulated (state moved in between): a transfer
    // of more USDT than alice holds, with a fixed gas limit so it is mined and reverts.
    const swapping = {
      writeContract: () =>
        wallet.sendTransaction({
          account: alice,
          chain: chain(),
          to: contracts.USDT,
          gas: 200_000n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [contracts.EtroSwap, maxUint256] }),
        }),
    };
    const call = {
      address: contracts.USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [contracts.EtroSwap, 1n],
    } as const;
    const error = await executeSteps(
      planWrite({ action: 'swap.buy', call }),
      clients({ walletClient: swapping }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxFailedError);
    const hash = (error as TxFailedError).hash as Hex;
    expect((await publicClient.getTransactionReceipt({ hash })).status).toBe('reverted');
  });
});
