import { describe, expect, it } from 'vitest';
import { createPublicClient, http, type EIP1193Provider } from 'viem';
import { defineEternoChain, GAS_LIMIT, GAS_PRICE, WITHDRAW_GAS_LIMIT } from '@eterno/protocol/chain';
import { createTxClients } from './txClients.ts';

const RPC = 'http://127.0.0.1:8545';
const provider: EIP1193Provider = {
  request: async () => {
    throw new Error('nothing is sent');
  },
  on: () => undefined,
  removeListener: () => undefined,
};
/** Nothing is sent: the clients are only built. */
const args = {
  provider,
  account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  publicClient: createPublicClient({ chain: defineEternoChain(RPC), transport: http(RPC) }),
  rpcUrl: RPC,
} as const;

describe('createTxClients', () => {
  it("sends with the chain's gas settings (spec §9)", () => {
    expect(createTxClients(args).gas).toEqual({ gas: GAS_LIMIT, gasPrice: GAS_PRICE });
  });

  it('takes a gas limit of its own (a vault withdraw: 300,000)', () => {
    expect(createTxClients({ ...args, gasLimit: WITHDRAW_GAS_LIMIT }).gas).toEqual({
      gas: 300_000n,
      gasPrice: GAS_PRICE,
    });
  });
});
