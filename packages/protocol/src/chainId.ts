/**
 * The ETERNO chain's id, apart from ./chain.ts (which re-exports it) so that code needing only the
 * number — the web app's login page — does not load viem's chain helpers.
 */
import type { Hex } from 'viem';

export const ETERNO_CHAIN_ID = 201022;

/** `ETERNO_CHAIN_ID` as the hex string wallets use (`eth_chainId`, `wallet_switchEthereumChain`). */
export const ETERNO_CHAIN_ID_HEX = '0x3113e' as const satisfies Hex;
