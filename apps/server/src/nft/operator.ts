/**
 * The NFT operator (docs/decisions/nft.md, review finding L-1): the key of `ETERNO_NFT_OPERATOR_KEY`
 * is the NFT contract's seed committer, and every rarity seed derives from it (protocol
 * nft/seedTree.ts), so a backup of the key restores them all. Built at the server's start from the
 * deployments file and the chain (`PONDER_RPC_URL_201022`); without the key (or without an NFT in the
 * deployments) the server hands out no seed (NFT_SEEDS_UNAVAILABLE) and commits nothing.
 */
import { readFileSync } from 'node:fs';
import { defineEternoChain, ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { parseDeployments } from '@eterno/protocol/deployments';
import { nftSeedSecret, type SeedDomain } from '@eterno/protocol/nft/seedTree';
import { createPublicClient, createWalletClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { EnvError, requireEnv } from '../api/env.ts';
import { isWellKnownTestAccount } from '../vault/signer.ts';

export type NftOperator = {
  readonly domain: SeedDomain;
  /**
   * The deployments' confirmations (0 on the local chain): a seed is handed out only once the owner's
   * purchase is that many blocks deep, so a reorg cannot give a buyer who saw a bad rarity a new draw.
   */
  readonly confirmations: number;
  /** The seed secret (never leaves the server). */
  readonly secret: Hex;
  readonly account: PrivateKeyAccount;
  readonly client: PublicClient;
  /** Sends the operator's commits. */
  readonly wallet: ReturnType<typeof createWalletClient>;
};

/** The operator's account of `ETERNO_NFT_OPERATOR_KEY`, or null when unset; a malformed key is refused. */
export function readNftOperatorKey(env: NodeJS.ProcessEnv, network: string): Hex | null {
  const key = env.ETERNO_NFT_OPERATOR_KEY;
  if (!key) return null;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new EnvError('ETERNO_NFT_OPERATOR_KEY is not a private key: expected 0x followed by 64 hex digits');
  const address = privateKeyToAccount(key as Hex).address;
  if (network !== 'local' && isWellKnownTestAccount(address))
    throw new EnvError(
      `ETERNO_NFT_OPERATOR_KEY is one of anvil's public test keys (${address}); refused on network "${network}"`,
    );
  return key.toLowerCase() as Hex;
}

/** The operator from the environment, or null without a key or an NFT contract. */
export function openNftOperator(env: NodeJS.ProcessEnv): NftOperator | null {
  const file = requireEnv(env, 'ETERNO_DEPLOYMENTS');
  const deployments = parseDeployments(JSON.parse(readFileSync(file, 'utf8')));
  const nft = deployments.contracts.EternoNft as Address | undefined;
  const key = readNftOperatorKey(env, deployments.network);
  if (nft === undefined || key === null) return null;
  const rpcUrl = requireEnv(env, `PONDER_RPC_URL_${ETERNO_CHAIN_ID}`);
  const chain = defineEternoChain(rpcUrl);
  const account = privateKeyToAccount(key);
  return {
    domain: { chainId: deployments.chainId, nft },
    confirmations: deployments.confirmations,
    secret: nftSeedSecret(key),
    account,
    client: createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 250 }),
    wallet: createWalletClient({ account, chain, transport: http(rpcUrl) }),
  };
}
