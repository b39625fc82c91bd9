/**
 * The vault's chain reads and the signer against the deployed contract: the caps, holdings and
 * nonces read in one multicall equal the deploy's; a DiveIn and a Withdraw signed by the signer
 * service are accepted by the vault once, and the nonces move.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localSignerKey, MARKET, VAULT } from '@eterno/devstack/deploy';
import { defineEternoChain, LOCAL_TEST_MNEMONIC, WITHDRAW_GAS_LIMIT } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { eternoVaultAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import {
  createPublicClient,
  createWalletClient,
  custom,
  erc20Abi,
  http,
  parseUnits,
  type Hash,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaultChain } from './chain.ts';
import { keepAliveHttp, RpcError } from './rpcTransport.ts';
import { createVaultSigner, readSignerAccount } from './signer.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const e18 = (n: string) => parseUnits(n, 18);

describe('vault chain reads and signatures on the deployed vault', () => {
  let anvil: Anvil;
  let dir: string;
  let deployments: Deployments;
  let client: PublicClient;

  const send = async (
    address: `0x${string}`,
    abi: typeof erc20Abi | typeof eternoVaultAbi,
    functionName: string,
    args: readonly unknown[],
  ): Promise<Hash> => {
    const chain = defineEternoChain(anvil.rpcUrl);
    const wallet = createWalletClient({ account: alice, chain, transport: http(anvil.rpcUrl) });
    const hash = await wallet.writeContract({ address, abi, functionName, args, gas: WITHDRAW_GAS_LIMIT } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
    return hash;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    dir = await mkdtemp(join(tmpdir(), 'eterno-vault-chain-'));
    deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: join(dir, 'deployments.json') });
    client = createPublicClient({
      chain: defineEternoChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    });
  }, 120_000);

  afterAll(async () => {
    await anvil?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads pause, nonce, caps, today’s payouts, the user’s, the budget and holdings in one call', async () => {
    const { USDT, EUSD, EternoVault } = deployments.contracts;
    const state = await vaultChain(client, EternoVault!).read(alice.address, 'Withdraw', [USDT, EUSD]);
    expect([state.paused, state.withdrawalsPaused, state.withdrawalsReopenAt]).toEqual([false, false, 0n]);
    expect(state.nonce).toBe(0n);
    const expected = (sym: 'USDT' | 'EUSD') => ({
      allowed: true,
      ...VAULT.tokens[sym],
      paidToday: 0n,
      userPaidToday: 0n,
      exchangeBudget: VAULT.reserve[sym],
      holdings: VAULT.reserve[sym],
    });
    expect(state.tokens).toEqual([
      { token: USDT, ...expected('USDT') },
      { token: EUSD, ...expected('EUSD') },
    ]);
    const unconfigured = await vaultChain(client, EternoVault!).read(null, 'DiveIn', [deployments.contracts.PUSD]);
    expect(unconfigured.tokens[0]).toMatchObject({ allowed: false, perTxCap: 0n, holdings: 0n });
  });

  it("the signer's DiveIn and Withdraw are accepted by the vault once each, and the nonces move", async () => {
    const { USDT, EternoVault } = deployments.contracts;
    const vault = EternoVault!;
    const signer = createVaultSigner(readSignerAccount({ ETERNO_SIGNER_KEY: localSignerKey() }, 'local'), {
      chainId: deployments.chainId,
      vault,
    });
    expect(await client.readContract({ address: vault, abi: eternoVaultAbi, functionName: 'signer' })).toBe(
      signer.address,
    );
    const deadline = (await client.getBlock()).timestamp + 1800n;
    const dive = await signer.signDiveIn({
      user: alice.address,
      custom: 0n,
      custom1: 0n,
      token: USDT,
      amount: e18('10'),
      nonce: 0n,
      deadline,
    });
    await send(USDT, erc20Abi, 'approve', [vault, e18('10')]);
    await send(vault, eternoVaultAbi, 'diveInWithToken', [0n, 0n, USDT, e18('10'), deadline, dive.r, dive.s, dive.v]);
    const chain = vaultChain(client, vault);
    expect((await chain.read(alice.address, 'DiveIn', [USDT])).nonce).toBe(1n);

    const voucher = await signer.signWithdraw({
      user: alice.address,
      token: USDT,
      amount: e18('4'),
      nonce: 0n,
      deadline,
    });
    const before = await client.readContract({
      address: USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [alice.address],
    });
    await send(vault, eternoVaultAbi, 'withdraw', [USDT, e18('4'), deadline, voucher.r, voucher.s, voucher.v]);
    const after = await client.readContract({
      address: USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [alice.address],
    });
    expect(after - before).toBe(e18('4'));
    const state = await chain.read(alice.address, 'Withdraw', [USDT]);
    // The deposit came before any payout of the day, so it banks nothing (net outflow never below 0): the
    // vault's figure and alice's own are both 4.
    expect([state.nonce, state.tokens[0]!.paidToday, state.tokens[0]!.userPaidToday]).toEqual([1n, e18('4'), e18('4')]);
    // The holdings at the block before the withdrawal, and at the latest one (named by their hashes), in one
    // multicall each.
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const hashOf = async (blockNumber: bigint) => (await client.getBlock({ blockNumber })).hash;
    expect(await chain.holdingsAt(await hashOf(head - 1n), [USDT])).toEqual([VAULT.reserve.USDT + e18('10')]);
    expect(await chain.holdingsAt(await hashOf(head), [USDT])).toEqual([VAULT.reserve.USDT + e18('6')]);
    // A hash the chain does not have on its canonical branch is refused, never read as another block.
    await expect(chain.holdingsAt(`0x${'ab'.repeat(32)}`, [USDT])).rejects.toThrow();
    expect(await chain.blockTime(head)).toBe((await client.getBlock({ blockNumber: head })).timestamp);
    await expect(
      send(vault, eternoVaultAbi, 'withdraw', [USDT, e18('4'), deadline, voucher.r, voucher.s, voucher.v]),
    ).rejects.toThrow();
  });

  it('gathers the reads of one window into ONE eth_call over the kept-alive transport; a later read is sent anew', async () => {
    const { USDT, EUSD, EternoVault } = deployments.contracts;
    const vault = EternoVault!;
    const transport = keepAliveHttp(anvil.rpcUrl);
    const calls: unknown[] = [];
    // Counts the eth_calls the batcher sends through the server's transport.
    const counted = createPublicClient({
      chain: defineEternoChain(anvil.rpcUrl),
      transport: custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (args.method === 'eth_call') calls.push(args.params);
          return transport({ chain: undefined }).request(args as never);
        },
      }),
    });
    const chain = vaultChain(counted, vault, { batchWaitMs: 20 });
    const users = Array.from({ length: 20 }, (_, i) => mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: i }));
    const reads = await Promise.all(users.map((u) => chain.read(u.address, 'Withdraw', [USDT, EUSD])));
    expect(calls).toHaveLength(1);
    // Each figure equals a plain read of it.
    for (const [i, user] of users.entries()) {
      const nonce = await client.readContract({
        address: vault,
        abi: eternoVaultAbi,
        functionName: 'nonces',
        args: [user.address, 1],
      });
      expect(reads[i]!.nonce).toBe(nonce);
      const vaultWide = (r: (typeof reads)[number]) => r.tokens.map(({ userPaidToday: _, ...t }) => t);
      expect(vaultWide(reads[i]!)).toEqual(vaultWide(reads[0]!));
    }
    expect(reads[0]!.tokens[0]!.holdings).toBe(
      await client.readContract({ address: USDT, abi: erc20Abi, functionName: 'balanceOf', args: [vault] }),
    );
    expect(reads.find((r) => r.nonce === 1n)).toBeDefined();
    await chain.read(alice.address, 'DiveIn', [USDT]);
    expect(calls).toHaveLength(2);
  });

  it('reads the EULP pair’s reserves and the EUSD market’s buyer reward', async () => {
    const { EULP, EusdMarket, EternoVault } = deployments.contracts;
    const chain = vaultChain(client, EternoVault!);
    const [reserve0, reserve1] = await client.readContract({
      address: EULP,
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    });
    expect(await chain.pairReserves(EULP)).toEqual({ reserve0, reserve1 });
    expect(await chain.marketRewardBps(EusdMarket!)).toBe(MARKET.rewardBps);
  });

  it('the kept-alive transport answers like viem http and throws JSON-RPC errors with their code', async () => {
    const fast = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: keepAliveHttp(anvil.rpcUrl) });
    expect(await fast.getBlockNumber()).toBe(await client.getBlockNumber());
    const error = await fast.request({ method: 'eth_no_such_method' as never }).catch((e: unknown) => e);
    // viem maps the code anvil answered (method not found) to its error, the node's error as its cause.
    expect(error).toMatchObject({ code: -32601, cause: expect.any(RpcError) });
  });
});
