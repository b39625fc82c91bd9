import { describe, expect, it } from 'vitest';
import { EnvError, readServerEnv } from './env.ts';

describe('readServerEnv', () => {
  it('reads the SIWE domains and defaults CORS to their http origins and the data dir to .data', () => {
    const env = readServerEnv({ ETERNO_SIWE_DOMAINS: '127.0.0.1:5173, LocalHost:5173' });
    expect(env).toEqual({
      siweDomains: ['127.0.0.1:5173', 'localhost:5173'],
      corsOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
      trustedProxies: [],
      apiProcesses: 1,
      databaseUrl: undefined,
      dataDir: '.data',
    });
  });

  it('takes explicit CORS origins, the database URL and the data dir', () => {
    const env = readServerEnv({
      ETERNO_SIWE_DOMAINS: 'app.example.com',
      ETERNO_CORS_ORIGINS: 'https://app.example.com,https://www.example.com',
      DATABASE_URL: 'postgresql://u@h/db',
      ETERNO_DATA_DIR: '/var/eterno',
      ETERNO_TRUSTED_PROXIES: '10.0.0.2, 10.0.0.3',
    });
    expect(env.trustedProxies).toEqual(['10.0.0.2', '10.0.0.3']);
    expect(env.corsOrigins).toEqual(['https://app.example.com', 'https://www.example.com']);
    expect(env.databaseUrl).toBe('postgresql://u@h/db');
    expect(env.dataDir).toBe('/var/eterno');
  });

  it('refuses a missing domain list and a domain that is not host[:port]', () => {
    expect(() => readServerEnv({})).toThrow(EnvError);
    expect(() => readServerEnv({ ETERNO_SIWE_DOMAINS: 'http://app.example.com' })).toThrow(EnvError);
  });

  it('reads ETERNO_API_PROCESSES from 1 to 64 and names a bad value', () => {
    expect(readServerEnv({ ETERNO_SIWE_DOMAINS: 'a.example', ETERNO_API_PROCESSES: '3' }).apiProcesses).toBe(3);
    for (const bad of ['0', '65', '1.5', '-1', 'two'])
      expect(() => readServerEnv({ ETERNO_SIWE_DOMAINS: 'a.example', ETERNO_API_PROCESSES: bad })).toThrow(
        'ETERNO_API_PROCESSES',
      );
  });
});
