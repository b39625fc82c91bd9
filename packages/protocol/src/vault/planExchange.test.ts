import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { QuoteExpiredError, planExchange, type ExchangeQuote } from './planExchange.ts';
import { exchangeTypedData, splitSignature } from './typedData.ts';

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

async function quote(amountIn: bigint, amountOut: bigint): Promise<ExchangeQuote> {
  const c = deployments.contracts;
  const deadline = (await client.getBlock()).timestamp + 120n;
  const message = { user: alice.address, tokenIn: c.USDT, amountIn, tokenOut: c.ETRO, amountOut, nonce: 0n, deadline };
  const typed = exchangeTypedData({ chainId: deployments.chainId, vault: c.EternoVault }, message);
  return { ...message, signature: splitSignature(await signer.signTypedData(typed)) };
}

const balanceOf = (token: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [alice.address] });

describe('planExchange', () => {
  it('approves exactly amountIn, then exchanges at the signed amounts', async () => {
    const c = deployments.contracts;
    const [amountIn, amountOut] = [parseUnits('100', 18), parseUnits('194', 18)];
    const q = await quote(amountIn, amountOut);
    const [usdt, etro] = [await balanceOf(c.USDT), await balanceOf(c.ETRO)];
    const steps = planExchange({
      contracts: c,
      quote: q,
      symbolIn: 'USDT',
      balance: usdt,
      allowance: 0n,
      now: q.deadline - 120n,
    });
    expect(steps.map((s) => (s.kind === 'call' ? s.action : `approve ${s.symbol} ${s.amount}`))).toEqual([
      `approve USDT ${amountIn}`,
      'vault.exchange',
    ]);
    await executeSteps(steps, clients());
    expect(await balanceOf(c.USDT)).toBe(usdt - amountIn);
    expect(await balanceOf(c.ETRO)).toBe(etro + amountOut);
  });

  it('refuses an expired quote and a spend above the balance before anything is sent', async () => {
    const q = await quote(10n, 9n);
    const base = { contracts: deployments.contracts, quote: q, symbolIn: 'USDT', allowance: 0n };
    expect(() => planExchange({ ...base, balance: 10n, now: q.deadline + 1n })).toThrow(QuoteExpiredError);
    expect(() => planExchange({ ...base, balance: 9n, now: q.deadline })).toThrow(InsufficientBalanceError);
  });
});
