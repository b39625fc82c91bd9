import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  maxUint256,
  parseUnits,
  zeroAddress,
  type Address,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type Anvil } from './anvil.ts';
import {
  ACCRUAL,
  deploy,
  ELP_SEED,
  FARM,
  FARM_EMISSION,
  LOCAL_REFERRALS,
  LOCAL_SEED,
  POOL_SEED,
  STAKING,
  TOKEN_SYMBOLS,
  WFON_USDT_SEED,
  LEDGER_KIND,
  LOCAL_SIGNER_INDEX,
  localPlacementSignerKey,
  localSignerKey,
  MARKET,
  NFT_SEEDS,
  NFT_SETTINGS,
  localNftOperatorKey,
  VAULT,
  type Deployments,
} from './deploy.ts';
import { LOCAL_TEST_MNEMONIC, MULTICALL3_ADDRESS } from '@eterno/protocol/chain';
import { nftSeedSecret, seedBatchRoot, seedOpening } from '@eterno/protocol/nft/seedTree';
import {
  eternoNftAbi,
  eternoNodesAbi,
  eusdMarketAbi,
  multicall3Abi,
  referralRegistryAbi,
} from '@eterno/protocol/generated/abis';
import { VAULT_TOKEN_SYMBOLS } from '@eterno/protocol/vault/readVault';
import { OWNABLE_CONTRACTS } from '@eterno/protocol/pending/readPendingChanges';
import { forgeArtifact, uniswapArtifact } from '@eterno/contracts/artifacts';

const pairAbi = uniswapArtifact('UniswapV2Pair').abi;
const MINIMUM_LIQUIDITY = 1000n;

/** floor(sqrt(n)), by Newton's method. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** What the seed adds to the pool on top of the deployer's opening deposit. */
const seededLiquidity = LOCAL_SEED.reduce(
  (sum, s) => ({ ETRO: sum.ETRO + (s.liquidity?.ETRO ?? 0n), USDT: sum.USDT + (s.liquidity?.USDT ?? 0n) }),
  { ETRO: 0n, USDT: 0n },
);
const ledgerAbi = forgeArtifact('LockLedger').abi;
const swapAbi = forgeArtifact('EtroSwap').abi;
const stakingAbi = forgeArtifact('EternoStaking').abi;
const farmAbi = forgeArtifact('EternoFarm').abi;
const vaultAbi = forgeArtifact('EternoVault').abi;

/** The skeleton's local addresses (issue 2); the DeFi core is deployed after them and must not move them. */
const SKELETON_ADDRESSES = {
  UNITS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  USDT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  ETRO: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  EUSD: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  PUSD: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  WFON: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  UniswapV2Factory: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  UniswapV2Router02: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
  EULP: '0xf67a2f36c3c026af7B69659b3b66bB8e657A821f',
  Multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
} as const;

describe('deploy on a fresh anvil', () => {
  let anvil: Anvil;
  let deployments: Deployments;
  let fromFile: unknown;
  let client: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    anvil = await startAnvil();
    const out = join(await mkdtemp(join(tmpdir(), 'eterno-deploy-')), 'deployments.json');
    deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: out });
    fromFile = JSON.parse(await readFile(out, 'utf8'));
    client = createPublicClient({ transport: http(anvil.rpcUrl) });
  }, 60_000);
  afterAll(async () => {
    await anvil?.stop();
  });

  it('writes the deployments file for the local chain, without keys', () => {
    expect(fromFile).toEqual(deployments);
    expect(deployments.chainId).toBe(201022);
    expect(deployments.network).toBe('local');
    expect(deployments.startBlock).toBe(0);
    expect(Object.keys(deployments.contracts).sort()).toEqual(
      [
        ...Object.keys(SKELETON_ADDRESSES),
        'ELP',
        'WFON_USDT',
        'LockLedger',
        'EtroSwap',
        'StakingETRO',
        'StakingEULP',
        'EternoFarm',
        'EternoVault',
        'ReferralRegistry',
        'EusdMarket',
        'EternoNft',
        'EternoNodes',
      ].sort(),
    );
    expect(deployments.accounts?.map((a) => a.label)).toEqual([
      'deployer',
      'alice',
      'bob',
      'carol',
      'signer',
      'placementSigner',
    ]);
    expect(JSON.stringify(fromFile)).not.toMatch(/0x[0-9a-fA-F]{64}/);
  });

  it('places Multicall3 at its canonical address', async () => {
    expect(deployments.contracts.Multicall3).toBe(MULTICALL3_ADDRESS);
    const [blockNumber, latest] = await Promise.all([
      client.readContract({ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getBlockNumber' }),
      client.getBlockNumber({ cacheTime: 0 }),
    ]);
    expect(blockNumber).toBe(latest);
  });

  it('opens the ETRO/USDT pool at 1 ETRO = 0.5 USDT and keeps that price after the seed', async () => {
    const eulp = deployments.contracts.EULP;
    const [token0, reserves] = await Promise.all([
      client.readContract({ address: eulp, abi: pairAbi, functionName: 'token0' }) as Promise<Address>,
      client.readContract({ address: eulp, abi: pairAbi, functionName: 'getReserves' }) as Promise<
        [bigint, bigint, number]
      >,
    ]);
    const etroFirst = token0 === deployments.contracts.ETRO;
    const [etro, usdt] = etroFirst ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]];
    expect(seededLiquidity.ETRO).toBeGreaterThan(0n);
    expect(etro).toBe(POOL_SEED.ETRO + seededLiquidity.ETRO);
    expect(usdt).toBe(POOL_SEED.USDT + seededLiquidity.USDT);
    expect(etro).toBe(usdt * 2n);
  });

  it("gives the deployer the opening LP tokens, less Uniswap's locked minimum", async () => {
    const deployer = deployments.accounts?.find((a) => a.label === 'deployer')?.address;
    const lp = await client.readContract({
      address: deployments.contracts.EULP,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [deployer as Address],
    });
    expect(lp).toBe(isqrt(POOL_SEED.ETRO * POOL_SEED.USDT) - MINIMUM_LIQUIDITY);
  });

  it('seeds alice, bob and carol with distinct balances, and alice with EULP she added herself', async () => {
    const openingSupply = isqrt(POOL_SEED.ETRO * POOL_SEED.USDT);
    for (const seed of LOCAL_SEED) {
      const address = deployments.accounts?.find((a) => a.label === seed.label)?.address;
      expect(address).toBeDefined();
      for (const sym of TOKEN_SYMBOLS) {
        const balance = await client.readContract({
          address: deployments.contracts[sym],
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address as Address],
        });
        expect(balance, `${seed.label} ${sym}`).toBe(seed.tokens[sym]);
      }
      const lp = await client.readContract({
        address: deployments.contracts.EULP,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Address],
      });
      const expected = seed.liquidity ? (seed.liquidity.ETRO * openingSupply) / POOL_SEED.ETRO : 0n;
      expect(lp, `${seed.label} EULP`).toBe(expected);
    }
    expect(LOCAL_SEED[0]?.label).toBe('alice');
    expect(LOCAL_SEED[0]?.liquidity?.ETRO).toBe(parseUnits('2000', 18));
    const perAccount = LOCAL_SEED.map((s) => TOKEN_SYMBOLS.map((sym) => s.tokens[sym]).join(','));
    expect(new Set(perAccount).size).toBe(LOCAL_SEED.length);
  });

  it("lets alice's EULP come from her own addLiquidity transaction", async () => {
    const alice = deployments.accounts?.find((a) => a.label === 'alice')?.address as Address;
    const mints = await client.getContractEvents({
      address: deployments.contracts.EULP,
      abi: pairAbi,
      eventName: 'Mint',
      fromBlock: 0n,
    });
    expect(mints).toHaveLength(2);
    const tx = await client.getTransaction({ hash: mints[1]!.transactionHash });
    expect(tx.from).toBe(alice.toLowerCase());
    expect(tx.to).toBe(deployments.contracts.UniswapV2Router02.toLowerCase());
  });

  it("keeps the skeleton's deterministic addresses", () => {
    expect(deployments.contracts).toMatchObject(SKELETON_ADDRESSES);
  });

  /** A pair's reserves ordered as (reserve of `token`, reserve of the other token). */
  async function reservesOf(pair: Address, token: Address): Promise<[bigint, bigint]> {
    const [token0, reserves] = await Promise.all([
      client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }) as Promise<Address>,
      client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }) as Promise<
        [bigint, bigint, number]
      >,
    ]);
    return token0 === token ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]];
  }

  it('opens the EUSD/USDT pool (ELP) at 1:1 and the WFON/USDT pool at 1 FON = 2 USDT', async () => {
    const c = deployments.contracts;
    expect(await reservesOf(c.ELP!, c.EUSD)).toEqual([ELP_SEED.EUSD, ELP_SEED.USDT]);
    expect(await reservesOf(c.WFON_USDT!, c.WFON)).toEqual([WFON_USDT_SEED.FON, WFON_USDT_SEED.USDT]);
  });

  it('wires the ledger, the swap, both staking pools and the farm, funded', async () => {
    const c = deployments.contracts;
    const deployer = deployments.accounts?.find((a) => a.label === 'deployer')?.address as Address;
    const read = (address: Address, abi: typeof ledgerAbi, functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address, abi, functionName, args });
    const writers = [
      [c.EtroSwap!, LEDGER_KIND.Swap],
      [c.StakingETRO!, LEDGER_KIND.Stake],
      [c.StakingEULP!, LEDGER_KIND.Stake],
    ] as const;
    for (const [writer, kind] of writers) {
      expect(await read(c.LockLedger!, ledgerAbi, 'writerOf', [writer])).toEqual([true, kind]);
    }
    expect(await read(c.LockLedger!, ledgerAbi, 'writersSealed')).toBe(true);
    expect(await read(c.LockLedger!, ledgerAbi, 'feeReceiver')).toBe(deployer);
    expect(await read(c.LockLedger!, ledgerAbi, 'swapClaimFeeBps')).toBe(500);
    expect(await read(c.LockLedger!, ledgerAbi, 'stakeClaimFeeBps')).toBe(300);
    expect(await read(c.LockLedger!, ledgerAbi, 'ETRO')).toBe(c.ETRO);
    expect(await read(c.EtroSwap!, swapAbi, 'PAIR')).toBe(c.EULP);
    expect(await read(c.EtroSwap!, swapAbi, 'feeReceiver')).toBe(deployer);
    expect(await read(c.EtroSwap!, swapAbi, 'feeBps')).toBe(600);
    expect(await read(c.EtroSwap!, swapAbi, 'vestingDuration')).toBe(86_400n);
    for (const [pool, token] of [
      ['StakingETRO', c.ETRO],
      ['StakingEULP', c.EULP],
    ] as const) {
      const settings = pool === 'StakingETRO' ? STAKING.ETRO : STAKING.EULP;
      expect(await read(c[pool]!, stakingAbi, 'STAKE_TOKEN')).toBe(token);
      expect(await read(c[pool]!, stakingAbi, 'ACCRUAL')).toBe(settings.accrual);
      expect(await read(c[pool]!, stakingAbi, 'minStakeAmount')).toBe(settings.minStakeAmount);
      expect(await read(c[pool]!, stakingAbi, 'rewardReserve')).toBe(settings.rewardReserve);
      expect(await read(c[pool]!, stakingAbi, 'rewardReleaseDuration')).toBe(STAKING.rewardReleaseDuration);
    }
    expect(STAKING.ETRO.accrual).toBe(ACCRUAL.Daily);
    const [pool0, pool1] = await Promise.all([
      read(c.EternoFarm!, farmAbi, 'poolInfo', [0n]) as Promise<readonly unknown[]>,
      read(c.EternoFarm!, farmAbi, 'poolInfo', [1n]) as Promise<readonly unknown[]>,
    ]);
    expect(pool0.slice(0, 2)).toEqual([c.EULP, FARM.allocPoints.EULP]);
    expect(pool1.slice(0, 2)).toEqual([c.ELP, FARM.allocPoints.ELP]);
    expect(await read(c.EternoFarm!, farmAbi, 'startBlock')).toBeGreaterThan(0n);
    expect(await read(c.EternoFarm!, farmAbi, 'totalEmission')).toBe(FARM_EMISSION);
    const farmEtro = await client.readContract({
      address: c.ETRO,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [c.EternoFarm!],
    });
    expect(farmEtro).toBe(FARM_EMISSION);
  });

  it('deploys the vault: the signer is account 9 (its key is the local server key), tokens capped, reserve funded as exchange budget', async () => {
    const c = deployments.contracts;
    const signer = deployments.accounts?.find((a) => a.label === 'signer')?.address;
    expect(signer).toBe(mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: LOCAL_SIGNER_INDEX }).address);
    expect(privateKeyToAccount(localSignerKey()).address).toBe(signer);
    const read = (functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: c.EternoVault, abi: vaultAbi, functionName, args });
    expect(await read('signer')).toBe(signer);
    expect(await read('SIGNER_DELAY')).toBe(VAULT.signerDelay);
    expect(await read('MAX_PAUSE')).toBe(VAULT.maxPause);
    expect(await read('paused')).toBe(false);
    expect(deployments.confirmations).toBe(0);
    const deployer = deployments.accounts?.find((a) => a.label === 'deployer')?.address;
    expect(await read('owner')).toBe(deployer);
    for (const sym of VAULT_TOKEN_SYMBOLS) {
      const caps = VAULT.tokens[sym];
      expect(await read('tokenInfo', [c[sym]]), sym).toEqual([
        true,
        caps.perTxCap,
        caps.perDayCap,
        0n,
        caps.perUserDayCap,
        VAULT.reserve[sym],
      ]);
      const held = await client.readContract({
        address: c[sym],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [c.EternoVault],
      });
      expect(held, sym).toBe(VAULT.reserve[sym]);
    }
    expect(await read('tokenInfo', [c.PUSD])).toEqual([false, 0n, 0n, 0n, 0n, 0n]);
    expect(await read('pendingCapIncreases')).toEqual([[], []]);
  });

  it('deploys the referral registry: the deployer is the genesis root, its own placement signer (not the vault signer) places, the seed registers alice, bob and carol', async () => {
    const registry = deployments.contracts.ReferralRegistry;
    const read = <T>(functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: registry, abi: referralRegistryAbi, functionName, args } as never) as Promise<T>;
    const labelled = (label: string) => deployments.accounts!.find((a) => a.label === label)!.address;
    expect(await read('placementSigner')).toBe(labelled('placementSigner'));
    expect(labelled('placementSigner')).not.toBe(labelled('signer'));
    expect(privateKeyToAccount(localPlacementSignerKey()).address).toBe(labelled('placementSigner'));
    expect(await read('owner')).toBe(labelled('deployer'));
    expect(await read('accountCount')).toBe(BigInt(1 + LOCAL_REFERRALS.length));
    expect(await read('accountOf', [labelled('deployer')])).toEqual([
      1n,
      zeroAddress,
      zeroAddress,
      0,
      true,
      0,
      labelled('alice'),
      zeroAddress,
    ]);
    for (const [i, r] of LOCAL_REFERRALS.entries()) {
      const [id, inviter, , side, isOriginal] = await read<readonly [bigint, Address, Address, number, boolean]>(
        'accountOf',
        [labelled(r.label)],
      );
      expect([r.label, id, inviter, side, isOriginal]).toEqual([
        r.label,
        BigInt(i + 2),
        labelled(r.inviter),
        r.side,
        false,
      ]);
    }
    // The tree: deployer ← alice (left); alice ← bob (left), carol (right).
    expect(await read('legEnd', [labelled('deployer'), 0])).toBe(labelled('bob'));
    expect(await read('legEnd', [labelled('alice'), 1])).toBe(labelled('carol'));
    for (let index = 4; index <= 9; index++) {
      const wallet = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index }).address;
      expect([index, await read('isRegistered', [wallet])]).toEqual([index, false]);
    }
  });

  it('deploys the EUSD market at its parameters with the reward reserve funded, owned by the deployer', async () => {
    const market = deployments.contracts.EusdMarket;
    const read = <T>(functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: market, abi: eusdMarketAbi, functionName, args } as never) as Promise<T>;
    const deployer = deployments.accounts!.find((a) => a.label === 'deployer')!.address;
    expect(await read('owner')).toBe(deployer);
    expect(await read('EUSD')).toBe(deployments.contracts.EUSD);
    expect(await read('USDT')).toBe(deployments.contracts.USDT);
    expect(await read('LOT')).toBe(10n * 10n ** 18n);
    expect(await read('parameters')).toEqual([MARKET.maxUnitPrice, MARKET.sellerFeeBps, MARKET.rewardBps, 1n]);
    expect(await read('reserves')).toEqual([MARKET.rewardReserve, 0n]);
    const held = await client.readContract({
      address: deployments.contracts.EUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [market],
    });
    expect(held).toBe(MARKET.rewardReserve);
  });

  it('deploys the NFT sale with its prices and odds, owned by the deployer, no token yet', async () => {
    const nft = deployments.contracts.EternoNft;
    const read = <T>(functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: nft, abi: eternoNftAbi, functionName, args } as never) as Promise<T>;
    expect(await read('ETRO')).toBe(deployments.contracts.ETRO);
    expect(await read('owner')).toBe(deployments.accounts!.find((a) => a.label === 'deployer')!.address);
    expect(await read('priceOf', [0])).toBe(NFT_SETTINGS.entry.price);
    expect(await read('priceOf', [1])).toBe(NFT_SETTINGS.partner.price);
    expect(await read('oddsOf', [0n])).toEqual(NFT_SETTINGS.entry.odds);
    expect(await read('oddsOf', [1n])).toEqual(NFT_SETTINGS.partner.odds);
    expect(await read('totalSupply')).toBe(0n);
    // The local NFT operator commits the rarity seeds (review L-1): named by the deployer, its first
    // batches committed from its key (usable from the block after), so ids 1 … 1,024 can be bought and
    // revealed.
    const operator = privateKeyToAccount(localNftOperatorKey()).address;
    expect(await read('seedCommitter')).toBe(operator);
    expect(await read('seedCommitments')).toEqual([BigInt(NFT_SEEDS.initialBatches), expect.any(BigInt)]);
    const secret = nftSeedSecret(localNftOperatorKey());
    for (let batch = 0n; batch < BigInt(NFT_SEEDS.initialBatches); batch++)
      expect(await read('seedRootOf', [batch])).toBe(
        seedBatchRoot(secret, { chainId: deployments.chainId, nft }, batch),
      );
  });

  it('deploys the nodes over ETRO and the NFTs at the ECONOMY §9 defaults, owned by the deployer, no node yet', async () => {
    const nodes = deployments.contracts.EternoNodes;
    const read = <T>(functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: nodes, abi: eternoNodesAbi, functionName, args } as never) as Promise<T>;
    expect(await read('ETRO')).toBe(deployments.contracts.ETRO);
    expect(await read('NFT')).toBe(deployments.contracts.EternoNft);
    expect(await read('owner')).toBe(deployments.accounts!.find((a) => a.label === 'deployer')!.address);
    expect(await read('parameters')).toEqual([parseUnits('10000', 18), 3000n, [1, 2, 4, 8]]);
    expect(await read('nodeCount')).toBe(0n);
    // The seeded accounts that create a node in the e2e can pay a partner NFT and the needed ETRO.
    const needed = parseUnits('10000', 18) + NFT_SETTINGS.partner.price;
    for (const label of ['alice', 'bob']) {
      const account = deployments.accounts!.find((a) => a.label === label)!.address;
      const balance = await client.readContract({
        address: deployments.contracts.ETRO,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      });
      expect(balance >= needed, label).toBe(true);
    }
  });

  it('lets alice create a node (partner NFT and the needed ETRO), bob join it and carol vote on it (chain state reverted after)', async () => {
    const c = deployments.contracts;
    const testClient = createTestClient({ transport: http(anvil.rpcUrl), mode: 'anvil' });
    const snapshot = await testClient.snapshot();
    try {
      const chain = {
        id: deployments.chainId,
        name: 'local',
        nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      };
      const send = async (index: number, address: Address, abi: unknown, functionName: string, args: unknown[]) => {
        const wallet = createWalletClient({
          account: mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index }),
          chain,
          transport: http(anvil.rpcUrl),
        });
        const hash = await wallet.writeContract({ address, abi, functionName, args } as never);
        const receipt = await client.waitForTransactionReceipt({ hash });
        expect([functionName, receipt.status]).toEqual([functionName, 'success']);
      };
      /** Buys an NFT of `kind` for account `index` and reveals it; returns its id. */
      const buyRevealed = async (index: number, kind: 0 | 1, price: bigint): Promise<bigint> => {
        await send(index, c.ETRO, erc20Abi, 'approve', [c.EternoNft!, price]);
        await send(index, c.EternoNft!, eternoNftAbi, 'buy', [BigInt(kind), price]);
        const tokenId = (await client.readContract({
          address: c.EternoNft!,
          abi: eternoNftAbi,
          functionName: 'totalSupply',
        })) as bigint;
        const { seed, proof } = seedOpening(
          nftSeedSecret(localNftOperatorKey()),
          { chainId: deployments.chainId, nft: c.EternoNft! },
          tokenId,
        );
        await send(index, c.EternoNft!, eternoNftAbi, 'reveal', [tokenId, seed, proof]);
        return tokenId;
      };
      const needed = parseUnits('10000', 18);
      const partner = await buyRevealed(1, 1, NFT_SETTINGS.partner.price);
      await send(1, c.EternoNft!, eternoNftAbi, 'approve', [c.EternoNodes!, partner]);
      await send(1, c.ETRO, erc20Abi, 'approve', [c.EternoNodes!, needed]);
      await send(1, c.EternoNodes!, eternoNodesAbi, 'createNode', [partner, 'Alpha', 'The first node', 2500n]);
      const entry = await buyRevealed(2, 0, NFT_SETTINGS.entry.price);
      await send(2, c.EternoNft!, eternoNftAbi, 'approve', [c.EternoNodes!, entry]);
      await send(2, c.EternoNodes!, eternoNodesAbi, 'joinNode', [1n, entry]);
      await send(3, c.ETRO, erc20Abi, 'approve', [c.EternoNodes!, parseUnits('500', 18)]);
      await send(3, c.EternoNodes!, eternoNodesAbi, 'vote', [1n, parseUnits('500', 18)]);
      const node = (await client.readContract({
        address: c.EternoNodes!,
        abi: eternoNodesAbi,
        functionName: 'nodeOf',
        args: [1n],
      })) as { master: Address; members: number; staked: bigint; votes: bigint; open: boolean; weight: number };
      expect(node).toMatchObject({
        master: mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 }).address,
        members: 1,
        staked: needed,
        votes: parseUnits('500', 18),
        open: true,
      });
      expect(node.weight).toBeGreaterThanOrEqual(2);
      const held = await client.readContract({
        address: c.ETRO,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [c.EternoNodes!],
      });
      expect(held).toBe(needed + parseUnits('500', 18));
    } finally {
      await testClient.revert({ id: snapshot });
    }
  });

  it("renounces the Uniswap factory's fee switch: no one can take part of the LPs' fees", async () => {
    const factoryAbi = uniswapArtifact('UniswapV2Factory').abi;
    const read = (functionName: 'feeTo' | 'feeToSetter') =>
      client.readContract({ address: deployments.contracts.UniswapV2Factory, abi: factoryAbi, functionName });
    expect(await read('feeTo')).toBe(zeroAddress);
    expect(await read('feeToSetter')).toBe(zeroAddress);
  });

  it('lets alice buy ETRO through the swap into her lock balance (chain state reverted after)', async () => {
    const c = deployments.contracts;
    const testClient = createTestClient({ transport: http(anvil.rpcUrl), mode: 'anvil' });
    const snapshot = await testClient.snapshot();
    try {
      const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
      const chain = {
        id: deployments.chainId,
        name: 'local',
        nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      };
      const wallet = createWalletClient({ account: alice, chain, transport: http(anvil.rpcUrl) });
      const amountIn = parseUnits('1000', 18);
      const [fee, quoted] = (await client.readContract({
        address: c.EtroSwap!,
        abi: swapAbi,
        functionName: 'quoteBuy',
        args: [amountIn],
      })) as [bigint, bigint];
      expect(fee).toBe(parseUnits('60', 18));
      await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: c.USDT,
          abi: erc20Abi,
          functionName: 'approve',
          args: [c.EtroSwap!, amountIn],
        }),
      });
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: c.EtroSwap!,
          abi: swapAbi,
          functionName: 'swap',
          args: [amountIn, quoted, maxUint256],
        }),
      });
      expect(receipt.status).toBe('success');
      const locked = await client.readContract({
        address: c.LockLedger!,
        abi: ledgerAbi,
        functionName: 'locked',
        args: [alice.address],
      });
      expect(locked).toBe(quoted);
    } finally {
      await testClient.revert({ id: snapshot });
    }
  });
});

describe('deploy with --owner (e.g. a multisig)', () => {
  let anvil: Anvil;
  let deployments: Deployments;
  let client: ReturnType<typeof createPublicClient>;
  const multisig = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 8 });

  beforeAll(async () => {
    anvil = await startAnvil();
    deployments = await deploy({ rpcUrl: anvil.rpcUrl, owner: multisig.address });
    client = createPublicClient({ transport: http(anvil.rpcUrl) });
  }, 60_000);
  afterAll(async () => {
    await anvil?.stop();
  });

  it('leaves every Ownable2Step contract pending for the owner, which takes it over by acceptOwnership()', async () => {
    const deployer = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 }).address;
    const chain = {
      id: deployments.chainId,
      name: 'local',
      nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    };
    const wallet = createWalletClient({ account: multisig, chain, transport: http(anvil.rpcUrl) });
    for (const name of OWNABLE_CONTRACTS) {
      const address = deployments.contracts[name];
      if (address === undefined) throw new Error(`no ${name} deployed`);
      const { abi } = forgeArtifact(name === 'StakingETRO' || name === 'StakingEULP' ? 'EternoStaking' : name);
      const read = (functionName: 'owner' | 'pendingOwner') => client.readContract({ address, abi, functionName });
      expect(await read('owner'), name).toBe(deployer);
      expect(await read('pendingOwner'), name).toBe(multisig.address);
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({ address, abi, functionName: 'acceptOwnership' }),
      });
      expect(receipt.status, name).toBe('success');
      expect(await read('owner'), name).toBe(multisig.address);
      expect(await read('pendingOwner'), name).toBe(zeroAddress);
    }
  });
});
