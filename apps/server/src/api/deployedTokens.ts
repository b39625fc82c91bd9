/**
 * Token symbols from the deployments file (`ETERNO_DEPLOYMENTS`), which both the indexer and the
 * PostgreSQL API process are started with.
 */
import { readFileSync } from 'node:fs';
import { TOKEN_SYMBOLS } from '@eterno/protocol/domain';
import { parseDeployments } from '@eterno/protocol/deployments';
import type { Address } from 'viem';
import { requireEnv } from './env.ts';

/** The symbol of the deployed token at `token` (any case), or undefined. */
export function symbolOfIn(
  contracts: Readonly<Record<string, Address | undefined>>,
): (token: Address) => string | undefined {
  return (token) => TOKEN_SYMBOLS.find((symbol) => contracts[symbol]?.toLowerCase() === token.toLowerCase());
}

export function deployedSymbolOf(env: NodeJS.ProcessEnv): (token: Address) => string | undefined {
  const file = requireEnv(env, 'ETERNO_DEPLOYMENTS');
  return symbolOfIn(parseDeployments(JSON.parse(readFileSync(file, 'utf8'))).contracts);
}
