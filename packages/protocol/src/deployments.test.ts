import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import {
  CONTRACT_KEYS,
  InvalidDeploymentsError,
  isLocalNetwork,
  isLoopbackUrl,
  parseDeployments,
  type Deployments,
} from './deployments.ts';
import { EternoError } from './errors.ts';

function address(n: number): string {
  return `0x${n.toString(16).padStart(2, '0').repeat(20)}`;
}

function validJson(): Record<string, unknown> {
  const contracts: Record<string, string> = {};
  CONTRACT_KEYS.forEach((key, index) => {
    contracts[key] = address(index + 10);
  });
  contracts.Multicall3 = '0xca11bde05977b3631167028862be2a173976ca11';
  return {
    chainId: 201022,
    network: 'local',
    startBlock: 0,
    contracts,
    accounts: [{ label: 'deployer', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }],
  };
}

function fieldOf(json: unknown): string {
  try {
    parseDeployments(json);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidDeploymentsError);
    expect(error).toBeInstanceOf(EternoError);
    expect((error as InvalidDeploymentsError).code).toBe('INVALID_DEPLOYMENTS');
    return (error as InvalidDeploymentsError).field;
  }
  return 'NO_ERROR';
}

describe('parseDeployments', () => {
  it('accepts a valid file and checksums every address', () => {
    const parsed: Deployments = parseDeployments(validJson());
    expect(parsed.chainId).toBe(201022);
    expect(parsed.network).toBe('local');
    expect(parsed.startBlock).toBe(0);
    expect(parsed.confirmations).toBe(0);
    expect(parsed.contracts.Multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    expect(parsed.contracts.UNITS).toBe(getAddress(address(10)));
    expect(parsed.accounts).toEqual([{ label: 'deployer', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }]);
  });

  it('reads the confirmation depth: 0 by default on the local chain, required elsewhere, a non-negative integer', () => {
    const json = validJson();
    json.confirmations = 3;
    expect(parseDeployments(json).confirmations).toBe(3);
    for (const bad of [-1, 1.5, '2', 10_001]) {
      json.confirmations = bad;
      expect(fieldOf(json)).toBe('confirmations');
    }
    const live: Record<string, unknown> = { ...validJson(), network: 'live' };
    delete live.accounts;
    expect(fieldOf(live)).toBe('confirmations');
    expect(parseDeployments({ ...live, confirmations: 20 }).confirmations).toBe(20);
  });

  it('refuses a contract name it does not know (a misspelt key), whatever its value', () => {
    for (const value of [address(99), 'nope']) {
      const json = validJson();
      (json.contracts as Record<string, string>).EternoFram = value;
      expect(fieldOf(json)).toBe('contracts.EternoFram');
    }
  });

  it('accepts a real network without accounts', () => {
    const json = validJson();
    json.network = 'mainnet';
    json.confirmations = 20;
    delete json.accounts;
    expect(parseDeployments(json).accounts).toBeUndefined();
  });

  it('names the bad field', () => {
    const cases: [(json: Record<string, unknown>) => void, string][] = [
      [(j) => delete j.chainId, 'chainId'],
      [(j) => (j.chainId = '201022'), 'chainId'],
      [(j) => (j.chainId = 0), 'chainId'],
      [(j) => (j.chainId = 1.5), 'chainId'],
      [(j) => (j.network = ''), 'network'],
      [(j) => (j.network = 5), 'network'],
      [(j) => (j.startBlock = -1), 'startBlock'],
      [(j) => (j.startBlock = '0'), 'startBlock'],
      [(j) => (j.contracts = []), 'contracts'],
      [(j) => delete (j.contracts as Record<string, unknown>).EULP, 'contracts.EULP'],
      [(j) => ((j.contracts as Record<string, unknown>).USDT = '0x1234'), 'contracts.USDT'],
      [(j) => ((j.contracts as Record<string, unknown>).ETRO = 12), 'contracts.ETRO'],
      [
        (j) => ((j.contracts as Record<string, unknown>).WFON = '0xCA11bde05977b3631167028862bE2a173976CA11'),
        'contracts.WFON',
      ],
      [(j) => ((j.contracts as Record<string, unknown>)['bad key'] = address(1)), 'contracts.bad key'],
      [(j) => (j.accounts = {}), 'accounts'],
      [(j) => (j.accounts = [null]), 'accounts[0]'],
      [(j) => (j.accounts = [{ label: '', address: address(1) }]), 'accounts[0].label'],
      [(j) => (j.accounts = [{ label: 'a', address: address(1) }, { label: 'b' }]), 'accounts[1].address'],
      [(j) => Object.assign(j, { network: 'mainnet', confirmations: 20 }), 'accounts'],
    ];
    for (const [mutate, field] of cases) {
      const json = validJson();
      mutate(json);
      expect(fieldOf(json), field).toBe(field);
    }
  });

  it.each(CONTRACT_KEYS)('refuses a file without contracts.%s', (key) => {
    const json = validJson();
    delete (json.contracts as Record<string, unknown>)[key];
    expect(fieldOf(json)).toBe(`contracts.${key}`);
  });

  it('refuses a file that is not an object', () => {
    expect(fieldOf(null)).toBe('(root)');
    expect(fieldOf([])).toBe('(root)');
    expect(fieldOf('{}')).toBe('(root)');
  });

  it('refuses a __proto__ contract key from JSON', () => {
    const json = validJson();
    const withProto = JSON.parse(
      JSON.stringify(json).replace('"contracts":{', `"contracts":{"__proto__":"${address(1)}",`),
    );
    expect(fieldOf(withProto)).toBe('contracts.__proto__');
  });

  it('puts the field in the message', () => {
    const json = validJson();
    json.startBlock = -5;
    expect(() => parseDeployments(json)).toThrow('Invalid deployments: startBlock must be an integer >= 0');
  });
});

describe('isLoopbackUrl', () => {
  it('accepts http(s) and ws(s) URLs on 127.0.0.0/8, localhost and [::1]', () => {
    for (const url of ['http://127.0.0.1:8545', 'https://127.255.0.9/rpc', 'ws://localhost:1', 'wss://[::1]:8546']) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
  });

  it('refuses other hosts, other schemes and non-URLs', () => {
    for (const url of [
      'http://192.168.1.2:8545',
      'http://127.0.0.1.nip.io',
      'https://rpc.example',
      'ftp://127.0.0.1',
      'file:///127.0.0.1',
      '127.0.0.1:8545',
      '',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});

describe('isLocalNetwork', () => {
  const local = { network: 'local' };

  it('needs network "local" and a loopback RPC URL', () => {
    for (const url of [
      'http://127.0.0.1:8545',
      'http://localhost:8545',
      'http://LOCALHOST:1/rpc',
      'https://127.10.20.30',
      'http://[::1]:8545',
      'http://[0:0:0:0:0:0:0:1]:8545',
      'ws://127.0.0.1:8545',
      'http://127.1:8545',
    ]) {
      expect(isLocalNetwork(local, url), url).toBe(true);
    }
  });

  it('refuses other hosts', () => {
    for (const url of [
      'http://10.0.0.1:8545',
      'http://128.0.0.1:8545',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
      'http://example.com/127.0.0.1',
      'http://0.0.0.0:8545',
      'http://[::2]:8545',
      'file:///127.0.0.1',
      'not a url',
      '',
    ]) {
      expect(isLocalNetwork(local, url), url).toBe(false);
    }
  });

  it('refuses a non-local network even on loopback', () => {
    expect(isLocalNetwork({ network: 'mainnet' }, 'http://127.0.0.1:8545')).toBe(false);
  });
});
