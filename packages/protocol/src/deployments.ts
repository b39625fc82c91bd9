import type { Address } from 'viem';
import { toChecksumAddress } from './address.ts';
import { EternoError } from './errors.ts';

/** Contracts every deployment has (docs/architecture.md, "Deployments file"). */
export const CONTRACT_KEYS = [
  'UNITS',
  'USDT',
  'ETRO',
  'EUSD',
  'PUSD',
  'WFON',
  'UniswapV2Factory',
  'UniswapV2Router02',
  'EULP',
  'Multicall3',
  'ELP',
  'WFON_USDT',
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
export type ContractKey = (typeof CONTRACT_KEYS)[number];

/**
 * The contract map: every key required, no other (a misspelt contract name fails to compile, and a
 * misspelt key in the file fails to parse). A newly deployed contract joins `CONTRACT_KEYS`.
 */
export type DeployedContracts = { readonly [K in ContractKey]: Address };

export type DeployedAccount = { label: string; address: Address };

export type Deployments = {
  chainId: number;
  /** "local" for a chain started by our scripts; any other name for a real network. */
  network: 'local' | (string & {});
  /** The block the indexer starts from. */
  startBlock: number;
  /**
   * How many blocks a block needs on top of it before the server treats what it holds as final (a
   * withdrawal is judged only on final indexed state: security review M-2). 0 on the local chain; required
   * on any other network.
   */
  confirmations: number;
  contracts: DeployedContracts;
  /** Seeded test accounts; only on a "local" network, never a private key. */
  accounts?: DeployedAccount[];
};

/** The most confirmations a deployments file may ask for. */
export const MAX_CONFIRMATIONS = 10_000;

export class InvalidDeploymentsError extends EternoError<'INVALID_DEPLOYMENTS'> {
  /** Path of the offending field, e.g. "contracts.USDT" or "accounts[0].address". */
  readonly field: string;

  constructor(field: string, problem: string) {
    super('INVALID_DEPLOYMENTS', `Invalid deployments: ${field} ${problem}`);
    this.field = field;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How an address of the file is checked and checksummed: `toChecksumAddress`, or a memo of it. */
export type ChecksumAddress = (value: string) => Address | null;

function readAddress(value: unknown, field: string, checksum: ChecksumAddress): Address {
  const address = typeof value === 'string' ? checksum(value) : null;
  if (address === null) throw new InvalidDeploymentsError(field, 'is not a valid address');
  return address;
}

function readInteger(value: unknown, field: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new InvalidDeploymentsError(field, `must be an integer >= ${min}`);
  }
  return value;
}

function readText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidDeploymentsError(field, 'must be a non-empty string');
  }
  return value;
}

/**
 * Validates a parsed deployments file; addresses come back checksummed (`checksum`: toChecksumAddress
 * unless the caller remembers its answers, e.g. the web app across a reload).
 */
export function parseDeployments(json: unknown, checksum: ChecksumAddress = toChecksumAddress): Deployments {
  if (!isRecord(json)) throw new InvalidDeploymentsError('(root)', 'must be an object');
  const chainId = readInteger(json.chainId, 'chainId', 1);
  const network = readText(json.network, 'network');
  const startBlock = readInteger(json.startBlock, 'startBlock', 0);
  if (json.confirmations === undefined && network !== 'local') {
    throw new InvalidDeploymentsError('confirmations', 'is required on a network other than "local"');
  }
  const confirmations = json.confirmations === undefined ? 0 : readInteger(json.confirmations, 'confirmations', 0);
  if (confirmations > MAX_CONFIRMATIONS) {
    throw new InvalidDeploymentsError('confirmations', `must be at most ${MAX_CONFIRMATIONS}`);
  }

  if (!isRecord(json.contracts)) throw new InvalidDeploymentsError('contracts', 'must be an object');
  const known: ReadonlySet<string> = new Set(CONTRACT_KEYS);
  for (const key of Object.keys(json.contracts)) {
    if (!known.has(key)) throw new InvalidDeploymentsError(`contracts.${key}`, 'is not a known contract name');
  }
  const contracts: Partial<Record<ContractKey, Address>> = {};
  for (const key of CONTRACT_KEYS) {
    if (!Object.hasOwn(json.contracts, key)) throw new InvalidDeploymentsError(`contracts.${key}`, 'is missing');
    contracts[key] = readAddress(json.contracts[key], `contracts.${key}`, checksum);
  }

  const deployments: Deployments = {
    chainId,
    network,
    startBlock,
    confirmations,
    contracts: contracts as DeployedContracts,
  };

  if (json.accounts !== undefined) {
    if (network !== 'local') {
      throw new InvalidDeploymentsError('accounts', 'is only allowed on the "local" network');
    }
    if (!Array.isArray(json.accounts)) throw new InvalidDeploymentsError('accounts', 'must be an array');
    deployments.accounts = json.accounts.map((entry: unknown, index) => {
      const field = `accounts[${index}]`;
      if (!isRecord(entry)) throw new InvalidDeploymentsError(field, 'must be an object');
      return {
        label: readText(entry.label, `${field}.label`),
        address: readAddress(entry.address, `${field}.address`, checksum),
      };
    });
  }
  return deployments;
}

// Kept in ./network.ts (no address code): the web app's login page checks them before sign-in.
export { isLocalNetwork, isLoopbackUrl } from './network.ts';
