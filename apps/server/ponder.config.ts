import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { parseDeployments } from '@eterno/protocol/deployments';
import {
  eternoFarmAbi,
  eternoNodesAbi,
  eternoStakingAbi,
  eternoVaultAbi,
  eusdMarketAbi,
  etroSwapAbi,
  lockLedgerAbi,
  referralRegistryAbi,
  uniswapV2PairAbi,
} from '@eterno/protocol/generated/abis';
import { STAKE_POOLS } from '@eterno/protocol/indexerApi';
import { createConfig } from 'ponder';
import { databaseUrlFrom, dataDirFrom, EnvError, requireEnv } from './src/api/env.ts';

const file = requireEnv(process.env, 'ETERNO_DEPLOYMENTS');
const deployments = parseDeployments(JSON.parse(readFileSync(file, 'utf8')));
if (deployments.chainId !== ETERNO_CHAIN_ID) {
  throw new EnvError(`${file}: chainId is ${deployments.chainId}, expected ${ETERNO_CHAIN_ID}`);
}
const { contracts, startBlock } = deployments;
const databaseUrl = databaseUrlFrom(process.env);

/**
 * The DeFi core: EtroSwap trades, LockLedger credits and claims, the two EternoStaking deployments
 * (one `Staking` source, addresses in STAKE_POOLS order: StakingETRO, StakingEULP), EternoFarm;
 * the EternoVault (the income ledger and bills) and the EULP pair's `Sync` (the exchange TWAP); the
 * ReferralRegistry (the referral tree and team volumes, src/referral; the zero address when the
 * deployments name none); every
 * block (`IndexedHead`: the latest indexed block, the vouchers' expiry clock; `FinanceSettlement`: the
 * daily finance settlement at 00:00 UTC of block time, src/finance/settlement.ts).
 */
export default createConfig({
  database: databaseUrl
    ? { kind: 'postgres', connectionString: databaseUrl }
    : { kind: 'pglite', directory: join(dataDirFrom(process.env), 'ponder') },
  chains: {
    eterno: { id: ETERNO_CHAIN_ID, rpc: requireEnv(process.env, `PONDER_RPC_URL_${ETERNO_CHAIN_ID}`) },
  },
  contracts: {
    EulpPair: {
      chain: 'eterno',
      abi: uniswapV2PairAbi,
      address: contracts.EULP,
      startBlock,
    },
    EtroSwap: { chain: 'eterno', abi: etroSwapAbi, address: contracts.EtroSwap, startBlock },
    LockLedger: { chain: 'eterno', abi: lockLedgerAbi, address: contracts.LockLedger, startBlock },
    Staking: {
      chain: 'eterno',
      abi: eternoStakingAbi,
      address: STAKE_POOLS.map((pool) => contracts[`Staking${pool}`]),
      startBlock,
    },
    EternoFarm: { chain: 'eterno', abi: eternoFarmAbi, address: contracts.EternoFarm, startBlock },
    EternoVault: { chain: 'eterno', abi: eternoVaultAbi, address: contracts.EternoVault, startBlock },
    ReferralRegistry: {
      chain: 'eterno',
      abi: referralRegistryAbi,
      address: contracts.ReferralRegistry,
      startBlock,
    },
    // The EUSD market (issue 11): orders, fills and their bills (src/EusdMarket.ts).
    EusdMarket: { chain: 'eterno', abi: eusdMarketAbi, address: contracts.EusdMarket, startBlock },
    // Nodes (issue 11): nodes, their NFTs and votes (src/EternoNodes.ts); the daily node reward pool is
    // paid by the FinanceSettlement block handler (src/nodes/settleNodes.ts).
    EternoNodes: { chain: 'eterno', abi: eternoNodesAbi, address: contracts.EternoNodes, startBlock },
    // Home › TREND: the `Swap` events of the ETRO/USDT (EULP) and WFON/USDT pairs → candles (src/PricePair.ts).
    PricePair: {
      chain: 'eterno',
      abi: uniswapV2PairAbi,
      address: [contracts.EULP, contracts.WFON_USDT],
      startBlock,
    },
  },
  blocks: {
    IndexedHead: { chain: 'eterno', startBlock, interval: 1 },
    FinanceSettlement: { chain: 'eterno', startBlock, interval: 1 },
  },
});
