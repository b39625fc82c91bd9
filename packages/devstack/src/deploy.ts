/**
 * Deploys the ETERNO contracts and writes the deployments file (format: docs/architecture.md).
 *
 *   tsx packages/devstack/src/deploy.ts --rpc <url> [--out <file>]
 *
 * On a local anvil (`network: "local"`): places Multicall3 at its canonical address, deploys from
 * anvil account 0 of the default mnemonic, and seeds alice/bob/carol (accounts 1–3). On another
 * chain: the deployer key comes from `ETERNO_DEPLOYER_KEY`, Multicall3 must already exist, and no
 * test account is seeded. Seed amounts and the starting price: docs/decisions/tokens-and-local-seed.md.
 *
 * Then the DeFi core (issue 3), appended after everything above so the earlier addresses never move:
 * the EUSD/USDT pair (ELP) and the WFON/USDT pair (FON's price), the lock ledger, the swap, the two
 * staking pools with funded reward reserves, and the farm (pools EULP and ELP, emission paid in and
 * started). Parameters: docs/decisions/{swap-and-vesting,staking,farm}.md.
 *
 * Then the vault (issue 8), appended last: EternoVault with a 2-day signer delay and a 7-day pause
 * maximum, its signer the server's key (locally anvil account 9, labelled `signer`; elsewhere
 * `ETERNO_SIGNER_ADDRESS`), USDT, EUSD and ETRO allowed with payout caps (per transaction, per UTC day
 * vault-wide and per user), and a reserve funded for exchange outputs (the tokens' exchange budgets).
 * Parameters: docs/decisions/vault.md.
 *
 * Then the referral registry (issue 10), appended after the vault: ReferralRegistry with the deployer as
 * its one genesis account (the root of the tree) and a placement signer of its own, never the vault's
 * (locally anvil account 10, labelled `placementSigner`; elsewhere `ETERNO_PLACEMENT_SIGNER_ADDRESS`,
 * refused when it is the vault's signer: security review I-3). Locally the
 * seed registers alice, bob and carol ({@link LOCAL_REFERRALS}, so they can buy packages); accounts 4–9
 * stay unregistered for the registration screens. docs/decisions/referral.md.
 *
 * Then the EUSD market (issue 11), appended after the registry: EusdMarket over EUSD and USDT at the
 * ECONOMY §8 defaults ({@link MARKET}) with the deployer's EUSD reward reserve paid in. The seeded
 * accounts already hold EUSD and USDT to list and buy. docs/decisions/market.md.
 *
 * Then the NFTs (issue 11, docs/decisions/nft.md; rarity seeds committed by the NFT operator, review
 * finding L-1: locally the operator is {@link localNftOperatorKey}'s account, funded with FON, and
 * commits {@link NFT_SEEDS}.initialBatches batches of seed roots here; elsewhere the operator is
 * `ETERNO_NFT_OPERATOR_ADDRESS` and the server commits them when it starts) and the nodes (EternoNodes over ETRO and the NFTs, at
 * the ECONOMY §9 defaults its constructor sets: needed ETRO 10,000, max share rate 30 %, rarity weights
 * 1/2/4/8; docs/decisions/nodes.md). alice (20,000 ETRO) and bob (12,000) can each buy a partner NFT
 * (1,000) and stake the needed ETRO; carol (8,000) can buy entry NFTs (100 each) and vote.
 *
 * Last, the Uniswap factory's fee switch is renounced (`setFeeToSetter(0)`: the pairs' LPs keep the whole
 * 0.3 %). With `owner` (`--owner <address>`, e.g. a multisig), every Ownable2Step contract is handed over last:
 * `transferOwnership(owner)` from the deployer; the deployer stays the owner until `owner` calls
 * `acceptOwnership()` on each (README, "Security model"; the app's banner shows the transfers pending).
 *
 * Transactions are sent back to back with explicit nonces and gas limits, then their receipts are
 * awaited together, so the deploy is quick with automine and with an anvil block time alike.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  http,
  isAddress,
  parseUnits,
  erc20Abi,
  toHex,
  zeroAddress,
  type Abi,
  type Account,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import type { Deployments } from '@eterno/protocol/deployments';
import { LOCAL_TEST_MNEMONIC, MULTICALL3_ADDRESS } from '@eterno/protocol/chain';
import { VAULT_TOKEN_SYMBOLS } from '@eterno/protocol/vault/readVault';
import { nftSeedSecret, seedBatchRoots } from '@eterno/protocol/nft/seedTree';
import { OWNABLE_CONTRACTS } from '@eterno/protocol/pending/readPendingChanges';
import { installMulticall3 } from './anvil.ts';
import { forgeArtifact, uniswapArtifact } from '@eterno/contracts/artifacts';

/** anvil's default mnemonic; its accounts are public test accounts. */

export const TOKEN_SYMBOLS = ['UNITS', 'USDT', 'ETRO', 'EUSD', 'PUSD'] as const;
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number];
export type { Deployments };

export type DeployOptions = {
  rpcUrl: string;
  /** Where to write the deployments JSON; not written when absent. */
  outFile?: string;
  /** Deployer key for a non-local chain; on anvil the deployer is account 0 of the default mnemonic. */
  deployerPrivateKey?: Hex;
  /** Who receives the swap's buy fee and the ledger's claim fees; the deployer when absent. */
  feeReceiver?: Address;
  /** The vault's signer (the server's key) on a non-local chain; locally anvil account 9. */
  vaultSigner?: Address;
  /** The NFT operator (the server's seed committer) on a non-local chain; locally {@link localNftOperatorKey}'s. */
  nftOperator?: Address;
  /**
   * Who should own the contracts (e.g. a multisig): each Ownable2Step contract's ownership is
   * transferred to it at the end of the deploy, pending until it accepts. The deployer when absent.
   */
  owner?: Address;
  /** The referral registry's placement signer on a non-local chain (not the vault's); locally anvil account 10. */
  placementSigner?: Address;
  /**
   * Confirmations the server waits before it judges a withdrawal on the indexed chain (the deployments'
   * `confirmations`): 0 on the local chain, {@link LIVE_CONFIRMATIONS} elsewhere unless given.
   */
  confirmations?: number;
};

export class DeployError extends Error {
  override name = 'DeployError';
}

const e18 = (whole: string): bigint => parseUnits(whole, 18);

/** Token name and fixed total supply, in the order they are deployed (fixes local addresses). */
export const TOKENS: ReadonlyArray<{ symbol: TokenSymbol; name: string; supply: bigint }> = [
  { symbol: 'UNITS', name: 'UNITS', supply: e18('1000000000') },
  { symbol: 'USDT', name: 'Tether USD', supply: e18('1000000000') },
  { symbol: 'ETRO', name: 'ETERNO', supply: e18('100000000') },
  { symbol: 'EUSD', name: 'EUSD', supply: e18('1000000000') },
  { symbol: 'PUSD', name: 'PUSD', supply: e18('1000000000') },
];

/** One side of a liquidity deposit into the ETRO/USDT pool. */
export type PoolDeposit = { ETRO: bigint; USDT: bigint };

/** The ETRO/USDT pool is opened by the deployer at 1 ETRO = 0.5 USDT. */
export const POOL_SEED: PoolDeposit = { ETRO: e18('1000000'), USDT: e18('500000') };

/**
 * What each local test account ends up holding (account index in the default mnemonic). An account
 * with `liquidity` receives that much ETRO and USDT on top of `tokens` and adds it to the pool
 * itself, through the router, at the opening price; it then holds the EULP minted for it.
 */
export const LOCAL_SEED: ReadonlyArray<{
  label: string;
  index: number;
  tokens: Record<TokenSymbol, bigint>;
  liquidity?: PoolDeposit;
}> = [
  {
    label: 'alice',
    index: 1,
    tokens: { UNITS: e18('100000'), USDT: e18('50000'), ETRO: e18('20000'), EUSD: e18('10000'), PUSD: e18('5000') },
    liquidity: { ETRO: e18('2000'), USDT: e18('1000') },
  },
  {
    label: 'bob',
    index: 2,
    tokens: { UNITS: e18('70000'), USDT: e18('30000'), ETRO: e18('12000'), EUSD: e18('6000'), PUSD: e18('3000') },
  },
  {
    label: 'carol',
    index: 3,
    tokens: { UNITS: e18('40000'), USDT: e18('15000'), ETRO: e18('8000'), EUSD: e18('4000'), PUSD: e18('2000') },
  },
];

/** The EUSD/USDT pool (ELP), opened by the deployer at 1 EUSD = 1 USDT. */
export const ELP_SEED = { EUSD: e18('500000'), USDT: e18('500000') } as const;

/** The WFON/USDT pool that prices FON, opened by the deployer at 1 FON = 2 USDT. */
export const WFON_USDT_SEED = { FON: e18('1000'), USDT: e18('2000') } as const;

/** `EternoStaking.Accrual`: how a pool's rewards accrue while an order is locked. */
export const ACCRUAL = { Daily: 0, PerSecond: 1 } as const;

/** The two staking pools (docs/decisions/staking.md). Rates are the contract's defaults. */
export const STAKING = {
  ETRO: { accrual: ACCRUAL.Daily, minStakeAmount: e18('100'), rewardReserve: e18('1000000') },
  EULP: { accrual: ACCRUAL.PerSecond, minStakeAmount: e18('1'), rewardReserve: e18('1000000') },
  /** How long a reward credited to the lock balance takes to release, in seconds (30 days). */
  rewardReleaseDuration: 30n * 24n * 3600n,
} as const;

/** The farm's 4 emission stages and its pools (docs/decisions/farm.md). */
export const FARM = {
  /** Blocks per stage: 864,000 (30 days at 3 s a block). */
  stageBlocks: [864_000n, 864_000n, 864_000n, 864_000n],
  /** ETRO per block in each stage. */
  stageRates: [e18('4'), e18('3'), e18('2'), e18('1')],
  allocPoints: { EULP: 60n, ELP: 40n },
} as const;

/** The whole farm emission: the ETRO the deployer pays in when it starts the farm. */
export const FARM_EMISSION = FARM.stageBlocks.reduce((sum, blocks, i) => sum + blocks * FARM.stageRates[i]!, 0n);

/** `LockLedger.Kind`: a writer's kind sets the claim fee of its entries (docs/decisions/lock-ledger.md). */
export const LEDGER_KIND = { Swap: 0, Stake: 1 } as const;

/** The vault's signer locally: this account of the default mnemonic (label `signer`). */
export const LOCAL_SIGNER_INDEX = 9;

/** The referral registry's placement signer locally: this account of the default mnemonic (label `placementSigner`). */
export const LOCAL_PLACEMENT_SIGNER_INDEX = 10;

/** Confirmations a non-local deployment waits by default (about a minute at 3 s a block). */
export const LIVE_CONFIRMATIONS = 20;

const localKey = (addressIndex: number): Hex => {
  const key = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex }).getHdKey().privateKey;
  if (!key) throw new DeployError(`the local key of account ${addressIndex} could not be derived`);
  return toHex(key);
};

/** The private key of the local vault signer, which the local server signs vouchers with (`ETERNO_SIGNER_KEY`). */
export function localSignerKey(): Hex {
  return localKey(LOCAL_SIGNER_INDEX);
}

/**
 * The NFT operator locally: this account of the default mnemonic (outside anvil's ten funded accounts,
 * so no test wallet shares its nonces); the deploy gives it FON for its commits.
 */
export const LOCAL_NFT_OPERATOR_INDEX = 12;

/**
 * The private key of the local NFT operator (`ETERNO_NFT_OPERATOR_KEY`): the NFT's seed committer, whose
 * key derives every rarity seed (protocol nft/seedTree.ts).
 */
export function localNftOperatorKey(): Hex {
  return localKey(LOCAL_NFT_OPERATOR_INDEX);
}

/** The local NFT operator's rarity seeds: batches committed at deploy (256 ids each) and its FON for gas. */
export const NFT_SEEDS = { initialBatches: 4, operatorFon: e18('100'), commitGas: 400_000n } as const;

/**
 * The private key of the local placement signer, which the local server signs referral placements with
 * (`ETERNO_PLACEMENT_SIGNER_KEY`): another account than the vault's signer (security review I-3).
 */
export function localPlacementSignerKey(): Hex {
  return localKey(LOCAL_PLACEMENT_SIGNER_INDEX);
}

/**
 * The vault (docs/decisions/vault.md): signer timelock, pause maximum, the tokens it takes and pays, its
 * starting reserve (the exchange budgets).
 */
export const VAULT = {
  /** How long a proposed signer (or proposed higher caps) waits before activation: 2 days. */
  signerDelay: 2n * 24n * 3600n,
  /** The longest a pause holds withdrawals: 7 days (then they reopen by themselves). */
  maxPause: 7n * 24n * 3600n,
  /** Allowed tokens and their payout caps: per transaction, per UTC day vault-wide (net outflow), per user and UTC day. */
  tokens: {
    USDT: { perTxCap: e18('100000'), perDayCap: e18('1000000'), perUserDayCap: e18('200000') },
    EUSD: { perTxCap: e18('100000'), perDayCap: e18('1000000'), perUserDayCap: e18('200000') },
    ETRO: { perTxCap: e18('100000'), perDayCap: e18('1000000'), perUserDayCap: e18('200000') },
  },
  /** The deployer's funding for exchange outputs (no user is credited with it): each token's exchange budget. */
  reserve: { USDT: e18('200000'), EUSD: e18('200000'), ETRO: e18('200000') },
} as const;

/** The EUSD market (docs/decisions/market.md): its parameters and the deployer's reward reserve. */
export const MARKET = {
  /** The highest unit price of a new order: 1 USDT per EUSD (EUSD exchanges 1:1 for USDT in the vault). */
  maxUnitPrice: e18('1'),
  /** The seller fee, 3 %. */
  sellerFeeBps: 300n,
  /** The buyer's discount reward, 1 % of the quantity in EUSD. */
  rewardBps: 100n,
  /** The EUSD the deployer pays into the reward reserve. */
  rewardReserve: e18('100000'),
} as const;

/**
 * The local referral seed, in order: each seeded account registers itself automatically under
 * `inviter` ('deployer' or a seeded label) on `side` (0 = left, 1 = right). alice sits in the
 * deployer's left seat, bob under alice on the left, carol under alice on the right.
 */
export const LOCAL_REFERRALS: ReadonlyArray<{ label: string; inviter: string; side: 0 | 1 }> = [
  { label: 'alice', inviter: 'deployer', side: 0 },
  { label: 'bob', inviter: 'alice', side: 0 },
  { label: 'carol', inviter: 'alice', side: 1 },
];

/**
 * The NFT sale's parameters (issue 11, docs/decisions/nft.md): price in ETRO per kind (burned) and the
 * odds of N, R, SR, SSR in basis points; and the deploy's gas limit.
 */
export const NFT_SETTINGS = {
  entry: { price: e18('100'), odds: [6000, 2800, 1000, 200] },
  partner: { price: e18('1000'), odds: [4000, 3500, 2000, 500] },
  deployGas: 4_000_000n,
} as const;

/** Generous fixed gas limits, so transactions can be sent before their predecessors are mined. */
const GAS = {
  token: 2_000_000n,
  wfon: 1_500_000n,
  factory: 4_000_000n,
  router: 5_500_000n,
  approve: 100_000n,
  addLiquidity: 4_500_000n,
  transfer: 100_000n,
  ledger: 5_000_000n,
  swap: 2_500_000n,
  staking: 3_500_000n,
  farm: 3_000_000n,
  ledgerAdmin: 150_000n,
  fundRewards: 150_000n,
  farmAdd: 250_000n,
  farmStart: 300_000n,
  vault: 4_000_000n,
  vaultAdmin: 200_000n,
  vaultFund: 150_000n,
  registry: 2_500_000n,
  register: 200_000n,
  market: 3_000_000n,
  marketFund: 150_000n,
  nodes: 4_000_000n,
  transferOwnership: 80_000n,
} as const;

export async function deploy(opts: DeployOptions): Promise<Deployments> {
  const transport = http(opts.rpcUrl, { retryCount: 0 });
  const probe = createPublicClient({ transport });
  const chainId = await probe.getChainId();
  const clientVersion = await probe.request({ method: 'web3_clientVersion' });
  const local = String(clientVersion).toLowerCase().includes('anvil');

  const chain = defineChain({
    id: chainId,
    name: local ? 'ETERNO local' : 'ETERNO',
    nativeCurrency: { name: 'FON', symbol: 'FON', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport, pollingInterval: local ? 50 : 1000 });

  let deployer: Account;
  if (local) deployer = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
  else if (opts.deployerPrivateKey) deployer = privateKeyToAccount(opts.deployerPrivateKey);
  else throw new DeployError('not an anvil chain: pass a deployer key (ETERNO_DEPLOYER_KEY)');
  const vaultSigner = local
    ? mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: LOCAL_SIGNER_INDEX }).address
    : opts.vaultSigner;
  if (!vaultSigner) throw new DeployError('not an anvil chain: pass the vault signer address (ETERNO_SIGNER_ADDRESS)');
  const placementSigner = local
    ? mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: LOCAL_PLACEMENT_SIGNER_INDEX }).address
    : opts.placementSigner;
  if (!placementSigner)
    throw new DeployError('not an anvil chain: pass the placement signer address (ETERNO_PLACEMENT_SIGNER_ADDRESS)');
  if (placementSigner.toLowerCase() === vaultSigner.toLowerCase())
    throw new DeployError('the placement signer must not be the vault signer: two keys, two settings');
  const confirmations = local ? 0 : (opts.confirmations ?? LIVE_CONFIRMATIONS);
  if (!Number.isSafeInteger(confirmations) || confirmations < 0)
    throw new DeployError(`confirmations must be a non-negative integer, not ${confirmations}`);

  // Multicall3: set its runtime on anvil; elsewhere it must already be there.
  if (local) {
    await installMulticall3(opts.rpcUrl);
  } else if (!(await client.getCode({ address: MULTICALL3_ADDRESS }))) {
    throw new DeployError(`no Multicall3 at ${MULTICALL3_ADDRESS} on chain ${chainId}`);
  }

  const wallet = (account: Account) => createWalletClient({ account, chain, transport });
  const fees = await client.estimateFeesPerGas();
  const feeFields = { maxFeePerGas: fees.maxFeePerGas * 2n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };

  /** Sends one sender's transactions back to back with consecutive nonces. */
  const sender = async (account: Account) => {
    const w = wallet(account);
    let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const hashes: Hash[] = [];
    return {
      hashes,
      async create(artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[], gas: bigint): Promise<Address> {
        const address = getContractAddress({ from: account.address, nonce: BigInt(nonce) });
        hashes.push(
          await w.deployContract({
            abi: artifact.abi,
            bytecode: artifact.bytecode,
            args,
            gas,
            nonce: nonce++,
            ...feeFields,
          }),
        );
        return address;
      },
      async write(
        address: Address,
        abi: Abi,
        functionName: string,
        args: readonly unknown[],
        gas: bigint,
        value?: bigint,
      ): Promise<void> {
        hashes.push(
          await w.writeContract({
            address,
            abi,
            functionName,
            args,
            gas,
            nonce: nonce++,
            ...feeFields,
            ...(value ? { value } : {}),
          }),
        );
      },
    };
  };
  type Sender = Awaited<ReturnType<typeof sender>>;
  /** Awaits the receipts of `hashes` (and empties it), failing on any reverted transaction. */
  const settle = async (hashes: Hash[]): Promise<void> => {
    const receipts = await Promise.all(
      hashes.splice(0).map((hash) => client.waitForTransactionReceipt({ hash, timeout: 120_000 })),
    );
    const failed = receipts.find((r) => r.status !== 'success');
    if (failed) throw new DeployError(`transaction ${failed.transactionHash} reverted`);
  };

  const d = await sender(deployer);
  const token = forgeArtifact('EternoToken');
  const tokens = {} as Record<TokenSymbol, Address>;
  for (const t of TOKENS)
    tokens[t.symbol] = await d.create(token, [t.name, t.symbol, t.supply, deployer.address], GAS.token);
  const wfon = await d.create(uniswapArtifact('WETH9'), [], GAS.wfon);
  const factoryArtifact = uniswapArtifact('UniswapV2Factory');
  const factory = await d.create(factoryArtifact, [deployer.address], GAS.factory);
  const routerArtifact = uniswapArtifact('UniswapV2Router02');
  const router = await d.create(routerArtifact, [factory, wfon], GAS.router);

  const latest = await client.getBlock();
  const deadline = latest.timestamp + 3600n;
  /** Approves the router for `deposit` and adds it to the ETRO/USDT pool, at exactly that ratio. */
  const addLiquidity = async (from: Sender, deposit: PoolDeposit, to: Address): Promise<void> => {
    await from.write(tokens.ETRO, erc20Abi, 'approve', [router, deposit.ETRO], GAS.approve);
    await from.write(tokens.USDT, erc20Abi, 'approve', [router, deposit.USDT], GAS.approve);
    await from.write(
      router,
      routerArtifact.abi,
      'addLiquidity',
      [tokens.ETRO, tokens.USDT, deposit.ETRO, deposit.USDT, deposit.ETRO, deposit.USDT, to, deadline],
      GAS.addLiquidity,
    );
  };

  // Open the ETRO/USDT pool (this creates the pair, EULP) at 1 ETRO = 0.5 USDT.
  await addLiquidity(d, POOL_SEED, deployer.address);

  const seeded = local
    ? LOCAL_SEED.map((s) => ({ ...s, account: mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: s.index }) }))
    : [];
  for (const s of seeded) {
    for (const sym of TOKEN_SYMBOLS) {
      const extra = sym === 'ETRO' || sym === 'USDT' ? (s.liquidity?.[sym] ?? 0n) : 0n;
      await d.write(tokens[sym], erc20Abi, 'transfer', [s.account.address, s.tokens[sym] + extra], GAS.transfer);
    }
  }
  await settle(d.hashes);

  // Accounts that provide liquidity do it themselves, once their tokens and the pair exist.
  const providerHashes: Hash[] = [];
  for (const s of seeded) {
    if (!s.liquidity) continue;
    const from = await sender(s.account);
    await addLiquidity(from, s.liquidity, s.account.address);
    providerHashes.push(...from.hashes);
  }
  await settle(providerHashes);

  const getPair = async (a: Address, b: Address): Promise<Address> =>
    (await client.readContract({
      address: factory,
      abi: factoryArtifact.abi,
      functionName: 'getPair',
      args: [a, b],
    })) as Address;
  const eulp = await getPair(tokens.ETRO, tokens.USDT);

  // DeFi core, part 1: the ELP (EUSD/USDT) and WFON/USDT pools, opened by the deployer.
  await d.write(tokens.EUSD, erc20Abi, 'approve', [router, ELP_SEED.EUSD], GAS.approve);
  await d.write(tokens.USDT, erc20Abi, 'approve', [router, ELP_SEED.USDT + WFON_USDT_SEED.USDT], GAS.approve);
  await d.write(
    router,
    routerArtifact.abi,
    'addLiquidity',
    [tokens.EUSD, tokens.USDT, ELP_SEED.EUSD, ELP_SEED.USDT, ELP_SEED.EUSD, ELP_SEED.USDT, deployer.address, deadline],
    GAS.addLiquidity,
  );
  await d.write(
    router,
    routerArtifact.abi,
    'addLiquidityETH',
    [tokens.USDT, WFON_USDT_SEED.USDT, WFON_USDT_SEED.USDT, WFON_USDT_SEED.FON, deployer.address, deadline],
    GAS.addLiquidity,
    WFON_USDT_SEED.FON,
  );
  await settle(d.hashes);
  const elp = await getPair(tokens.EUSD, tokens.USDT);
  const wfonUsdt = await getPair(wfon, tokens.USDT);

  // DeFi core, part 2: ledger, swap, staking pools and farm, wired and funded.
  const ledgerArtifact = forgeArtifact('LockLedger');
  const stakingArtifact = forgeArtifact('EternoStaking');
  const farmArtifact = forgeArtifact('EternoFarm');
  const ledger = await d.create(ledgerArtifact, [tokens.ETRO, deployer.address], GAS.ledger);
  const etroSwap = await d.create(
    forgeArtifact('EtroSwap'),
    [eulp, tokens.USDT, tokens.ETRO, ledger, opts.feeReceiver ?? deployer.address, deployer.address],
    GAS.swap,
  );
  const stakingPools = { ETRO: tokens.ETRO, EULP: eulp } as const;
  const staking = {} as Record<keyof typeof stakingPools, Address>;
  for (const pool of ['ETRO', 'EULP'] as const) {
    const p = STAKING[pool];
    staking[pool] = await d.create(
      stakingArtifact,
      [stakingPools[pool], ledger, p.accrual, p.minStakeAmount, STAKING.rewardReleaseDuration, deployer.address],
      GAS.staking,
    );
  }
  const farm = await d.create(
    farmArtifact,
    [tokens.ETRO, FARM.stageBlocks, FARM.stageRates, deployer.address],
    GAS.farm,
  );

  // The writers are set before any credit, then sealed: later writers wait out the ledger's delay.
  const writers = [
    [etroSwap, LEDGER_KIND.Swap],
    [staking.ETRO, LEDGER_KIND.Stake],
    [staking.EULP, LEDGER_KIND.Stake],
  ] as const;
  for (const [writer, kind] of writers) {
    await d.write(ledger, ledgerArtifact.abi, 'setupWriter', [writer, kind], GAS.ledgerAdmin);
  }
  await d.write(ledger, ledgerArtifact.abi, 'sealWriters', [], GAS.ledgerAdmin);
  await d.write(ledger, ledgerArtifact.abi, 'setFeeReceiver', [opts.feeReceiver ?? deployer.address], GAS.ledgerAdmin);
  for (const pool of ['ETRO', 'EULP'] as const) {
    await d.write(tokens.ETRO, erc20Abi, 'approve', [staking[pool], STAKING[pool].rewardReserve], GAS.approve);
    await d.write(staking[pool], stakingArtifact.abi, 'fundRewards', [STAKING[pool].rewardReserve], GAS.fundRewards);
  }
  await d.write(farm, farmArtifact.abi, 'add', [FARM.allocPoints.EULP, eulp], GAS.farmAdd);
  await d.write(farm, farmArtifact.abi, 'add', [FARM.allocPoints.ELP, elp], GAS.farmAdd);
  await d.write(tokens.ETRO, erc20Abi, 'approve', [farm, FARM_EMISSION], GAS.approve);
  // 0: the emission starts in the block that mines this transaction.
  await d.write(farm, farmArtifact.abi, 'start', [0n], GAS.farmStart);
  await settle(d.hashes);

  // The vault (issue 8): tokens configured (a first configuration applies at once), then the reserve for
  // exchange outputs paid in (each token's exchange budget).
  const vaultArtifact = forgeArtifact('EternoVault');
  const vault = await d.create(
    vaultArtifact,
    [deployer.address, vaultSigner, VAULT.signerDelay, VAULT.maxPause],
    GAS.vault,
  );
  for (const sym of VAULT_TOKEN_SYMBOLS) {
    const caps = VAULT.tokens[sym];
    await d.write(
      vault,
      vaultArtifact.abi,
      'setToken',
      [tokens[sym], true, caps.perTxCap, caps.perDayCap, caps.perUserDayCap],
      GAS.vaultAdmin,
    );
    await d.write(tokens[sym], erc20Abi, 'approve', [vault, VAULT.reserve[sym]], GAS.approve);
    await d.write(vault, vaultArtifact.abi, 'fund', [tokens[sym], VAULT.reserve[sym]], GAS.vaultFund);
  }
  await settle(d.hashes);

  // The referral registry (issue 10): the deployer is the genesis root; locally the seed registers.
  const registryArtifact = forgeArtifact('ReferralRegistry');
  const referralRegistry = await d.create(
    registryArtifact,
    [deployer.address, [deployer.address], placementSigner],
    GAS.registry,
  );
  await settle(d.hashes);
  const byLabel = new Map<string, Account>([
    ['deployer', deployer],
    ...seeded.map((s) => [s.label, s.account] as [string, Account]),
  ]);
  for (const r of local ? LOCAL_REFERRALS : []) {
    const account = byLabel.get(r.label);
    const inviter = byLabel.get(r.inviter);
    if (!account || !inviter) throw new DeployError(`referral seed: unknown account ${r.label} or ${r.inviter}`);
    const from = await sender(account);
    await from.write(referralRegistry, registryArtifact.abi, 'register', [inviter.address, r.side], GAS.register);
    // Each registration needs its inviter registered: one at a time.
    await settle(from.hashes);
  }

  // The EUSD market (issue 11): deployed with its parameters, then the reward reserve paid in.
  const marketArtifact = forgeArtifact('EusdMarket');
  const eusdMarket = await d.create(
    marketArtifact,
    [deployer.address, tokens.EUSD, tokens.USDT, MARKET.maxUnitPrice, MARKET.sellerFeeBps, MARKET.rewardBps],
    GAS.market,
  );
  await d.write(tokens.EUSD, erc20Abi, 'approve', [eusdMarket, MARKET.rewardReserve], GAS.approve);
  await d.write(eusdMarket, marketArtifact.abi, 'fundReserve', [MARKET.rewardReserve], GAS.marketFund);
  // NFTs (issue 11): entry and partner kinds, bought with ETRO (burned), rarity by commit and reveal.
  const nftArtifact = forgeArtifact('EternoNft');
  const eternoNft = await d.create(
    nftArtifact,
    [
      tokens.ETRO,
      NFT_SETTINGS.entry.price,
      NFT_SETTINGS.partner.price,
      NFT_SETTINGS.entry.odds,
      NFT_SETTINGS.partner.odds,
      deployer.address,
    ],
    NFT_SETTINGS.deployGas,
  );
  // Nodes (issue 11): partner NFT + needed ETRO to create, entry NFT to join, ETRO votes.
  const eternoNodes = await d.create(
    forgeArtifact('EternoNodes'),
    [tokens.ETRO, eternoNft, deployer.address],
    GAS.nodes,
  );
  // The NFT operator commits the rarity seeds (review L-1): the deployer names it the seed committer.
  const nftOperator = local ? privateKeyToAccount(localNftOperatorKey()).address : opts.nftOperator;
  if (!nftOperator)
    throw new DeployError('not an anvil chain: pass the NFT operator address (ETERNO_NFT_OPERATOR_ADDRESS)');
  await d.write(eternoNft, nftArtifact.abi, 'setSeedCommitter', [nftOperator], GAS.vaultAdmin);
  await settle(d.hashes);
  if (local) {
    // The local operator's first seed roots, in a block before any purchase.
    const operator = privateKeyToAccount(localNftOperatorKey());
    await createTestClient({ chain, mode: 'anvil', transport }).setBalance({
      address: operator.address,
      value: NFT_SEEDS.operatorFon,
    });
    const secret = nftSeedSecret(localNftOperatorKey());
    const roots = seedBatchRoots(secret, { chainId, nft: eternoNft }, 0n, NFT_SEEDS.initialBatches);
    const from = await sender(operator);
    await from.write(eternoNft, nftArtifact.abi, 'commitSeeds', [roots], NFT_SEEDS.commitGas);
    await settle(from.hashes);
  }

  const deployments: Deployments = {
    chainId,
    network: local ? 'local' : 'live',
    startBlock: 0,
    confirmations,
    contracts: {
      ...tokens,
      WFON: wfon,
      UniswapV2Factory: factory,
      UniswapV2Router02: router,
      EULP: eulp,
      Multicall3: MULTICALL3_ADDRESS,
      ELP: elp,
      WFON_USDT: wfonUsdt,
      LockLedger: ledger,
      EtroSwap: etroSwap,
      StakingETRO: staking.ETRO,
      StakingEULP: staking.EULP,
      EternoFarm: farm,
      EternoVault: vault,
      ReferralRegistry: referralRegistry,
      EusdMarket: eusdMarket,
      EternoNft: eternoNft,
      EternoNodes: eternoNodes,
    },
    ...(local
      ? {
          accounts: [
            { label: 'deployer', address: deployer.address },
            ...seeded.map((s) => ({ label: s.label, address: s.account.address })),
            { label: 'signer', address: vaultSigner },
            { label: 'placementSigner', address: placementSigner },
          ],
        }
      : {}),
  };

  // Uniswap V2's fee switch (1/6 of the pairs' 0.3 % to `feeTo`) would take part of the LPs' fees at once,
  // with no delay: nobody keeps the power to turn it on (docs/decisions/security.md, L-3 / L-4).
  await d.write(factory, factoryArtifact.abi, 'setFeeToSetter', [zeroAddress], GAS.transferOwnership);
  await settle(d.hashes);

  // Hand the contracts to their owner (a multisig): pending until it calls acceptOwnership() on each.
  if (opts.owner !== undefined && opts.owner.toLowerCase() !== deployer.address.toLowerCase()) {
    for (const name of OWNABLE_CONTRACTS) {
      const address = deployments.contracts[name];
      // The two staking pools are EternoStaking; every other owned contract is named after its source.
      const { abi } = forgeArtifact(name === 'StakingETRO' || name === 'StakingEULP' ? 'EternoStaking' : name);
      await d.write(address, abi, 'transferOwnership', [opts.owner], GAS.transferOwnership);
    }
    await settle(d.hashes);
  }

  if (opts.outFile) {
    const out = resolve(opts.outFile);
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(deployments, null, 2)}\n`);
  }
  return deployments;
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const { values } = parseArgs({
    options: { rpc: { type: 'string' }, out: { type: 'string' }, owner: { type: 'string' } },
  });
  if (!values.rpc || (values.owner !== undefined && !isAddress(values.owner))) {
    console.error(
      'usage: tsx packages/devstack/src/deploy.ts --rpc <url> [--out <file>] [--owner <address>]   (ETERNO_DEPLOYER_KEY, ETERNO_SIGNER_ADDRESS, ETERNO_PLACEMENT_SIGNER_ADDRESS and ETERNO_NFT_OPERATOR_ADDRESS for a non-anvil chain, ETERNO_CONFIRMATIONS there (default 20); ETERNO_FEE_RECEIVER for the swap fee, default the deployer; --owner: every Ownable2Step contract is transferred to that address, e.g. a multisig, which must then acceptOwnership() on each)',
    );
    process.exit(2);
  }
  const key = process.env.ETERNO_DEPLOYER_KEY as Hex | undefined;
  const feeReceiver = process.env.ETERNO_FEE_RECEIVER as Address | undefined;
  const vaultSigner = process.env.ETERNO_SIGNER_ADDRESS as Address | undefined;
  const nftOperator = process.env.ETERNO_NFT_OPERATOR_ADDRESS as Address | undefined;
  const placementSigner = process.env.ETERNO_PLACEMENT_SIGNER_ADDRESS as Address | undefined;
  const confirmations = process.env.ETERNO_CONFIRMATIONS;
  const result = await deploy({
    rpcUrl: values.rpc,
    outFile: values.out,
    ...(key ? { deployerPrivateKey: key } : {}),
    ...(feeReceiver ? { feeReceiver } : {}),
    ...(vaultSigner ? { vaultSigner } : {}),
    ...(nftOperator ? { nftOperator } : {}),
    ...(values.owner !== undefined ? { owner: values.owner as Address } : {}),
    ...(placementSigner ? { placementSigner } : {}),
    ...(confirmations ? { confirmations: Number(confirmations) } : {}),
  });
  console.log(JSON.stringify(result, null, 2));
}
