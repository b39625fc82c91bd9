/**
 * All of `/config.json` validated (./config.ts `loadConfig` imports this module as its own chunk:
 * the deployments' address checks and the amounts are not needed before sign-in).
 */
import { AmountError, parseAmount } from '@eterno/protocol/amount';
import { parseDeployments, type ChecksumAddress, type Deployments } from '@eterno/protocol/deployments';
import type { DeclaredTreasury } from '@eterno/protocol/market';
import { ConfigError, httpUrl, isRecord, type AppConfig } from './config.ts';

export { checkedAddresses } from './checkedAddresses.ts';

const TREASURY_FIELDS = ['offChainUsdt', 'offChainEtro'] as const;

function declaredTreasury(value: unknown): DeclaredTreasury | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new ConfigError('config.json: "treasury" must be an object');
  const unknown = Object.keys(value).find((key) => !(TREASURY_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined)
    throw new ConfigError(`config.json: "treasury.${unknown}" is not a known field (${TREASURY_FIELDS.join(', ')})`);
  const amount = (field: (typeof TREASURY_FIELDS)[number]): bigint => {
    const text = value[field];
    if (text === undefined) return 0n;
    if (typeof text !== 'string')
      throw new ConfigError(`config.json: "treasury.${field}" must be a decimal string, e.g. "6000000"`);
    try {
      return parseAmount(text, 18);
    } catch (error) {
      const reason = error instanceof AmountError ? error.code : String(error);
      throw new ConfigError(`config.json: "treasury.${field}" is not a valid amount (${reason}): ${text}`, {
        cause: error,
      });
    }
  };
  return { offChainUsdt: amount('offChainUsdt'), offChainEtro: amount('offChainEtro') };
}

/**
 * Validates the JSON of `/config.json`; throws ConfigError naming the first bad field. `checksum`
 * checks and checksums the deployments' addresses (toChecksumAddress by default).
 */
export function parseConfig(json: unknown, checksum?: ChecksumAddress): AppConfig {
  if (!isRecord(json)) throw new ConfigError('config.json must be a JSON object');
  const { chainId, rpcUrl, apiUrl, deployments, demoWallet, treasury, explorerUrl } = json;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new ConfigError('config.json: "chainId" must be a positive integer');
  }
  let parsed: Deployments;
  try {
    parsed = parseDeployments(deployments, checksum);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`config.json: "deployments" is invalid: ${reason}`, { cause: error });
  }
  if (parsed.chainId !== chainId) {
    throw new ConfigError(`config.json: "chainId" ${chainId} differs from the deployments' chain ${parsed.chainId}`);
  }
  const declared = declaredTreasury(treasury);
  return {
    chainId,
    rpcUrl: httpUrl(rpcUrl, 'rpcUrl'),
    apiUrl: httpUrl(apiUrl, 'apiUrl'),
    deployments: parsed,
    demoWallet: demoWallet === true,
    ...(declared ? { treasury: declared } : {}),
    ...(explorerUrl !== undefined ? { explorerUrl: httpUrl(explorerUrl, 'explorerUrl').replace(/\/+$/, '') } : {}),
  };
}
