import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, erc20Abi, http, parseAbi, parseUnits, type Address } from "viem";
import { startAnvil, type Anvil } from "./anvil.ts";
import { deploy, LOCAL_SEED, MULTICALL3_ADDRESS, POOL_SEED, TOKEN_SYMBOLS, type Deployments } from "./deploy.ts";
import { uniswapArtifact } from "./artifacts.ts";

const pairAbi = uniswapArtifact("UniswapV2Pair").abi;
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
const multicall3Abi = parseAbi(["function getBlockNumber() view returns (uint256 blockNumber)"]);

describe("deploy on a fresh anvil", () => {
  let anvil: Anvil;
  let deployments: Deployments;
  let fromFile: unknown;
  let client: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    anvil = await startAnvil();
    const out = join(await mkdtemp(join(tmpdir(), "eterno-deploy-")), "deployments.json");
    deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: out });
    fromFile = JSON.parse(await readFile(out, "utf8"));
    client = createPublicClient({ transport: http(anvil.rpcUrl) });
  }, 60_000);
  afterAll(async () => {
    await anvil?.stop();
  });

  it("writes the deployments file for the local chain, without keys", () => {
    expect(fromFile).toEqual(deployments);
    expect(deployments.chainId).toBe(201022);
    expect(deployments.network).toBe("local");
    expect(deployments.startBlock).toBe(0);
    expect(Object.keys(deployments.contracts).sort()).toEqual(
      ["UNITS", "USDT", "ETRO", "EUSD", "PUSD", "WFON", "UniswapV2Factory", "UniswapV2Router02", "EULP", "Multicall3"].sort(),
    );
    expect(deployments.accounts?.map((a) => a.label)).toEqual(["deployer", "alice", "bob", "carol"]);
    expect(JSON.stringify(fromFile)).not.toMatch(/0x[0-9a-fA-F]{64}/);
  });

  it("places Multicall3 at its canonical address", async () => {
    expect(deployments.contracts.Multicall3).toBe(MULTICALL3_ADDRESS);
    const [blockNumber, latest] = await Promise.all([
      client.readContract({ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: "getBlockNumber" }),
      client.getBlockNumber(),
    ]);
    expect(blockNumber).toBe(latest);
  });

  it("opens the ETRO/USDT pool at 1 ETRO = 0.5 USDT and keeps that price after the seed", async () => {
    const eulp = deployments.contracts.EULP;
    const [token0, reserves] = await Promise.all([
      client.readContract({ address: eulp, abi: pairAbi, functionName: "token0" }) as Promise<Address>,
      client.readContract({ address: eulp, abi: pairAbi, functionName: "getReserves" }) as Promise<[bigint, bigint, number]>,
    ]);
    const etroFirst = token0 === deployments.contracts.ETRO;
    const [etro, usdt] = etroFirst ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]];
    expect(seededLiquidity.ETRO).toBeGreaterThan(0n);
    expect(etro).toBe(POOL_SEED.ETRO + seededLiquidity.ETRO);
    expect(usdt).toBe(POOL_SEED.USDT + seededLiquidity.USDT);
    expect(etro).toBe(usdt * 2n);
  });

  it("gives the deployer the opening LP tokens, less Uniswap's locked minimum", async () => {
    const deployer = deployments.accounts?.find((a) => a.label === "deployer")?.address;
    const lp = await client.readContract({
      address: deployments.contracts.EULP,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [deployer as Address],
    });
    expect(lp).toBe(isqrt(POOL_SEED.ETRO * POOL_SEED.USDT) - MINIMUM_LIQUIDITY);
  });

  it("seeds alice, bob and carol with distinct balances, and alice with EULP she added herself", async () => {
    const openingSupply = isqrt(POOL_SEED.ETRO * POOL_SEED.USDT);
    for (const seed of LOCAL_SEED) {
      const address = deployments.accounts?.find((a) => a.label === seed.label)?.address;
      expect(address).toBeDefined();
      for (const sym of TOKEN_SYMBOLS) {
        const balance = await client.readContract({
          address: deployments.contracts[sym],
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [address as Address],
        });
        expect(balance, `${seed.label} ${sym}`).toBe(seed.tokens[sym]);
      }
      const lp = await client.readContract({
        address: deployments.contracts.EULP,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address as Address],
      });
      const expected = seed.liquidity ? (seed.liquidity.ETRO * openingSupply) / POOL_SEED.ETRO : 0n;
      expect(lp, `${seed.label} EULP`).toBe(expected);
    }
    expect(LOCAL_SEED[0]?.label).toBe("alice");
    expect(LOCAL_SEED[0]?.liquidity?.ETRO).toBe(parseUnits("2000", 18));
    const perAccount = LOCAL_SEED.map((s) => TOKEN_SYMBOLS.map((sym) => s.tokens[sym]).join(","));
    expect(new Set(perAccount).size).toBe(LOCAL_SEED.length);
  });

  it("lets alice's EULP come from her own addLiquidity transaction", async () => {
    const alice = deployments.accounts?.find((a) => a.label === "alice")?.address as Address;
    const mints = await client.getContractEvents({
      address: deployments.contracts.EULP,
      abi: pairAbi,
      eventName: "Mint",
      fromBlock: 0n,
    });
    expect(mints).toHaveLength(2);
    const tx = await client.getTransaction({ hash: mints[1]!.transactionHash });
    expect(tx.from).toBe(alice.toLowerCase());
    expect(tx.to).toBe(deployments.contracts.UniswapV2Router02.toLowerCase());
  });
});
