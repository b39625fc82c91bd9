/**
 * The vault's figures read on chain for a request: paused (deposits and exchanges, and whether the pause
 * still holds withdrawals), the user's next nonce of one kind, and per token its configuration, today's
 * net outflow, what the user was paid today, the exchange budget and the vault's holdings; the EULP pair's
 * reserves (the exchange's spot price) and the EUSD market's buyer reward. The caps, the budgets and the
 * pause are always the contract's, never a copy in the server.
 *
 * `holdingsAt` reads the vault's balances at one given block, named by its HASH (EIP-1898, `requireCanonical`:
 * the indexed head; the solvency check compares them with the ledger of that same block, and a block a reorg
 * has replaced is refused by the node instead of being read as the block now at its height), `blockTime` a
 * block's timestamp.
 *
 * Every read joins the batch of the current window (`batchWaitMs`, opened by the first read after
 * the previous batch was sent): ONE Multicall3 `eth_call` per window (`aggregateStrict`, @eterno/protocol/multicall) holds each
 * distinct call once — the vault-wide ones (pause, token configuration and payouts, holdings) and
 * every (user, kind) nonce asked in the window. A read never gets a result of a call sent before it
 * was made. The calls are encoded by hand (static arguments, selectors computed once) and only the
 * batch goes through the ABI coder: the 20th request of a burst costs one array entry, not a
 * `readContract` (docs/decisions/vouchers.md, speed).
 */
import { eternoVaultAbi, eusdMarketAbi, uniswapV2PairAbi } from '@eterno/protocol/generated/abis';
import { MULTICALL3_ADDRESS } from '@eterno/protocol/chain';
import { aggregateStrict, type CallClient, type MulticallRead } from '@eterno/protocol/multicall';
import { VAULT_KIND } from '@eterno/protocol/vault/typedData';
import { erc20Abi, toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem';

export type VaultKind = keyof typeof VAULT_KIND;

export type TokenState = {
  token: Address;
  allowed: boolean;
  perTxCap: bigint;
  perDayCap: bigint;
  /** Today's net outflow (payouts less inflows, never below 0). */
  paidToday: bigint;
  perUserDayCap: bigint;
  /** What exchange outputs of the token may still pay. */
  exchangeBudget: bigint;
  /** What the user was paid of the token today (0 without a user, or for a deposit). */
  userPaidToday: bigint;
  /** The vault's balance of the token (latest block). */
  holdings: bigint;
};

export type VaultState = {
  /** Deposits and exchanges are paused. */
  paused: boolean;
  /** The pause still holds withdrawals (at most the contract's MAX_PAUSE after it began). */
  withdrawalsPaused: boolean;
  /** When the pause's hold on withdrawals ends (0: never paused). */
  withdrawalsReopenAt: bigint;
  nonce: bigint;
  tokens: TokenState[];
};

export type VaultChain = {
  /** Reads the state for `user`'s next signature of `kind` (nonce 0 when `user` is null). */
  read(user: Address | null, kind: VaultKind, tokens: readonly Address[]): Promise<VaultState>;
  /**
   * The vault's balance of each of `tokens` at the block of hash `blockHash`, in ONE multicall; rejects when
   * the chain does not have that block on its canonical branch (a reorg replaced it).
   */
  holdingsAt(blockHash: Hex, tokens: readonly Address[]): Promise<bigint[]>;
  /** What `owner`'s wallet holds of `token` (latest block): an exchange quote's input must be there. */
  walletBalance(owner: Address, token: Address): Promise<bigint>;
  /** A Uniswap V2 pair's reserves (latest block). */
  pairReserves(pair: Address): Promise<{ reserve0: bigint; reserve1: bigint }>;
  /** The EUSD market's buyer reward in basis points (latest block). */
  marketRewardBps(market: Address): Promise<bigint>;
  /** The timestamp of block `blockNumber` (kept for the blocks asked: they are final). */
  blockTime(blockNumber: bigint): Promise<bigint>;
};

const selector = (abi: readonly unknown[], name: string): string => {
  const item = (abi as ReadonlyArray<{ type: string; name?: string }>).find(
    (x) => x.type === 'function' && x.name === name,
  );
  if (item === undefined) throw new Error(`no function ${name} in the ABI`);
  return toFunctionSelector(item as never).slice(2);
};
const PAUSE_STATE = selector(eternoVaultAbi, 'pauseState');
const NONCES = selector(eternoVaultAbi, 'nonces');
const TOKEN_INFO = selector(eternoVaultAbi, 'tokenInfo');
const USER_PAID_TODAY = selector(eternoVaultAbi, 'userPaidToday');
const BALANCE_OF = selector(erc20Abi, 'balanceOf');
const GET_RESERVES = selector(uniswapV2PairAbi, 'getReserves');
const MARKET_PARAMETERS = selector(eusdMarketAbi, 'parameters');

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A static ABI word: an address or a small unsigned integer, left-padded to 32 bytes. */
function wordOf(value: Address | number): string {
  if (typeof value === 'number') return value.toString(16).padStart(64, '0');
  if (!ADDRESS.test(value)) throw new TypeError(`not an address: ${value}`);
  return value.slice(2).toLowerCase().padStart(64, '0');
}

/** The `i`-th 32-byte word of ABI-encoded return data. */
function wordAt(data: Hex, i: number): bigint {
  const hex = data.slice(2 + 64 * i, 2 + 64 * (i + 1));
  if (hex.length !== 64) throw new Error(`vault read: ${data} is too short`);
  return BigInt(`0x${hex}`);
}

type Call = { target: Address; callData: Hex };
type Batch = { calls: Call[]; index: Map<string, number>; results: Promise<readonly Hex[]> };
/** `latest`, or a block hash (EIP-1898, canonical only). */
type BlockTag = 'latest' | { blockHash: Hex; requireCanonical: true };
/** The key of a tag's open batch. */
const tagKey = (tag: BlockTag): string => (tag === 'latest' ? tag : tag.blockHash);

/** How many block timestamps `blockTime` keeps. */
const BLOCK_TIMES_KEPT = 256;

/**
 * `client` sends the batch's `eth_call` (./open.ts gives it a kept-alive node:http transport).
 */
export function vaultChain(client: PublicClient, vault: Address, { batchWaitMs = 0 } = {}): VaultChain {
  /** The batch of the current window, per block tag (`tagKey`). */
  const open = new Map<string, Batch>();

  /** One plain `eth_call` (no viem `call` action on this path); the batch is coded by the protocol's multicall. */
  const callerAt = (tag: BlockTag): CallClient => ({
    call: async ({ to, data }) => ({
      data: await client.request({ method: 'eth_call', params: [{ to, data }, tag] }),
    }),
  });
  const send = async (tag: BlockTag, batch: Batch): Promise<readonly Hex[]> => {
    const reads: Record<string, MulticallRead<Hex>> = {};
    batch.calls.forEach(({ target, callData }, i) => {
      reads[i] = { label: `vault read ${callData.slice(0, 10)}`, target, callData, decode: (data) => data };
    });
    const results = await aggregateStrict(callerAt(tag), MULTICALL3_ADDRESS, reads);
    return batch.calls.map((_, i) => results[i]!);
  };

  /** The result of `callData` on `target` at `tag` from the current window's batch (opened when none is). */
  const call = async (target: Address, callData: Hex, tag: BlockTag = 'latest'): Promise<Hex> => {
    const tagged = tagKey(tag);
    let batch = open.get(tagged);
    if (batch === undefined) {
      let start!: () => void;
      const started = new Promise<void>((res) => {
        start = res;
      });
      const fresh: Batch = { calls: [], index: new Map(), results: started.then(() => send(tag, fresh)) };
      batch = fresh;
      open.set(tagged, fresh);
      setTimeout(() => {
        // The window closes before the batch is sent: a later read opens a batch of its own.
        if (open.get(tagged) === fresh) open.delete(tagged);
        start();
      }, batchWaitMs);
    }
    const key = `${target}${callData}`;
    let at = batch.index.get(key);
    if (at === undefined) {
      at = batch.calls.push({ target, callData }) - 1;
      batch.index.set(key, at);
    }
    return (await batch.results)[at]!;
  };

  const lowerVault = vault.toLowerCase() as Address;
  const balanceOf = (token: Address, tag: BlockTag = 'latest', owner: Address = lowerVault) =>
    call(token.toLowerCase() as Address, `0x${BALANCE_OF}${wordOf(owner)}`, tag).then((d) => wordAt(d, 0));
  const blockTimes = new Map<bigint, bigint>();
  return {
    async read(user, kind, tokens) {
      const payee = user !== null && kind !== 'DiveIn' ? user : null;
      const [pause, nonce, perToken] = await Promise.all([
        call(lowerVault, `0x${PAUSE_STATE}`),
        user === null
          ? 0n
          : call(lowerVault, `0x${NONCES}${wordOf(user)}${wordOf(VAULT_KIND[kind])}`).then((d) => wordAt(d, 0)),
        Promise.all(
          tokens.map(async (token) => {
            const [info, holdings, userPaidToday] = await Promise.all([
              call(lowerVault, `0x${TOKEN_INFO}${wordOf(token)}`),
              balanceOf(token),
              payee === null
                ? 0n
                : call(lowerVault, `0x${USER_PAID_TODAY}${wordOf(payee)}${wordOf(token)}`).then((d) => wordAt(d, 0)),
            ]);
            return {
              token,
              allowed: wordAt(info, 0) !== 0n,
              perTxCap: wordAt(info, 1),
              perDayCap: wordAt(info, 2),
              paidToday: wordAt(info, 3),
              perUserDayCap: wordAt(info, 4),
              exchangeBudget: wordAt(info, 5),
              userPaidToday,
              holdings,
            };
          }),
        ),
      ]);
      return {
        paused: wordAt(pause, 0) !== 0n,
        withdrawalsPaused: wordAt(pause, 1) !== 0n,
        withdrawalsReopenAt: wordAt(pause, 2),
        nonce,
        tokens: perToken,
      };
    },

    holdingsAt(blockHash, tokens) {
      const tag: BlockTag = { blockHash, requireCanonical: true };
      return Promise.all(tokens.map((token) => balanceOf(token, tag)));
    },

    walletBalance(owner, token) {
      return balanceOf(token, 'latest', owner);
    },

    async pairReserves(pair) {
      const data = await call(pair.toLowerCase() as Address, `0x${GET_RESERVES}`);
      return { reserve0: wordAt(data, 0), reserve1: wordAt(data, 1) };
    },

    async marketRewardBps(market) {
      return wordAt(await call(market.toLowerCase() as Address, `0x${MARKET_PARAMETERS}`), 2);
    },

    async blockTime(blockNumber) {
      const kept = blockTimes.get(blockNumber);
      if (kept !== undefined) return kept;
      const block = await client.getBlock({ blockNumber });
      if (blockTimes.size >= BLOCK_TIMES_KEPT) blockTimes.delete(blockTimes.keys().next().value!);
      blockTimes.set(blockNumber, block.timestamp);
      return block.timestamp;
    },
  };
}
