import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, getBootConfig, getConfig, loadBootConfig, loadConfig, setConfigForTesting } from './config.ts';
import { parseConfig } from './configParse.ts';

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const deployments = {
  chainId: 201022,
  network: 'local',
  startBlock: 0,
  contracts: {
    UNITS: address(1),
    USDT: address(2),
    ETRO: address(3),
    EUSD: address(4),
    PUSD: address(5),
    WFON: address(6),
    UniswapV2Factory: address(7),
    UniswapV2Router02: address(8),
    EULP: address(9),
    Multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    ELP: address(11),
    WFON_USDT: address(12),
    LockLedger: address(13),
    EtroSwap: address(14),
    StakingETRO: address(15),
    StakingEULP: address(16),
    EternoFarm: address(17),
    EternoVault: address(18),
    ReferralRegistry: address(19),
    EusdMarket: address(20),
    EternoNft: address(21),
    EternoNodes: address(22),
  },
};
const valid = {
  chainId: 201022,
  rpcUrl: 'http://127.0.0.1:8545',
  apiUrl: 'http://127.0.0.1:42069',
  deployments,
  demoWallet: true,
};

afterEach(() => setConfigForTesting(undefined));

describe('parseConfig', () => {
  it('accepts the documented config', () => {
    const config = parseConfig(valid);
    expect(config).toMatchObject({ chainId: 201022, rpcUrl: valid.rpcUrl, apiUrl: valid.apiUrl, demoWallet: true });
    expect(config.deployments.contracts.Multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
  });

  it('treats anything but true as no demo wallet', () => {
    expect(parseConfig({ ...valid, demoWallet: 'yes' }).demoWallet).toBe(false);
    expect(parseConfig({ ...valid, demoWallet: undefined }).demoWallet).toBe(false);
  });

  it('reads an optional explorer URL (http(s) only, no trailing slash)', () => {
    expect(parseConfig(valid).explorerUrl).toBeUndefined();
    expect(parseConfig({ ...valid, explorerUrl: 'https://explorer.example/' }).explorerUrl).toBe(
      'https://explorer.example',
    );
    expect(() => parseConfig({ ...valid, explorerUrl: 'javascript:alert(1)' })).toThrow(/explorerUrl/);
    expect(() => parseConfig({ ...valid, explorerUrl: 42 })).toThrow(/explorerUrl/);
  });

  it('has no declared treasury unless configured', () => {
    expect(parseConfig(valid).treasury).toBeUndefined();
  });

  it('reads the declared treasury as 18-decimal amounts, a missing field being 0', () => {
    expect(parseConfig({ ...valid, treasury: { offChainUsdt: '6000000', offChainEtro: '104200.5' } }).treasury).toEqual(
      {
        offChainUsdt: 6_000_000n * 10n ** 18n,
        offChainEtro: 1_042_005n * 10n ** 17n,
      },
    );
    expect(parseConfig({ ...valid, treasury: { offChainUsdt: '1' } }).treasury).toEqual({
      offChainUsdt: 10n ** 18n,
      offChainEtro: 0n,
    });
    expect(parseConfig({ ...valid, treasury: {} }).treasury).toEqual({ offChainUsdt: 0n, offChainEtro: 0n });
  });

  it.each([
    ['not an object', null, /JSON object/],
    ['a treasury that is not an object', { ...valid, treasury: '6000000' }, /"treasury" must be an object/],
    [
      'a misspelt treasury field',
      { ...valid, treasury: { offchainUsdt: '6000000' } },
      /treasury\.offchainUsdt" is not a known field/,
    ],
    [
      'a treasury amount given as a number',
      { ...valid, treasury: { offChainUsdt: 6000000 } },
      /treasury\.offChainUsdt" must be a decimal string/,
    ],
    [
      'a negative treasury amount',
      { ...valid, treasury: { offChainEtro: '-1' } },
      /treasury\.offChainEtro" is not a valid amount \(NEGATIVE\)/,
    ],
    [
      'a grouped treasury amount',
      { ...valid, treasury: { offChainUsdt: '6,000,000' } },
      /treasury\.offChainUsdt" is not a valid amount \(NOT_A_NUMBER\)/,
    ],
    [
      'a treasury amount with too many decimals',
      { ...valid, treasury: { offChainUsdt: '0.0000000000000000001' } },
      /TOO_MANY_DECIMALS/,
    ],
    ['no chain id', { ...valid, chainId: undefined }, /chainId/],
    ['bad rpc url', { ...valid, rpcUrl: 'nowhere' }, /rpcUrl/],
    ['non-http api url', { ...valid, apiUrl: 'ftp://x' }, /apiUrl/],
    [
      'bad deployments',
      { ...valid, deployments: { ...deployments, contracts: { ...deployments.contracts, USDT: '0x12' } } },
      /contracts\.USDT/,
    ],
    ['chain mismatch', { ...valid, chainId: 1 }, /differs/],
  ])('refuses %s with a ConfigError naming the field', (_, json, message) => {
    expect(() => parseConfig(json)).toThrow(ConfigError);
    expect(() => parseConfig(json)).toThrow(message);
  });
});

describe('loadConfig / getConfig', () => {
  it('fetches /config.json once and then answers synchronously', async () => {
    const fetchImpl = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(valid), { status: 200 }),
    );
    expect(() => getConfig()).toThrow(ConfigError);
    const [a, b] = await Promise.all([loadConfig(fetchImpl), loadConfig(fetchImpl)]);
    expect(a).toBe(b);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/config.json');
    expect(getConfig()).toBe(a);
  });

  it('rejects with a ConfigError on HTTP errors, bad JSON and network failures, and may be retried', async () => {
    await expect(loadConfig(async () => new Response('nope', { status: 404 }))).rejects.toThrow(/HTTP 404/);
    await expect(loadConfig(async () => new Response('{', { status: 200 }))).rejects.toThrow(/not valid JSON/);
    await expect(
      loadConfig(async () => {
        throw new TypeError('offline');
      }),
    ).rejects.toThrow(ConfigError);
    await expect(loadConfig(async () => new Response(JSON.stringify(valid)))).resolves.toMatchObject({
      chainId: 201022,
    });
  });
});

describe('loadBootConfig / getBootConfig (the login page, before sign-in)', () => {
  const badAddress = {
    ...valid,
    deployments: { ...deployments, contracts: { ...deployments.contracts, USDT: '0x12' } },
  };
  const serve = (json: unknown) =>
    vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(json), { status: 200 }),
    );

  it('checks the fields the login page reads, not the addresses; loadConfig then checks them all from the same fetch', async () => {
    const fetchImpl = serve(badAddress);
    expect(() => getBootConfig()).toThrow(ConfigError);
    const boot = await loadBootConfig(fetchImpl);
    expect(boot).toEqual({
      chainId: 201022,
      rpcUrl: valid.rpcUrl,
      apiUrl: valid.apiUrl,
      deployments: { network: 'local' },
      demoWallet: true,
    });
    expect(getBootConfig()).toBe(boot);
    expect(() => getConfig()).toThrow(ConfigError);
    await expect(loadConfig(fetchImpl)).rejects.toThrow(/contracts\.USDT/);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('gives loadConfig the full config, and getBootConfig its boot fields, after one fetch', async () => {
    const fetchImpl = serve(valid);
    await loadBootConfig(fetchImpl);
    const config = await loadConfig(fetchImpl);
    expect(config.deployments.contracts.USDT).toBe(address(2));
    expect(getConfig()).toBe(config);
    expect(getBootConfig().apiUrl).toBe(valid.apiUrl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no chain id', { ...valid, chainId: 0 }, /chainId/],
    ['bad rpc url', { ...valid, rpcUrl: 'nowhere' }, /rpcUrl/],
    ['no deployments', { ...valid, deployments: undefined }, /"deployments" is invalid/],
    ['deployments without a network', { ...valid, deployments: { ...deployments, network: '' } }, /network/],
  ])('refuses %s with a ConfigError', async (_, json, message) => {
    await expect(loadBootConfig(serve(json))).rejects.toThrow(ConfigError);
    await expect(loadBootConfig(serve(json))).rejects.toThrow(message);
  });
});
