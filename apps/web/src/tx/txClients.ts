import { createWalletClient, custom, type EIP1193Provider, type PublicClient } from 'viem';
import { defineEternoChain, GAS_LIMIT, GAS_PRICE } from '@eterno/protocol/chain';
import type { TxClients } from '@eterno/protocol/tx/execute';
import type { Address } from '../wallet/types.ts';

/** Receipts are looked for every second (blocks come every 2 s locally, 3 s on chain). */
export const RECEIPT_POLLING_MS = 1_000;

/**
 * The clients a write runs with: reads and simulations over the app's RPC, sending through the
 * wallet the session signed in with, with the chain's gas settings (spec §9: 1,000,000 gas at a
 * legacy 200 gwei, on every network including the local one — docs/decisions/transactions.md).
 */
export function createTxClients(args: {
  provider: EIP1193Provider;
  account: Address;
  publicClient: PublicClient;
  rpcUrl: string;
}): TxClients {
  const chain = defineEternoChain(args.rpcUrl);
  return {
    publicClient: args.publicClient,
    walletClient: createWalletClient({ chain, transport: custom(args.provider) }),
    account: args.account,
    chain,
    gas: { gas: GAS_LIMIT, gasPrice: GAS_PRICE },
    receiptPollingInterval: RECEIPT_POLLING_MS,
  };
}
