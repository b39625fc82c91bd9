import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  type Abi,
  type Address,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { deploy, type Deployments } from '@eterno/devstack/deploy';
import {
  recordingClient,
  revertEachTest,
  rpc,
  SEND_GAS,
  seededAccount,
  startAnvil,
  type Anvil,
} from '@eterno/devstack/testChain';
import { defineEternoChain } from '../chain.ts';
import {
  eternoFarmAbi,
  eternoNodesAbi,
  eternoVaultAbi,
  lockLedgerAbi,
  referralRegistryAbi,
} from '../generated/abis.ts';
import {
  MulticallCallError,
  OWNABLE_CONTRACTS,
  pendingChangeId,
  readPendingChanges,
  type PendingChange,
} from './readPendingChanges.ts';

let anvil: Anvil;
let client: PublicClient;
let wallet: WalletClient;
let deployments: Deployments;
let deployer: Address;
let alice: Address;
let bob: Address;
const requests: string[][] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  deployer = seededAccount(deployments, 'deployer');
  alice = seededAccount(deployments, 'alice');
  bob = seededAccount(deployments, 'bob');
  wallet = createWalletClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
  client = recordingClient(anvil.rpcUrl, requests);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

revertEachTest(() => anvil.rpcUrl);

/** Sends a transaction from an unlocked anvil account (a fixed gas limit, as every test's own sends) and waits for its success. */
async function send(from: Address, address: Address, abi: Abi, functionName: string, args: unknown[] = []) {
  const hash = await wallet.writeContract({
    account: from,
    chain: wallet.chain,
    address,
    abi,
    functionName,
    args,
    gas: SEND_GAS,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return client.getBlock({ blockNumber: receipt.blockNumber });
}

const read = () => readPendingChanges(client, { contracts: deployments.contracts });

describe('readPendingChanges', () => {
  it('reads every contract of the deployments in exactly one eth_call: nothing pending after the deploy', async () => {
    requests.length = 0;
    const view = await read();
    expect(requests).toEqual([['eth_call']]);
    expect(view.changes).toEqual([]);
    const head = await client.getBlock();
    expect(view.blockNumber).toBe(head.number);
    expect(view.timestamp).toBe(head.timestamp);
  });

  it('names exactly the deployed contracts that answer pendingOwner() (every Ownable2Step one)', async () => {
    const answering: string[] = [];
    for (const [name, address] of Object.entries(deployments.contracts)) {
      const answer = await client.readContract({ address, abi: eternoVaultAbi, functionName: 'pendingOwner' }).then(
        () => true,
        () => false,
      );
      if (answer) answering.push(name);
    }
    expect(answering.sort()).toEqual([...OWNABLE_CONTRACTS].sort());
  });

  it('shows an owner transfer until the new owner accepts it, for each contract it is started on', async () => {
    await send(deployer, deployments.contracts.EternoVault, eternoVaultAbi, 'transferOwnership', [alice]);
    await send(deployer, deployments.contracts.EternoNodes as Address, eternoNodesAbi, 'transferOwnership', [
      deployments.contracts.EternoVault,
    ]);
    const view = await read();
    expect(view.changes).toEqual<PendingChange[]>([
      {
        kind: 'ownerTransfer',
        contract: 'EternoVault',
        address: deployments.contracts.EternoVault,
        newOwner: alice,
        newOwnerName: null,
        eta: null,
      },
      {
        kind: 'ownerTransfer',
        contract: 'EternoNodes',
        address: deployments.contracts.EternoNodes as Address,
        newOwner: deployments.contracts.EternoVault,
        newOwnerName: 'EternoVault',
        eta: null,
      },
    ]);
    await send(alice, deployments.contracts.EternoVault, eternoVaultAbi, 'acceptOwnership');
    const after = await read();
    expect(after.changes.map((c) => c.contract)).toEqual(['EternoNodes']);
  });

  it("shows the vault's proposed signer with the time it can be activated, gone once cancelled", async () => {
    const block = await send(deployer, deployments.contracts.EternoVault, eternoVaultAbi, 'proposeSigner', [bob]);
    const delay = await client.readContract({
      address: deployments.contracts.EternoVault,
      abi: eternoVaultAbi,
      functionName: 'SIGNER_DELAY',
    });
    const view = await read();
    expect(view.changes).toEqual<PendingChange[]>([
      {
        kind: 'vaultSigner',
        contract: 'EternoVault',
        address: deployments.contracts.EternoVault,
        signer: bob,
        eta: block.timestamp + delay,
      },
    ]);
    expect(delay).toBe(2n * 24n * 3600n);
    await send(deployer, deployments.contracts.EternoVault, eternoVaultAbi, 'cancelSignerProposal');
    expect((await read()).changes).toEqual([]);
  });

  it("shows the registry's proposed placement signer until it is activated after its delay", async () => {
    const registry = deployments.contracts.ReferralRegistry as Address;
    const block = await send(deployer, registry, referralRegistryAbi, 'proposePlacementSigner', [bob]);
    const view = await read();
    expect(view.changes).toEqual<PendingChange[]>([
      {
        kind: 'placementSigner',
        contract: 'ReferralRegistry',
        address: registry,
        signer: bob,
        eta: block.timestamp + 2n * 24n * 3600n,
      },
    ]);
    await rpc(anvil.rpcUrl, 'evm_increaseTime', [2 * 24 * 3600]);
    await send(deployer, registry, referralRegistryAbi, 'activatePlacementSigner');
    expect((await read()).changes).toEqual([]);
  });

  it("shows the vault's proposed cap increase for its token with the time it can be activated, gone once cancelled", async () => {
    const vault = deployments.contracts.EternoVault;
    const usdt = deployments.contracts.USDT;
    const block = await send(deployer, vault, eternoVaultAbi, 'proposeTokenCaps', [
      usdt,
      parseEther('200000'),
      parseEther('2000000'),
      parseEther('400000'),
    ]);
    const delay = (await client.readContract({
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'SIGNER_DELAY',
    })) as bigint;
    expect((await read()).changes).toEqual<PendingChange[]>([
      {
        kind: 'vaultCapIncrease',
        contract: 'EternoVault',
        address: vault,
        token: usdt,
        tokenName: 'USDT',
        eta: block.timestamp + delay,
      },
    ]);
    await send(deployer, vault, eternoVaultAbi, 'cancelTokenCaps', [usdt]);
    expect((await read()).changes).toEqual([]);
  });

  it("shows the ledger's proposed writer with the time it can be added, gone once cancelled", async () => {
    const ledger = deployments.contracts.LockLedger;
    const block = await send(deployer, ledger, lockLedgerAbi, 'proposeWriter', [bob, 0]);
    expect((await read()).changes).toEqual<PendingChange[]>([
      {
        kind: 'ledgerWriter',
        contract: 'LockLedger',
        address: ledger,
        writer: bob,
        writerName: null,
        eta: block.timestamp + 2n * 24n * 3600n,
      },
    ]);
    await send(deployer, ledger, lockLedgerAbi, 'cancelWriter', [bob]);
    expect((await read()).changes).toEqual([]);
  });

  it("shows the farm's proposed allocations while LP is staked, each with its pool and eta", async () => {
    const farm = deployments.contracts.EternoFarm;
    const amount = parseEther('1');
    await send(alice, deployments.contracts.EULP, erc20Abi, 'approve', [farm, amount]);
    await send(alice, farm, eternoFarmAbi, 'deposit', [0n, amount]);
    const first = await send(deployer, farm, eternoFarmAbi, 'set', [1n, 0n]);
    const second = await send(deployer, farm, eternoFarmAbi, 'add', [1_000_000n, deployments.contracts.USDT]);
    const view = await read();
    expect(view.changes).toEqual<PendingChange[]>([
      {
        kind: 'farmAllocation',
        contract: 'EternoFarm',
        address: farm,
        pid: 1n,
        allocPoint: 0n,
        eta: first.timestamp + 2n * 24n * 3600n,
      },
      {
        kind: 'farmAllocation',
        contract: 'EternoFarm',
        address: farm,
        pid: 2n,
        allocPoint: 1_000_000n,
        eta: second.timestamp + 2n * 24n * 3600n,
      },
    ]);
  });

  it('gives a change an id that stays from block to block and changes with a new proposal', async () => {
    const vault = deployments.contracts.EternoVault;
    await send(deployer, vault, eternoVaultAbi, 'proposeSigner', [bob]);
    const [first] = (await read()).changes;
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3']);
    const [same] = (await read()).changes;
    if (!first || !same) throw new Error('the proposal is not read');
    expect(pendingChangeId(same)).toBe(pendingChangeId(first));
    await rpc(anvil.rpcUrl, 'evm_increaseTime', [60]);
    await send(deployer, vault, eternoVaultAbi, 'proposeSigner', [bob]);
    const [renewed] = (await read()).changes;
    if (!renewed) throw new Error('the new proposal is not read');
    expect(pendingChangeId(renewed)).not.toBe(pendingChangeId(first));
  });

  it('throws a MulticallCallError, never "nothing pending", when a contract does not answer', async () => {
    const ghost = '0x000000000000000000000000000000000000dEaD' as Address;
    const error = await readPendingChanges(client, {
      contracts: { ...deployments.contracts, EusdMarket: ghost },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MulticallCallError);
    expect(error).toMatchObject({ label: 'EusdMarket.pendingOwner', failure: 'NO_DATA' });
  });
});
