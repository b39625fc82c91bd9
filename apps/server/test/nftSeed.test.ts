/**
 * The NFT rarity seeds (review L-1, docs/decisions/nft.md) on the real chain (anvil + deploy + seed)
 * and a real server (`ponder start`, PGlite and PostgreSQL): `GET /nft/seed/:tokenId` hands the
 * committed seed and proof to the token's owner only (a stranger, a missing session, an unknown or
 * revealed token are refused with their codes), the owner reveals with it on chain; and the seed
 * keeper commits more roots when few ids are left (the operator's key derives them, the contract
 * takes them, a purchase then uses them).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy, localNftOperatorKey, NFT_SEEDS } from '@eterno/devstack/deploy';
import { ETERNO_CHAIN_ID, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import { eternoNftAbi } from '@eterno/protocol/generated/abis';
import { SEED_BATCH, nftSeedSecret, seedBatchRoot } from '@eterno/protocol/nft/seedTree';
import type { NftSeedJson } from '@eterno/protocol/nftApi';
import {
  createPublicClient,
  createTestClient,
  defineChain,
  erc20Abi,
  http,
  maxUint256,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../scripts/start.ts';
import { startPostgres, type TestPostgres } from '../scripts/postgres.ts';
import { ApiError } from '../src/http/errors.ts';
import { openNftOperator } from '../src/nft/operator.ts';
import { openSeed } from '../src/nft/seedOpening.ts';
import { topUpSeeds } from '../src/nft/seedKeeper.ts';
import { apiCall, sendTx, signIn } from './apiClient.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 2 });

const chainOf = (rpcUrl: string): Chain =>
  defineChain({
    id: ETERNO_CHAIN_ID,
    name: 'ETERNO local',
    nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
])('GET /nft/seed/:tokenId on $name', ({ postgres }) => {
  let anvil: Anvil;
  let pgServer: TestPostgres | null = null;
  let server: RunningServer;
  let dataDir: string;
  let nft: Address;
  let chain: Chain;
  let client: PublicClient<Transport, Chain>;
  const tokens = new Map<Address, string>();

  const seedOf = async (tokenId: string, who: typeof alice | null) => {
    let token: string | null = null;
    if (who !== null) {
      token = tokens.get(who.address) ?? (await signIn(server.url, who));
      tokens.set(who.address, token);
    }
    return apiCall(server.url, 'GET', `/nft/seed/${tokenId}`, token);
  };
  const tx = (who: typeof alice, address: Address, abi: Parameters<typeof sendTx>[3], fn: string, args: unknown[]) =>
    sendTx({ rpcUrl: anvil.rpcUrl, chain, client }, who, address, abi, fn, args);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-nft-seed-test-'));
    anvil = await startAnvil();
    const deploymentsFile = join(dataDir, 'deployments.json');
    const contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    nft = contracts.EternoNft;
    chain = chainOf(anvil.rpcUrl);
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    await tx(alice, contracts.ETRO, erc20Abi, 'approve', [nft, maxUint256]);
    await tx(alice, nft, eternoNftAbi, 'buy', [1n, maxUint256]); // token 1
    await tx(alice, nft, eternoNftAbi, 'buy', [0n, maxUint256]); // token 2
    if (postgres) pgServer = await startPostgres();
    server = await startServer({
      rpcUrl: anvil.rpcUrl,
      deploymentsFile,
      dataDir: join(dataDir, 'server'),
      databaseUrl: pgServer?.url,
      siweDomains: ['127.0.0.1:5173'],
    });
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await pgServer?.stop();
    await anvil?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses a stranger, a request without a session, a bad id and a token not bought yet', async () => {
    expect(await seedOf('1', null)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
    expect(await seedOf('1', bob)).toMatchObject({ status: 403, body: { error: { code: 'NFT_NOT_OWNER' } } });
    expect(await seedOf('3', alice)).toMatchObject({ status: 404, body: { error: { code: 'NFT_NOT_FOUND' } } });
    for (const bad of ['0', '-1', '1.5', 'abc', '0x01'])
      expect(await seedOf(bad, alice)).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
  });

  it('gives the owner the committed seed, the reveal draws from it, and then it is refused as revealed', async () => {
    const res = await seedOf('1', alice);
    expect(res.status).toBe(200);
    const body = res.body as NftSeedJson;
    expect(body.tokenId).toBe('1');
    expect(body.proof).toHaveLength(8);
    const entropy = await client.readContract({
      address: nft,
      abi: eternoNftAbi,
      functionName: 'entropyOf',
      args: [1n],
    });
    await tx(alice, nft, eternoNftAbi, 'reveal', [1n, body.seed, body.proof]);
    const [revealed] = await client.getContractEvents({
      address: nft,
      abi: eternoNftAbi,
      eventName: 'Revealed',
      fromBlock: 0n,
    });
    expect(revealed!.args).toMatchObject({ tokenId: 1n, seed: body.seed });
    expect(entropy).toBeGreaterThan(0n);
    expect(await seedOf('1', alice)).toMatchObject({ status: 409, body: { error: { code: 'NFT_ALREADY_REVEALED' } } });
    // A token given away: its seed goes to the new owner only.
    await tx(alice, nft, eternoNftAbi, 'transferFrom', [alice.address, bob.address, 2n]);
    expect(await seedOf('2', alice)).toMatchObject({ status: 403, body: { error: { code: 'NFT_NOT_OWNER' } } });
    expect((await seedOf('2', bob)).status).toBe(200);
  });
});

describe('the seed keeper', () => {
  let anvil: Anvil;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eterno-nft-keeper-test-'));
    anvil = await startAnvil();
  }, 120_000);
  afterAll(async () => {
    await anvil?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('commits the next batches when few ids are left, usable from the next block', async () => {
    const deploymentsFile = join(dataDir, 'deployments.json');
    const contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    const nft = contracts.EternoNft;
    const operator = openNftOperator({
      ETERNO_DEPLOYMENTS: deploymentsFile,
      [`PONDER_RPC_URL_${ETERNO_CHAIN_ID}`]: anvil.rpcUrl,
      ETERNO_NFT_OPERATOR_KEY: localNftOperatorKey(),
    })!;
    const client = operator.client;
    const committed = BigInt(NFT_SEEDS.initialBatches);
    // Enough ids left: nothing sent.
    expect(await topUpSeeds(operator)).toBeNull();
    // Fewer than the low water left (as if 4 batches were nearly used): 4 more batches, the key's roots.
    expect(await topUpSeeds(operator, { lowWater: committed * SEED_BATCH + 1n, batches: 2 })).not.toBeNull();
    const [batches] = await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'seedCommitments' });
    expect(batches).toBe(committed + 2n);
    const secret = nftSeedSecret(localNftOperatorKey());
    expect(
      await client.readContract({
        address: nft,
        abi: eternoNftAbi,
        functionName: 'seedRootOf',
        args: [committed + 1n],
      }),
    ).toBe(seedBatchRoot(secret, { chainId: ETERNO_CHAIN_ID, nft }, committed + 1n));
    // From the block after the commit on, purchases may take those ids.
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 1 });
    expect(await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'usableSeedsThrough' })).toBe(
      (committed + 2n) * SEED_BATCH,
    );
    // Without a key, or another key than the committer's, the operator gives no seed / commits nothing.
    expect(
      openNftOperator({ ETERNO_DEPLOYMENTS: deploymentsFile, [`PONDER_RPC_URL_${ETERNO_CHAIN_ID}`]: anvil.rpcUrl }),
    ).toBeNull();
    const stranger = openNftOperator({
      ETERNO_DEPLOYMENTS: deploymentsFile,
      [`PONDER_RPC_URL_${ETERNO_CHAIN_ID}`]: anvil.rpcUrl,
      ETERNO_NFT_OPERATOR_KEY: `0x${'22'.repeat(32)}`,
    })!;
    await expect(topUpSeeds(stranger, { lowWater: 1n << 40n })).rejects.toThrow(/seed committer/);
  }, 180_000);

  it('with confirmations, hands a seed out only once the purchase is that many blocks deep (no re-draw by a reorg)', async () => {
    const deploymentsFile = join(dataDir, 'deployments-confirmations.json');
    const contracts = (await deploy({ rpcUrl: anvil.rpcUrl, outFile: deploymentsFile })).contracts;
    const deployed = JSON.parse(await readFile(deploymentsFile, 'utf8')) as Record<string, unknown>;
    await writeFile(deploymentsFile, JSON.stringify({ ...deployed, confirmations: 2 }));
    const operator = openNftOperator({
      ETERNO_DEPLOYMENTS: deploymentsFile,
      [`PONDER_RPC_URL_${ETERNO_CHAIN_ID}`]: anvil.rpcUrl,
      ETERNO_NFT_OPERATOR_KEY: localNftOperatorKey(),
    })!;
    expect(operator.confirmations).toBe(2);
    const chain = chainOf(anvil.rpcUrl);
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const nft = contracts.EternoNft;
    const tx = (address: Address, abi: Parameters<typeof sendTx>[3], fn: string, args: unknown[]) =>
      sendTx({ rpcUrl: anvil.rpcUrl, chain, client }, alice, address, abi, fn, args);
    const mine = (blocks: number) =>
      createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks });
    await tx(contracts.ETRO, erc20Abi, 'approve', [nft, maxUint256]);
    await mine(1); // the deploy's commit is usable from the next block
    await tx(nft, eternoNftAbi, 'buy', [0n, maxUint256]);
    const tokenId = 1n; // the first token of this deployment
    expect(
      (await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'infoOf', args: [tokenId] })).owner,
    ).toBe(alice.address);
    const refusal = await openSeed(operator, alice.address, tokenId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('INDEXER_BEHIND');
    await mine(1);
    expect(((await openSeed(operator, alice.address, tokenId).catch((e: unknown) => e)) as ApiError).code).toBe(
      'INDEXER_BEHIND',
    );
    await mine(1);
    const opened = await openSeed(operator, alice.address, tokenId);
    expect(opened.tokenId).toBe(tokenId.toString());
    expect(opened.proof).toHaveLength(8);
  }, 180_000);
});
