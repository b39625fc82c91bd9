import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type PublicClient } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deploy, localSignerKey } from '@eterno/devstack/deploy';
import { revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { planDeposit, type DepositAuthorisation } from './planDeposit.ts';
import { VAULT_KIND, diveInTypedData, splitSignature } from './typedData.ts';

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

async function authorisation(amount: bigint): Promise<DepositAuthorisation> {
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
    { user: alice.address, custom: 0n, custom1: 0n, token: c.EUSD, amount, nonce, deadline },
  );
  return {
    token: c.EUSD,
    amount,
    custom: 0n,
    custom1: 0n,
    deadline,
    signature: splitSignature(await signer.signTypedData(typed)),
  };
}

const eusd = (functionName: 'balanceOf' | 'allowance', owner = alice.address) =>
  functionName === 'balanceOf'
    ? client.readContract({ address: deployments.contracts.EUSD, abi: erc20Abi, functionName, args: [owner] })
    : client.readContract({
        address: deployments.contracts.EUSD,
        abi: erc20Abi,
        functionName,
        args: [owner, deployments.contracts.EternoVault],
      });

describe('planDeposit', () => {
  it('approves exactly the amount, then deposits it into the vault', async () => {
    const amount = parseUnits('321', 18);
    const a = await authorisation(amount);
    const [balance, held] = [await eusd('balanceOf'), await eusd('balanceOf', deployments.contracts.EternoVault)];
    const steps = planDeposit({
      contracts: deployments.contracts,
      authorisation: a,
      symbol: 'EUSD',
      balance,
      allowance: await eusd('allowance'),
    });
    expect(steps.map((s) => (s.kind === 'call' ? s.action : `approve ${s.amount}`))).toEqual([
      `approve ${amount}`,
      'vault.deposit',
    ]);
    await executeSteps(steps, clients());
    expect(await eusd('balanceOf')).toBe(balance - amount);
    expect(await eusd('balanceOf', deployments.contracts.EternoVault)).toBe(held + amount);
    expect(await eusd('allowance')).toBe(0n);
  });

  it('skips the approval when the allowance covers the amount', async () => {
    const a = await authorisation(10n);
    const steps = planDeposit({
      contracts: deployments.contracts,
      authorisation: a,
      symbol: 'EUSD',
      balance: 10n,
      allowance: 10n,
    });
    expect(steps.map((s) => s.kind)).toEqual(['call']);
  });

  it('refuses more than the wallet holds before anything is sent', async () => {
    const a = await authorisation(parseUnits('2', 18));
    expect(() =>
      planDeposit({
        contracts: deployments.contracts,
        authorisation: a,
        symbol: 'EUSD',
        balance: parseUnits('1', 18),
        allowance: 0n,
      }),
    ).toThrow(InsufficientBalanceError);
  });
});
