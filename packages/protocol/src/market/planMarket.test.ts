/**
 * The market's read and its three plans against the deployed contract on anvil: alice lists, bob buys
 * part (with the exact-amount approvals), alice cancels the rest; balances and the contract's order
 * are what the plans and the maths said. A refused fill is decoded in simulation and nothing is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, http, parseEther, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { deploy } from '@eterno/devstack/deploy';
import { recordingClient, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eusdMarketAbi } from '../generated/abis.ts';
import { TxSimulationError } from '../tx/errors.ts';
import { executeSteps } from '../tx/execute.ts';
import { InsufficientBalanceError, type TxStep } from '../tx/steps.ts';
import { quoteFill } from './marketMath.ts';
import { planBuy } from './planBuy.ts';
import { planCancel } from './planCancel.ts';
import { planList } from './planList.ts';
import { readEusdMarket, readEusdMarketParameters } from './readEusdMarket.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

const run = (account: typeof alice, steps: TxStep[]) => {
  const chain = defineEternoChain(anvil.rpcUrl);
  return executeSteps(steps, {
    publicClient: client,
    walletClient: createWalletClient({ account, chain, transport: http(anvil.rpcUrl) }),
    account: account.address,
    chain,
    receiptPollingInterval: 50,
  });
};
const view = (account: typeof alice) =>
  readEusdMarket(client, { contracts: deployments.contracts, account: account.address });

describe('the EUSD market on anvil', () => {
  it('reads the parameters, reserve and balances in one eth_call', async () => {
    requests.length = 0;
    const v = await view(alice);
    expect(requests).toEqual([['eth_call']]);
    expect(v).toMatchObject({
      market: deployments.contracts.EusdMarket,
      maxUnitPrice: parseEther('1'),
      sellerFeeBps: 300n,
      rewardBps: 100n,
      rewardReserve: parseEther('100000'),
      paused: false,
      eusdBalance: parseEther('10000'),
      eusdAllowance: 0n,
    });
  });

  it('reads the parameters alone (the help document) in one eth_call', async () => {
    requests.length = 0;
    expect(await readEusdMarketParameters(client, { contracts: deployments.contracts })).toEqual({
      market: deployments.contracts.EusdMarket,
      maxUnitPrice: parseEther('1'),
      sellerFeeBps: 300n,
      rewardBps: 100n,
    });
    expect(requests).toEqual([['eth_call']]);
  });

  it('lists, buys part and cancels the rest: the balances move as the plans and the maths say', async () => {
    const a0 = await view(alice);
    const list = planList(a0, parseEther('100'), parseEther('0.95'));
    expect(list.map((s) => s.kind)).toEqual(['approve', 'call']);
    expect(list[0]).toMatchObject({ kind: 'approve', amount: parseEther('100'), spender: a0.market });
    await run(alice, list);
    const [seller, unitPrice, remaining, feeBps] = await client.readContract({
      address: a0.market,
      abi: eusdMarketAbi,
      functionName: 'orderOf',
      args: [1n],
    });
    expect([seller, unitPrice, remaining, feeBps]).toEqual([
      alice.address,
      parseEther('0.95'),
      parseEther('100'),
      300n,
    ]);

    const b0 = await view(bob);
    const order = { orderId: 1n, unitPrice: parseEther('0.95') };
    const buy = planBuy(b0, order, parseEther('30'));
    expect(buy[0]).toMatchObject({ kind: 'approve', token: b0.usdt, amount: parseEther('28.5') });
    await run(bob, buy);
    const q = quoteFill({
      quantity: parseEther('30'),
      unitPrice: order.unitPrice,
      feeBps: 300n,
      rewardBps: b0.rewardBps,
      reserve: b0.rewardReserve,
    });
    const b1 = await view(bob);
    expect(b0.usdtBalance - b1.usdtBalance).toBe(q.cost);
    expect(b1.eusdBalance - b0.eusdBalance).toBe(parseEther('30') + q.reward);
    expect(b1.usdtAllowance).toBe(0n);
    const a1 = await view(alice);
    expect(a1.usdtBalance - a0.usdtBalance).toBe(q.proceeds);
    expect(a1.rewardReserve).toBe(a0.rewardReserve - q.reward);

    await run(alice, planCancel(a1.market, 1n));
    const a2 = await view(alice);
    expect(a2.eusdBalance - a1.eusdBalance).toBe(parseEther('70'));
  });

  it('decodes a refused fill in simulation and sends nothing; refuses a spend above the balance before that', async () => {
    const b = await view(bob);
    await run(alice, planList(await view(alice), parseEther('20'), parseEther('0.9')));
    requests.length = 0;
    const error = await run(
      bob,
      planBuy(
        { ...b, usdtAllowance: parseEther('1000') },
        { orderId: 2n, unitPrice: parseEther('0.9') },
        parseEther('30'),
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxSimulationError);
    expect((error as TxSimulationError).reason).toMatchObject({
      kind: 'custom',
      name: 'ExceedsRemaining',
      args: [parseEther('30'), parseEther('20')],
    });
    expect(requests.flat()).not.toContain('eth_sendRawTransaction');
    expect(requests.flat()).not.toContain('eth_sendTransaction');
    expect(() =>
      planBuy({ ...b, usdtBalance: parseEther('1') }, { orderId: 2n, unitPrice: parseEther('0.9') }, parseEther('10')),
    ).toThrow(InsufficientBalanceError);
  });
});
