/**
 * Builds the vault context at the server's start from its environment: the deployments file
 * (`ETERNO_DEPLOYMENTS`: the vault, its tokens, the EULP pair, the EUSD market, the network name and its
 * confirmation depth), the chain (`PONDER_RPC_URL_201022`), the signer (`ETERNO_SIGNER_KEY`, ./signer.ts)
 * and the settings (./settings.ts). A bad setting stops the start with an EnvError naming it.
 */
import { readFileSync } from 'node:fs';
import { defineEternoChain, ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { parseDeployments } from '@eterno/protocol/deployments';
import { createPublicClient, type Address } from 'viem';
import { EnvError, requireEnv } from '../api/env.ts';
import type { QuoteStore } from '../store/quoteStore.ts';
import type { VoucherStore } from '../store/voucherStore.ts';
import { vaultChain } from './chain.ts';
import { VAULT_TOKEN_SYMBOLS, type VaultContext } from './context.ts';
import { createFinality } from './finality.ts';
import type { LedgerView } from './ledgerView.ts';
import { keepAliveHttp } from './rpcTransport.ts';
import { readVaultSettings } from './settings.ts';
import { createVaultSigner, readSignerAccount } from './signer.ts';
import { readReserve, sharedWindow } from './solvency.ts';

/** How long the vault's chain reads gather into one multicall (./chain.ts). */
export const MULTICALL_WAIT_MS = 2;

export function openVaultContext(
  env: NodeJS.ProcessEnv,
  { ledger, store, quotes }: { ledger: LedgerView; store: VoucherStore; quotes: QuoteStore },
): VaultContext {
  const file = requireEnv(env, 'ETERNO_DEPLOYMENTS');
  const deployments = parseDeployments(JSON.parse(readFileSync(file, 'utf8')));
  if (deployments.chainId !== ETERNO_CHAIN_ID)
    throw new EnvError(`${file}: chainId is ${deployments.chainId}, expected ${ETERNO_CHAIN_ID}`);
  const { contracts } = deployments;
  const vault = contracts.EternoVault;
  if (vault === undefined) throw new EnvError(`${file}: no EternoVault in the deployments`);
  const lower = (a: Address) => a.toLowerCase() as Address;
  const rpcUrl = requireEnv(env, `PONDER_RPC_URL_${ETERNO_CHAIN_ID}`);
  // Reads of requests arriving within a few milliseconds share one Multicall3 eth_call (./chain.ts).
  const client = createPublicClient({ chain: defineEternoChain(rpcUrl), transport: keepAliveHttp(rpcUrl) });
  const account = readSignerAccount(env, deployments.network);
  const chain = vaultChain(client, vault, { batchWaitMs: MULTICALL_WAIT_MS });
  const tokens = VAULT_TOKEN_SYMBOLS.map((symbol) => ({ symbol, address: lower(contracts[symbol]) }));
  const finality = createFinality(deployments.confirmations, chain);
  const reserve = sharedWindow(
    () =>
      readReserve(
        { ledger, chain, quotes, finality },
        tokens.map((t) => t.address),
      ),
    MULTICALL_WAIT_MS,
  );
  return {
    chainId: deployments.chainId,
    vault: lower(vault),
    tokens,
    pair: { address: lower(contracts.EULP), etro: lower(contracts.ETRO), usdt: lower(contracts.USDT) },
    eusdMarket: lower(contracts.EusdMarket),
    signer: createVaultSigner(account, { chainId: deployments.chainId, vault }),
    chain,
    ledger,
    finality,
    store,
    quotes,
    reserve,
    settings: readVaultSettings(env),
    now: () => BigInt(Math.floor(Date.now() / 1000)),
    log: (entry) => console.error(JSON.stringify(entry)),
  };
}
