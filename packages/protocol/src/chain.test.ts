import { describe, expect, it } from 'vitest';
import {
  ETERNO_CHAIN_ID,
  ETERNO_CHAIN_ID_HEX,
  GAS_LIMIT,
  GAS_PRICE,
  MULTICALL3_ADDRESS,
  WITHDRAW_GAS_LIMIT,
  addChainParams,
  chainIdHex,
  defineEternoChain,
} from './chain.ts';

describe('ETERNO chain', () => {
  it('has id 201022', () => {
    expect(ETERNO_CHAIN_ID).toBe(201022);
  });

  it('defines the chain with FON, the RPC URL and Multicall3', () => {
    const chain = defineEternoChain('http://127.0.0.1:9999');
    expect(chain.id).toBe(201022);
    expect(chain.name).toBe('ETERNO');
    expect(chain.nativeCurrency).toEqual({ name: 'FON', symbol: 'FON', decimals: 18 });
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:9999']);
    expect(chain.contracts?.multicall3).toEqual({
      address: '0xcA11bde05977b3631167028862bE2a173976CA11',
      blockCreated: 0,
    });
    expect(MULTICALL3_ADDRESS).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
  });

  it('writes chain ids as wallet hex', () => {
    expect(ETERNO_CHAIN_ID_HEX).toBe('0x3113e');
    expect(Number(ETERNO_CHAIN_ID_HEX)).toBe(ETERNO_CHAIN_ID);
    expect(chainIdHex()).toBe('0x3113e');
    expect(chainIdHex(1)).toBe('0x1');
    expect(Number(chainIdHex())).toBe(201022);
  });

  it('builds EIP-3085 parameters', () => {
    expect(addChainParams('https://rpc.example')).toEqual({
      chainId: '0x3113e',
      chainName: 'ETERNO',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: ['https://rpc.example'],
    });
  });

  it('keeps the spec gas settings', () => {
    expect(GAS_LIMIT).toBe(1_000_000n);
    expect(WITHDRAW_GAS_LIMIT).toBe(300_000n);
    expect(GAS_PRICE).toBe(200n * 10n ** 9n);
  });
});
