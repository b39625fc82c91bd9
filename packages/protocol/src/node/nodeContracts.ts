import { parseAbi, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';
import { eternoNodesAbi } from '../generated/abis.ts';

/** The deployments name no nodes contract (a deployment from before issue 11). */
export class NodesNotDeployedError extends EternoError<'NOT_FOUND'> {
  constructor() {
    super('NOT_FOUND', 'the deployments name no EternoNodes contract');
  }
}

/** The nodes contract of the deployments; throws NodesNotDeployedError without one. */
export function nodesAddress(contracts: DeployedContracts): Address {
  const address = contracts.EternoNodes;
  if (address === undefined) throw new NodesNotDeployedError();
  return address;
}

/**
 * The nodes contract's ABI: the fixed interface (`IEternoNodes`) and the owner parameters' views the
 * screens show (needed ETRO, max share rate, rarity weights).
 */
export const nodesAbi = [
  ...eternoNodesAbi,
  ...parseAbi([
    'function neededEtro() view returns (uint256)',
    'function maxShareBps() view returns (uint256)',
    'function rarityWeights() view returns (uint16[4])',
  ]),
] as const;

/** The contract's limits on a node's texts, in UTF-8 bytes (IEternoNodes NatSpec). */
export const NODE_NAME_MAX_BYTES = 32;
export const NODE_DESCRIPTION_MAX_BYTES = 280;
