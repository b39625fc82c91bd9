import { getAddress, parseEther } from 'viem';
import { aprFigure } from '@eterno/protocol/farm/apr';
import type { FarmPoolView, FarmView } from '@eterno/protocol/farm/readFarm';
import { miningProgress } from '@eterno/protocol/farm/progress';

/** Figures for component tests (a jsdom test stubs the hook's data; the product reads the chain). */
export const FIXTURE_FARM = getAddress('0x8a791620dd6260079bf849dc5567adc3f2fdc318');

const stages = ['4', '3', '2', '1'].map((rate, i) => {
  const startBlock = 100n + BigInt(i) * 864_000n;
  return {
    startBlock,
    endBlock: startBlock + 864_000n,
    etroPerBlock: parseEther(rate),
    emission: 864_000n * parseEther(rate),
  };
});

const pair = {
  reserves: { usdt: parseEther('501000'), other: parseEther('1002000') },
  totalSupply: parseEther('708520'),
};

/** A pool's figures; its shown APR follows from its APR, TVL and staked LP unless `apr` is given. */
export function fixturePool(overrides: Partial<FarmPoolView> = {}): FarmPoolView {
  const { apr, ...rest } = overrides;
  const base: Omit<FarmPoolView, 'apr'> = {
    pid: 0,
    symbol: 'EULP',
    pairedWith: 'ETRO',
    lpToken: getAddress('0xf67a2f36c3c026af7b69659b3b66bb8e657a821f'),
    allocPoint: 60n,
    lastRewardBlock: 1_080_000n,
    accEtroPerShare: 0n,
    lpSupply: parseEther('100'),
    farmLpBalance: parseEther('100'),
    etroPerBlock: parseEther('1.8'),
    pair,
    tvlUsdt: parseEther('141.41'),
    stakedUsdt: parseEther('141.41'),
    aprBps: 12_589_221n,
    lpBalance: parseEther('1314.213562373095048801'),
    allowance: 0n,
    staked: parseEther('100'),
    rewardDebt: 0n,
    pending: parseEther('12.345678919'),
    ...rest,
  };
  return { ...base, apr: apr ?? aprFigure(base.aprBps, base.tvlUsdt, base.lpSupply) };
}

export function fixtureFarm(pools?: [Partial<FarmPoolView>, Partial<FarmPoolView>]): FarmView {
  const blockNumber = 100n + 864_000n + 216_000n;
  return {
    blockNumber,
    farm: FIXTURE_FARM,
    totalAllocPoint: 100n,
    etroPriceUsdt: parseEther('0.5'),
    pools: [
      fixturePool(pools?.[0]),
      fixturePool({
        pid: 1,
        symbol: 'ELP',
        pairedWith: 'EUSD',
        lpSupply: 0n,
        farmLpBalance: 0n,
        etroPerBlock: parseEther('1.2'),
        tvlUsdt: 0n,
        stakedUsdt: 0n,
        aprBps: null,
        lpBalance: 0n,
        staked: 0n,
        pending: 0n,
        ...pools?.[1],
      }),
    ],
    progress: miningProgress({
      stages,
      currentStage: 1n,
      blockNumber,
      emitted: 864_000n * parseEther('4') + 216_000n * parseEther('3'),
      totalEmission: parseEther('8640000'),
    }),
  };
}
