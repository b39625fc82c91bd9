import type { Deployments } from '@eterno/protocol/deployments';
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function httpUrl(value: unknown, field: string): string {
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

/** What the login page needs before sign-in: checked by `loadBootConfig`, without the address checks. */
export type BootConfig = Pick<AppConfig, 'chainId' | 'rpcUrl' | 'apiUrl' | 'demoWallet'> & {
  deployments: Pick<Deployments, 'network'>;
};

/**
 * Validates the fields of `/config.json` the login page reads (the rest, the deployments' addresses
 * with their checksums and the treasury, is `parseConfig`'s in ./configParse.ts, loaded with the
 * signed-in app or the sign-in flow); throws ConfigError naming the first bad field.
 */
export function parseBootConfig(json: unknown): BootConfig {
  if (!isRecord(json)) throw new ConfigError('config.json must be a JSON object');
  const { chainId, rpcUrl, apiUrl, deployments, demoWallet } = json;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new ConfigError('config.json: "chainId" must be a positive integer');
  }
  if (!isRecord(deployments) || typeof deployments.network !== 'string' || deployments.network.trim() === '') {
    throw new ConfigError('config.json: "deployments" is invalid: it must be an object with a "network" name');
  }
  return {
    chainId,
    rpcUrl: httpUrl(rpcUrl, 'rpcUrl'),
    apiUrl: httpUrl(apiUrl, 'apiUrl'),
    deployments: { network: deployments.network },
    demoWallet: demoWallet === true,
  };
}

let json: unknown;
let boot: BootConfig | undefined;
let bootLoading: Promise<BootConfig> | undefined;
let loaded: AppConfig | undefined;
let loading: Promise<AppConfig> | undefined;

/**
 * Fetches `/config.json` once and validates what the login page needs (`parseBootConfig`); later
 * calls share the same promise.
 */
export function loadBootConfig(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<BootConfig> {
  bootLoading ??= (async () => {
    let response: Response;
    try {
      // The default cache mode, so the `<link rel="preload">` of index.html is used; the server sends
      // the config as `no-store`, so the browser keeps no copy between loads.
      response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new ConfigError('could not fetch /config.json', { cause: error });
    }
    if (!response.ok) throw new ConfigError(`/config.json answered HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ConfigError('/config.json is not valid JSON', { cause: error });
    }
    boot = parseBootConfig(body);
    json = body;
    return boot;
  })();
  bootLoading.catch(() => {
    bootLoading = undefined;
  });
  return bootLoading;
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Fetches (once, with `loadBootConfig`) and validates all of `/config.json` (`parseConfig`, fetched
 * as its own chunk: the address checks are not needed before sign-in); later calls share the same
 * promise.
 */
export function loadConfig(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<AppConfig> {
  loading ??= (async () => {
    await loadBootConfig(fetchImpl);
    const { parseConfig, checkedAddresses } = await import('./configParse.ts');
    const addresses = checkedAddresses(sessionStore());
    loaded = parseConfig(json, addresses.checksum);
    addresses.save();
    return loaded;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The config's fields the login page needs; only valid after `loadBootConfig()` (or `loadConfig()`) resolved. */
export function getBootConfig(): BootConfig {
  if (!boot) throw new ConfigError('getBootConfig() called before loadBootConfig() resolved');
  return boot;
}

/**
 * The loaded config; only valid after `loadConfig()` resolved (main.tsx awaits it before rendering
 * with a session; without one, the guarded routes' loader and the sign-in flow await it).
 */
export function getConfig(): AppConfig {
  if (!loaded) throw new ConfigError('getConfig() called before loadConfig() resolved');
  return loaded;
}

/** Installs a config directly: for tests, and nothing else. */
export function setConfigForTesting(config: AppConfig | undefined): void {
  loaded = config;
  loading = config ? Promise.resolve(config) : undefined;
  boot = config;
  bootLoading = config ? Promise.resolve(config) : undefined;
  json = undefined;
}
