import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, getAddress, http, parseUnits, type Address, type PublicClient } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { VAULT, deploy, localSignerKey } from '@eterno/devstack/deploy';
import { recordingClient, revertEachTest, startAnvil, SEND_GAS, type Anvil } from '@eterno/devstack/testChain';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { MulticallCallError, VAULT_TOKEN_SYMBOLS, readVault } from './readVault.ts';
import { splitSignature, withdrawTypedData } from './typedData.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const deployer = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
const signer = privateKeyToAccount(localSignerKey());
const requests: string[][] = [];

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
});
revertEachTest(() => anvil.rpcUrl);

const wallet = (account: typeof alice) =>
  createWalletClient({ account, chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
const send = async (account: typeof alice, functionName: string, args: readonly unknown[]) => {
  const hash = await wallet(account).writeContract({
    address: deployments.contracts.EternoVault,
    abi: eternoVaultAbi,
    functionName: functionName as never,
    args: args as never,
    gas: SEND_GAS,
  });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
};

describe('readVault', () => {
  it("reads the deployed vault's signer, pause, caps and holdings, and the block, in ONE eth_call", async () => {
    requests.length = 0;
    const view = await readVault(client, { contracts: deployments.contracts });
    expect(requests).toEqual([['eth_call']]);
    const block = await client.getBlock();
    expect(view.blockNumber).toBe(block.number);
    expect(view.timestamp).toBe(block.timestamp);
    expect(view.vault).toBe(deployments.contracts.EternoVault);
    expect(view.signer).toBe(signer.address);
    expect([view.paused, view.withdrawalsPaused, view.withdrawalsReopenAt]).toEqual([false, false, 0n]);
    expect(view.nonces).toBeNull();
    for (const symbol of VAULT_TOKEN_SYMBOLS) {
      expect(view.tokens[symbol]).toEqual({
        symbol,
        token: deployments.contracts[symbol],
        allowed: true,
        perTxCap: VAULT.tokens[symbol].perTxCap,
        perDayCap: VAULT.tokens[symbol].perDayCap,
        paidToday: 0n,
        remainingToday: VAULT.tokens[symbol].perDayCap,
        perUserDayCap: VAULT.tokens[symbol].perUserDayCap,
        exchangeBudget: VAULT.reserve[symbol],
        holdings: VAULT.reserve[symbol],
      });
    }
  });

  it("follows a withdrawal: the account's nonce, today's payouts, what is left today and the holdings", async () => {
    const c = deployments.contracts;
    const amount = parseUnits('123', 18);
    const deadline = (await client.getBlock()).timestamp + 600n;
    const { r, s, v } = splitSignature(
      await signer.signTypedData(
        withdrawTypedData(
          { chainId: deployments.chainId, vault: c.EternoVault },
          { user: alice.address, token: c.USDT, amount, nonce: 0n, deadline },
        ),
      ),
    );
    await send(alice, 'withdraw', [c.USDT, amount, deadline, r, s, v]);
    const view = await readVault(client, { contracts: c, account: alice.address });
    expect(view.nonces).toEqual({ diveIn: 0n, withdraw: 1n, exchange: 0n });
    expect(view.tokens.USDT.paidToday).toBe(amount);
    expect(view.tokens.USDT.remainingToday).toBe(VAULT.tokens.USDT.perDayCap - amount);
    expect(view.tokens.USDT.holdings).toBe(VAULT.reserve.USDT - amount);
    expect(view.tokens.EUSD.paidToday).toBe(0n);
  });

  it('shows the pause, and when it lets withdrawals through again', async () => {
    await send(deployer, 'pause', []);
    const view = await readVault(client, { contracts: deployments.contracts });
    expect([view.paused, view.withdrawalsPaused]).toEqual([true, true]);
    expect(view.withdrawalsReopenAt).toBe(view.timestamp + VAULT.maxPause);
  });

  it('throws MulticallCallError naming the read when there is no vault at the address', async () => {
    const ghost: Address = getAddress('0x00000000000000000000000000000000000e7e70');
    await expect(
      readVault(client, { contracts: { ...deployments.contracts, EternoVault: ghost } }),
    ).rejects.toMatchObject({ name: 'MulticallCallError', label: 'EternoVault.signer' });
    await expect(readVault(client, { contracts: { ...deployments.contracts, EternoVault: ghost } })).rejects.toThrow(
      MulticallCallError,
    );
  });
});
