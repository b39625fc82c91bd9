import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Hex, type PublicClient } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, WITHDRAW_GAS_LIMIT, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { TxSimulationError } from '../tx/errors.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import { VoucherExpiredError, planWithdraw, type WithdrawVoucher } from './planWithdraw.ts';
import { splitSignature, withdrawTypedData } from './typedData.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const signer = privateKeyToAccount(localSignerKey());

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
});
revertEachTest(() => anvil.rpcUrl);

/** The app's clients: the chain's fixed gas settings (spec §9), alice's wallet. */
const clients = (): TxClients => ({
  publicClient: client,
  walletClient: createWalletClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) }),
  account: alice.address,
  chain: defineEternoChain(anvil.rpcUrl),
  gas: { gas: GAS_LIMIT, gasPrice: GAS_PRICE },
  receiptPollingInterval: 50,
});

async function voucher(amount: bigint, nonce = 0n): Promise<WithdrawVoucher> {
  const c = deployments.contracts;
  const deadline = (await client.getBlock()).timestamp + 1800n;
  const typed = withdrawTypedData(
    { chainId: deployments.chainId, vault: c.EternoVault },
    { user: alice.address, token: c.USDT, amount, nonce, deadline },
  );
  return { token: c.USDT, amount, deadline, signature: splitSignature(await signer.signTypedData(typed)) };
}

const usdtOf = () =>
  client.readContract({
    address: deployments.contracts.USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [alice.address],
  });

describe('planWithdraw', () => {
  it('is one withdraw call with the 300,000 gas limit and no approval', async () => {
    const v = await voucher(parseUnits('5', 18));
    const steps = planWithdraw({ contracts: deployments.contracts, voucher: v, now: v.deadline });
    expect(steps).toHaveLength(1);
    const [step] = steps;
    expect(step?.kind).toBe('call');
    if (step?.kind !== 'call') return;
    expect(step.action).toBe('vault.withdraw');
    expect(step.gasLimit).toBe(WITHDRAW_GAS_LIMIT);
    expect(step.call.functionName).toBe('withdraw');
    expect(step.call.args).toEqual([v.token, v.amount, v.deadline, v.signature.r, v.signature.s, v.signature.v]);
  });

  it('pays the wallet exactly the amount, sent with 300,000 gas', async () => {
    const amount = parseUnits('250.5', 18);
    const before = await usdtOf();
    const v = await voucher(amount);
    const [hash] = await executeSteps(
      planWithdraw({ contracts: deployments.contracts, voucher: v, now: v.deadline - 1800n }),
      clients(),
    );
    expect(await usdtOf()).toBe(before + amount);
    const tx = await client.getTransaction({ hash: hash as Hex });
    expect(tx.gas).toBe(300_000n);
    expect(tx.gasPrice).toBe(GAS_PRICE);
  });

  it('refuses a voucher past its deadline before anything is sent', async () => {
    const v = await voucher(1n);
    expect(() => planWithdraw({ contracts: deployments.contracts, voucher: v, now: v.deadline + 1n })).toThrow(
      VoucherExpiredError,
    );
    expect(() => planWithdraw({ contracts: deployments.contracts, voucher: { ...v, amount: 0n }, now: 0n })).toThrow(
      RangeError,
    );
  });

  it('a voucher used once fails its simulation the second time: InvalidSigner, nothing sent', async () => {
    const v = await voucher(parseUnits('1', 18));
    const steps = planWithdraw({ contracts: deployments.contracts, voucher: v, now: v.deadline - 1800n });
    await executeSteps(steps, clients());
    const nonce = await client.getTransactionCount({ address: alice.address });
    await expect(executeSteps(steps, clients())).rejects.toThrow(TxSimulationError);
    await expect(executeSteps(steps, clients())).rejects.toThrow(/InvalidSigner/);
    expect(await client.getTransactionCount({ address: alice.address })).toBe(nonce);
  });
});
