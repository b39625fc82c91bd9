import type { Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';

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

/** The contract's limits on a node's texts, in UTF-8 bytes (`MAX_NAME_BYTES`, `MAX_DESCRIPTION_BYTES`). */
export const NODE_NAME_MAX_BYTES = 32;
export const NODE_DESCRIPTION_MAX_BYTES = 280;
