import { defineChain, numberToHex, type Chain, type Hex } from 'viem';
import { ETERNO_CHAIN_ID, ETERNO_CHAIN_ID_HEX } from './chainId.ts';

/**
 * Anvil's default mnemonic. Its keys are public: only ever used on a local chain (seeding, the
 * local demo wallet, tests).
 */
export const LOCAL_TEST_MNEMONIC = 'test test test test test test test test test test test junk';

export { ETERNO_CHAIN_ID, ETERNO_CHAIN_ID_HEX } from './chainId.ts';

export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

export const NATIVE_CURRENCY = { name: 'FON', symbol: 'FON', decimals: 18 } as const;

/**
 * Gas settings of writes on chain 201022 (spec §7, §9): gas limit 1,000,000 (300,000 for
 * `withdraw`) and a legacy gas price of 200 gwei. They are the chain config for 201022 only; a
 * local chain (anvil) may use its own values (estimates and its base fee).
 */
export const GAS_LIMIT = 1_000_000n;
export const WITHDRAW_GAS_LIMIT = 300_000n;
export const GAS_PRICE = 200_000_000_000n;

/** The ETERNO chain (201022, native coin FON) reached through `rpcUrl`. */
export function defineEternoChain(rpcUrl: string): Chain {
  return defineChain({
    id: ETERNO_CHAIN_ID,
    name: 'ETERNO',
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } },
  });
}

/** A chain id as the hex string wallets expect (`wallet_switchEthereumChain`, `eth_chainId`). */
export function chainIdHex(chainId: number = ETERNO_CHAIN_ID): Hex {
  return chainId === ETERNO_CHAIN_ID ? ETERNO_CHAIN_ID_HEX : numberToHex(chainId);
}

/** Parameters of `wallet_addEthereumChain` (EIP-3085). */
export type AddEthereumChainParameter = {
  chainId: Hex;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
  iconUrls?: string[];
};

export function addChainParams(rpcUrl: string): AddEthereumChainParameter {
  return {
    chainId: ETERNO_CHAIN_ID_HEX,
    chainName: 'ETERNO',
    nativeCurrency: { ...NATIVE_CURRENCY },
    rpcUrls: [rpcUrl],
  };
}
