import { AmountError, parseAmount } from '@eterno/protocol/amount';
import { parseDeployments, type Deployments } from '@eterno/protocol/deployments';
import type { DeclaredTreasury } from '@eterno/protocol/market';

/** The runtime config the built app fetches from `/config.json` (docs/architecture.md). */
export type AppConfig = {
  chainId: number;
  rpcUrl: string;
  apiUrl: string;
  deployments: Deployments;
  demoWallet: boolean;
  /**
   * Amounts the operator declares for Home › ETERNO's value figures (the spec's fixed "+6,000,000"
   * USDT and "× 104,200" ETRO): each shown as its own labelled line, never added silently. In
   * config.json `"treasury": { "offChainUsdt": "6000000", "offChainEtro": "104200" }` (decimal
   * strings, whole tokens); absent means 0 (docs/decisions/home-prices.md).
   */
  treasury?: DeclaredTreasury;
  /**
   * A block explorer's base URL (e.g. "https://explorer.example"): bills link a transaction to
   * `{explorerUrl}/tx/{hash}`. Absent (a local chain has none): the short hash with a copy button
   * (docs/decisions/bill-screens.md).
   */
  explorerUrl?: string;
};

export class ConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConfigError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function httpUrl(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ConfigError(`config.json: "${field}" must be a URL string`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`config.json: "${field}" is not a valid URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`config.json: "${field}" must be an http(s) URL: ${value}`);
  }
  return value;
}

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

/** Validates the JSON of `/config.json`; throws ConfigError naming the first bad field. */
export function parseConfig(json: unknown): AppConfig {
  if (!isRecord(json)) throw new ConfigError('config.json must be a JSON object');
  const { chainId, rpcUrl, apiUrl, deployments, demoWallet, treasury, explorerUrl } = json;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new ConfigError('config.json: "chainId" must be a positive integer');
  }
  let parsed: Deployments;
  try {
    parsed = parseDeployments(deployments);
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

let loaded: AppConfig | undefined;
let loading: Promise<AppConfig> | undefined;

/** Fetches and validates `/config.json` once; later calls share the same promise. */
export function loadConfig(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<AppConfig> {
  loading ??= (async () => {
    let response: Response;
    try {
      // The default cache mode, so the `<link rel="preload">` of index.html is used; the server sends
      // the config as `no-store`, so the browser keeps no copy between loads.
      response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new ConfigError('could not fetch /config.json', { cause: error });
    }
    if (!response.ok) throw new ConfigError(`/config.json answered HTTP ${response.status}`);
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new ConfigError('/config.json is not valid JSON', { cause: error });
    }
    loaded = parseConfig(json);
    return loaded;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The loaded config; only valid after `loadConfig()` resolved (main.tsx awaits it before rendering). */
export function getConfig(): AppConfig {
  if (!loaded) throw new ConfigError('getConfig() called before loadConfig() resolved');
  return loaded;
}

/** Installs a config directly: for tests, and nothing else. */
export function setConfigForTesting(config: AppConfig | undefined): void {
  loaded = config;
  loading = config ? Promise.resolve(config) : undefined;
}
