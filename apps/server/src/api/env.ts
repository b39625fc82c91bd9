/**
 * The server's settings from its environment:
 *   ETERNO_SIWE_DOMAINS   comma list of host[:port] accepted as the SIWE domain (required)
 *   ETERNO_CORS_ORIGINS   comma list of web origins; default: http://<each SIWE domain>. Also the
 *                         origins a SIWE message's URI may have.
 *   ETERNO_TRUSTED_PROXIES comma list of reverse-proxy addresses whose X-Forwarded-For names the
 *                         client (rate limits); default none: the client is the TCP peer
 *   ETERNO_API_PROCESSES  how many API processes serve behind one proxy (default 1): each enforces its
 *                         share of every per-client rate limit (http/rateLimit.ts `processShare`)
 *   DATABASE_URL          PostgreSQL; when absent, PGlite under ETERNO_DATA_DIR
 *   ETERNO_DATA_DIR       data directory (default `.data`)
 *   ETERNO_DEPLOYMENTS    path of the deployments file (required by the indexer config)
 * The vault's settings (the signer key `ETERNO_SIGNER_KEY`, voucher and quote lifetimes, the
 * exchange fee and caps) are read by src/vault/open.ts (signer.ts, settings.ts).
 */
export type ServerEnv = {
  siweDomains: string[];
  corsOrigins: string[];
  trustedProxies: string[];
  /** `ETERNO_API_PROCESSES`: the API processes that share the rate limits (1–64). */
  apiProcesses: number;
  databaseUrl: string | undefined;
  dataDir: string;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** The integer from `min` to `max` in `env[name]`, else `fallback` when unset; an EnvError names a bad value. */
export function envInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < min || Number(text) > max)
    throw new EnvError(`${name}: "${text}" is not an integer from ${min} to ${max}`);
  return Number(text);
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

const HOST_PORT = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/i;

export function dataDirFrom(env: NodeJS.ProcessEnv): string {
  return env.ETERNO_DATA_DIR || '.data';
}

export function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  return env.DATABASE_URL || undefined;
}

export function readServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const siweDomains = list(env.ETERNO_SIWE_DOMAINS).map((d) => d.toLowerCase());
  if (siweDomains.length === 0) throw new EnvError('ETERNO_SIWE_DOMAINS is required (comma-separated host[:port])');
  const bad = siweDomains.find((d) => !HOST_PORT.test(d));
  if (bad !== undefined) throw new EnvError(`ETERNO_SIWE_DOMAINS: "${bad}" is not a host[:port]`);
  const corsOrigins = list(env.ETERNO_CORS_ORIGINS);
  return {
    siweDomains,
    corsOrigins: corsOrigins.length > 0 ? corsOrigins : siweDomains.map((d) => `http://${d}`),
    trustedProxies: list(env.ETERNO_TRUSTED_PROXIES),
    apiProcesses: envInteger(env, 'ETERNO_API_PROCESSES', 1, 1, 64),
    databaseUrl: databaseUrlFrom(env),
    dataDir: dataDirFrom(env),
  };
}

export function requireEnv(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new EnvError(`${name} is required`);
  return value;
}
