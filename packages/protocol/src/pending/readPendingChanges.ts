import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import {
  eternoFarmAbi,
  eternoNftAbi,
  eternoNodesAbi,
  eternoStakingAbi,
  eternoVaultAbi,
  etroSwapAbi,
  eusdMarketAbi,
  lockLedgerAbi,
  referralRegistryAbi,
} from '../generated/abis.ts';
import {
  aggregateStrict,
  blockNumberRead,
  blockTimestampRead,
  viewRead,
  type CallClient,
  type MulticallRead,
} from '../multicall.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from '../multicall.ts';

/**
 * The deployments' contracts that are OpenZeppelin `Ownable2Step` (an owner transfer is pending from
 * `transferOwnership` until the new owner's `acceptOwnership`). The tokens, the Uniswap contracts and
 * Multicall3 have no owner.
 */
export const OWNABLE_CONTRACTS = [
  'LockLedger',
  'EtroSwap',
  'StakingETRO',
  'StakingEULP',
  'EternoFarm',
  'EternoVault',
  'ReferralRegistry',
  'EusdMarket',
  'EternoNft',
  'EternoNodes',
] as const;
export type OwnableContract = (typeof OWNABLE_CONTRACTS)[number];

/** Each owned contract's `pendingOwner()` (OpenZeppelin's Ownable2Step), read through its own generated ABI. */
const PENDING_OWNER_READS: { readonly [K in OwnableContract]: (address: Address) => MulticallRead<Address> } = {
  LockLedger: (a) => viewRead('LockLedger.pendingOwner', a, lockLedgerAbi, 'pendingOwner', []),
  EtroSwap: (a) => viewRead('EtroSwap.pendingOwner', a, etroSwapAbi, 'pendingOwner', []),
  StakingETRO: (a) => viewRead('StakingETRO.pendingOwner', a, eternoStakingAbi, 'pendingOwner', []),
  StakingEULP: (a) => viewRead('StakingEULP.pendingOwner', a, eternoStakingAbi, 'pendingOwner', []),
  EternoFarm: (a) => viewRead('EternoFarm.pendingOwner', a, eternoFarmAbi, 'pendingOwner', []),
  EternoVault: (a) => viewRead('EternoVault.pendingOwner', a, eternoVaultAbi, 'pendingOwner', []),
  ReferralRegistry: (a) => viewRead('ReferralRegistry.pendingOwner', a, referralRegistryAbi, 'pendingOwner', []),
  EusdMarket: (a) => viewRead('EusdMarket.pendingOwner', a, eusdMarketAbi, 'pendingOwner', []),
  EternoNft: (a) => viewRead('EternoNft.pendingOwner', a, eternoNftAbi, 'pendingOwner', []),
  EternoNodes: (a) => viewRead('EternoNodes.pendingOwner', a, eternoNodesAbi, 'pendingOwner', []),
};

/** Where a change is pending: the deployments' name of the contract and its address. */
type At<C extends string> = { readonly contract: C; readonly address: Address };

/**
 * A change an owner (or its keys) has started on chain and that has not taken effect yet. `eta` is
 * the unix time from which it can take effect; null when it can at any moment (an owner transfer
 * takes effect when the new owner accepts it). Addresses named in the deployments carry that name
 * (`…Name`), else null.
 */
export type PendingChange =
  | (At<OwnableContract> & {
      readonly kind: 'ownerTransfer';
      readonly newOwner: Address;
      readonly newOwnerName: string | null;
      readonly eta: null;
    })
  | (At<'EternoVault'> & { readonly kind: 'vaultSigner'; readonly signer: Address; readonly eta: bigint })
  | (At<'EternoVault'> & {
      readonly kind: 'vaultCapIncrease';
      readonly token: Address;
      readonly tokenName: string | null;
      readonly eta: bigint;
    })
  | (At<'LockLedger'> & {
      readonly kind: 'ledgerWriter';
      readonly writer: Address;
      readonly writerName: string | null;
      readonly eta: bigint;
    })
  | (At<'ReferralRegistry'> & { readonly kind: 'placementSigner'; readonly signer: Address; readonly eta: bigint })
  | (At<'EternoFarm'> & {
      readonly kind: 'farmAllocation';
      readonly pid: bigint;
      readonly allocPoint: bigint;
      readonly eta: bigint;
    });

export type PendingChangeKind = PendingChange['kind'];

export type PendingChanges = {
  /** The block every figure was read at, and its time (unix seconds). */
  readonly blockNumber: bigint;
  readonly timestamp: bigint;
  /** Every pending change: owner transfers (in OWNABLE_CONTRACTS order), the vault signer, its cap increases, the
   *  placement signer, the ledger's writer proposals, the farm's allocations (by pool id). */
  readonly changes: readonly PendingChange[];
};

/** The deployed contracts `readPendingChanges` reads (a deployments file's `contracts` fits). */
export type PendingChangesContracts = Pick<DeployedContracts, 'Multicall3' | OwnableContract>;

/**
 * A stable identity of a change: the same proposal keeps it from block to block, a new proposal
 * (another subject, another eta) gets a new one. The banner remembers the ids a user dismissed.
 */
export function pendingChangeId(change: PendingChange): string {
  const subject = (() => {
    switch (change.kind) {
      case 'ownerTransfer':
        return change.newOwner;
      case 'vaultSigner':
      case 'placementSigner':
        return change.signer;
      case 'vaultCapIncrease':
        return change.token;
      case 'ledgerWriter':
        return change.writer;
      case 'farmAllocation':
        return `${change.pid}=${change.allocPoint}`;
    }
  })();
  return `${change.kind}:${change.address.toLowerCase()}:${subject.toLowerCase()}:${change.eta ?? 'any'}`;
}

/** The deployments' name of `address`, if it names one (a contract, or a token a change concerns). */
export function deployedName(contracts: Readonly<Record<string, Address>>, address: Address): string | null {
  const found = Object.entries(contracts).find(([, a]) => isAddressEqual(a, address));
  return found ? found[0] : null;
}

/**
 * EternoFarm `pendingAllocations()` as one list of proposals; three arrays of different lengths do
 * not decode (a `MulticallCallError` BAD_DATA), never a guessed value.
 */
function farmAllocationsRead(farm: Address): MulticallRead<{ pid: bigint; allocPoint: bigint; eta: bigint }[]> {
  const read = viewRead('EternoFarm.pendingAllocations', farm, eternoFarmAbi, 'pendingAllocations', []);
  return {
    ...read,
    decode: (data) => {
      const [pids, allocPoints, etas] = read.decode(data);
      if (allocPoints.length !== pids.length || etas.length !== pids.length)
        throw new Error('EternoFarm.pendingAllocations: arrays of different lengths');
      return pids.map((pid, i) => ({ pid, allocPoint: allocPoints[i] as bigint, eta: etas[i] as bigint }));
    },
  };
}

/**
 * LockLedger `pendingWriters()` as one list of proposals (writer, eta); arrays of different lengths do
 * not decode (a `MulticallCallError` BAD_DATA), never a guessed value.
 */
function ledgerWritersRead(ledger: Address): MulticallRead<{ writer: Address; eta: bigint }[]> {
  const read = viewRead('LockLedger.pendingWriters', ledger, lockLedgerAbi, 'pendingWriters', []);
  return {
    ...read,
    decode: (data) => {
      const [writers, kinds, etas] = read.decode(data);
      if (kinds.length !== writers.length || etas.length !== writers.length)
        throw new Error('LockLedger.pendingWriters: arrays of different lengths');
      return writers.map((writer, i) => ({ writer, eta: etas[i] as bigint }));
    },
  };
}

/**
 * EternoVault `pendingCapIncreases()` as one list of proposals (token, eta); arrays of different
 * lengths do not decode (a `MulticallCallError` BAD_DATA), never a guessed value.
 */
function vaultCapIncreasesRead(vault: Address): MulticallRead<{ token: Address; eta: bigint }[]> {
  const read = viewRead('EternoVault.pendingCapIncreases', vault, eternoVaultAbi, 'pendingCapIncreases', []);
  return {
    ...read,
    decode: (data) => {
      const [tokens, etas] = read.decode(data);
      if (etas.length !== tokens.length)
        throw new Error('EternoVault.pendingCapIncreases: arrays of different lengths');
      return tokens.map((token, i) => ({ token, eta: etas[i] as bigint }));
    },
  };
}

function placementSignerReads(registry: Address) {
  return {
    signer: viewRead(
      'ReferralRegistry.pendingPlacementSigner',
      registry,
      referralRegistryAbi,
      'pendingPlacementSigner',
      [],
    ),
    eta: viewRead(
      'ReferralRegistry.pendingPlacementSignerEta',
      registry,
      referralRegistryAbi,
      'pendingPlacementSignerEta',
      [],
    ),
  } as const;
}

function ownerReads(contracts: PendingChangesContracts) {
  const reads: Record<string, MulticallRead<Address>> = {};
  for (const name of OWNABLE_CONTRACTS) reads[name] = PENDING_OWNER_READS[name](contracts[name]);
  return reads;
}

/**
 * Every pending signer, writer, owner and allocation change of the deployed contracts, in ONE
 * `eth_call` to Multicall3 (so the banner follows the chain block by block at the cost of one
 * request): `pendingOwner()` of every `Ownable2Step` contract of the deployments, EternoVault
 * `pendingSigner()` / `pendingSignerEta()` and `pendingCapIncreases()`, ReferralRegistry `pendingPlacementSigner()` /
 * `pendingPlacementSignerEta()`, LockLedger `pendingWriters()`, EternoFarm `pendingAllocations()`, the
 * block number and time.
 * Throws `MulticallCallError` when a sub-call fails: a failed read is never "nothing pending".
 */
export async function readPendingChanges(
  client: CallClient,
  args: { contracts: PendingChangesContracts },
): Promise<PendingChanges> {
  const { contracts: c } = args;
  const vault = c.EternoVault;
  const farm = c.EternoFarm;
  const registry = c.ReferralRegistry;
  const reads = {
    blockNumber: blockNumberRead(c.Multicall3),
    timestamp: blockTimestampRead(c.Multicall3),
    owners: ownerReads(c),
    vaultSigner: {
      signer: viewRead('EternoVault.pendingSigner', vault, eternoVaultAbi, 'pendingSigner', []),
      eta: viewRead('EternoVault.pendingSignerEta', vault, eternoVaultAbi, 'pendingSignerEta', []),
    },
    vaultCapIncreases: vaultCapIncreasesRead(vault),
    farmAllocations: farmAllocationsRead(farm),
    ledgerWriters: ledgerWritersRead(c.LockLedger),
  };
  // One eth_call either way; a deployment from before the registry has no placement signer to read.
  const answers =
    registry === undefined
      ? { ...(await aggregateStrict(client, c.Multicall3, reads)), placementSigner: undefined }
      : await aggregateStrict(client, c.Multicall3, { ...reads, placementSigner: placementSignerReads(registry) });
  const named = c as Readonly<Record<string, Address>>;
  const changes: PendingChange[] = [];

  for (const name of OWNABLE_CONTRACTS) {
    const address = c[name];
    const newOwner = answers.owners[name];
    if (address === undefined || newOwner === undefined || isAddressEqual(newOwner, zeroAddress)) continue;
    changes.push({
      kind: 'ownerTransfer',
      contract: name,
      address,
      newOwner,
      newOwnerName: deployedName(named, newOwner),
      eta: null,
    });
  }
  if (!isAddressEqual(answers.vaultSigner.signer, zeroAddress)) {
    changes.push({
      kind: 'vaultSigner',
      contract: 'EternoVault',
      address: vault,
      signer: answers.vaultSigner.signer,
      eta: answers.vaultSigner.eta,
    });
  }
  for (const { token, eta } of answers.vaultCapIncreases) {
    changes.push({
      kind: 'vaultCapIncrease',
      contract: 'EternoVault',
      address: vault,
      token,
      tokenName: deployedName(named, token),
      eta,
    });
  }
  const placement = answers.placementSigner;
  if (registry !== undefined && placement !== undefined && !isAddressEqual(placement.signer, zeroAddress)) {
    changes.push({
      kind: 'placementSigner',
      contract: 'ReferralRegistry',
      address: registry,
      signer: placement.signer,
      eta: placement.eta,
    });
  }
  for (const { writer, eta } of answers.ledgerWriters) {
    changes.push({
      kind: 'ledgerWriter',
      contract: 'LockLedger',
      address: c.LockLedger,
      writer,
      writerName: deployedName(named, writer),
      eta,
    });
  }
  for (const { pid, allocPoint, eta } of answers.farmAllocations) {
    changes.push({ kind: 'farmAllocation', contract: 'EternoFarm', address: farm, pid, allocPoint, eta });
  }

  return { blockNumber: answers.blockNumber, timestamp: answers.timestamp, changes };
}
