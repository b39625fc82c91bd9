import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEventLogs,
  parseUnits,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { REGISTRATION_TYPE_CODES } from '../financeApi.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { VAULT_KIND, diveInTypedData, splitSignature } from '../vault/typedData.ts';
import { planBuy } from './planBuy.ts';
import { PurchaseExpiredError, type PurchaseAuthorisation } from './planPurchase.ts';

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

const clients = (): TxClients => ({
  publicClient: client,
  walletClient: createWalletClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) }),
  account: alice.address,
  chain: defineEternoChain(anvil.rpcUrl),
  gas: { gas: GAS_LIMIT, gasPrice: GAS_PRICE },
  receiptPollingInterval: 50,
});

/** What the server signs for `POST /finance/purchases` (package 1, first order). */
async function authorisation(
  amount: bigint,
  custom = 1n,
  custom1 = BigInt(REGISTRATION_TYPE_CODES.first),
): Promise<PurchaseAuthorisation> {
  const c = deployments.contracts;
  const deadline = (await client.getBlock()).timestamp + 1800n;
  const nonce = await client.readContract({
    address: c.EternoVault,
    abi: eternoVaultAbi,
    functionName: 'nonces',
    args: [alice.address, VAULT_KIND.DiveIn],
  });
  const typed = diveInTypedData(
    { chainId: deployments.chainId, vault: c.EternoVault },
    { user: alice.address, custom, custom1, token: c.USDT, amount, nonce, deadline },
  );
  return {
    token: c.USDT,
    amount,
    custom,
    custom1,
    deadline,
    signature: splitSignature(await signer.signTypedData(typed)),
  };
}

const usdtOf = (owner = alice.address) =>
  client.readContract({ address: deployments.contracts.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const allowance = () =>
  client.readContract({
    address: deployments.contracts.USDT,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [alice.address, deployments.contracts.EternoVault],
  });
const now = async () => (await client.getBlock()).timestamp;

describe('planBuy', () => {
  it('approves exactly the price, then pays it into the vault with custom = package, custom1 = type, gas 1,000,000', async () => {
    const price = parseUnits('100', 18);
    const a = await authorisation(price);
    const [balance, held] = [await usdtOf(), await usdtOf(deployments.contracts.EternoVault)];
    const steps = planBuy({
      contracts: deployments.contracts,
      authorisation: a,
      balance,
      allowance: await allowance(),
      now: await now(),
    });
    expect(
      steps.map((s) => (s.kind === 'call' ? `${s.action} gas ${s.gasLimit}` : `approve ${s.symbol} ${s.amount}`)),
    ).toEqual([`approve USDT ${price}`, 'finance.buy gas 1000000']);
    const hashes = await executeSteps(steps, clients());
    const receipt = await client.getTransactionReceipt({ hash: hashes[1]! });
    const [divedIn] = parseEventLogs({ abi: eternoVaultAbi, eventName: 'DivedIn', logs: receipt.logs });
    expect(divedIn?.args).toMatchObject({
      user: alice.address,
      token: deployments.contracts.USDT,
      amount: price,
      custom: 1n,
      custom1: 1n,
    });
    expect(await usdtOf()).toBe(balance - price);
    expect(await usdtOf(deployments.contracts.EternoVault)).toBe(held + price);
    expect(await allowance()).toBe(0n);
  });

  it('skips the approval when the allowance covers the price', async () => {
    const steps = planBuy({
      contracts: deployments.contracts,
      authorisation: await authorisation(10n),
      balance: 10n,
      allowance: 10n,
      now: await now(),
    });
    expect(steps.map((s) => s.kind)).toEqual(['call']);
  });

  it('refuses an authorisation past its deadline before anything is sent', async () => {
    const a = await authorisation(10n);
    const base = { contracts: deployments.contracts, authorisation: a, balance: 10n, allowance: 0n };
    expect(planBuy({ ...base, now: a.deadline })).toHaveLength(2);
    const expired = (() => {
      try {
        planBuy({ ...base, now: a.deadline + 1n });
      } catch (error) {
        return error;
      }
    })();
    expect(expired).toBeInstanceOf(PurchaseExpiredError);
    expect(expired).toMatchObject({ code: 'PURCHASE_EXPIRED', deadline: a.deadline });
  });

  it('refuses more than the wallet holds, a regular or top-up authorisation, and a token other than USDT', async () => {
    const a = await authorisation(parseUnits('2', 18));
    const base = { contracts: deployments.contracts, balance: a.amount, allowance: 0n, now: await now() };
    expect(() => planBuy({ ...base, authorisation: a, balance: a.amount - 1n })).toThrow(InsufficientBalanceError);
    expect(() => planBuy({ ...base, authorisation: { ...a, custom: 101n } })).toThrow(RangeError);
    expect(() => planBuy({ ...base, authorisation: { ...a, custom: 0n } })).toThrow(RangeError);
    expect(() => planBuy({ ...base, authorisation: { ...a, token: deployments.contracts.EUSD } })).toThrow(RangeError);
  });
});
