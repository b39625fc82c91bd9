import { readPendingChanges } from '@eterno/protocol/pending/readPendingChanges';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/**
 * The pending signer, writer, owner and allocation changes of the deployed contracts: ONE Multicall3
 * eth_call per new block (`readPendingChanges`), batched with the screen's own read of that block.
 */
export function usePendingChanges() {
  return useBlockRead('pending-changes', [], (client) =>
    readPendingChanges(client, { contracts: getConfig().deployments.contracts }),
  );
}
