/**
 * The vault's figures read on chain for a request: paused, the user's next nonce of one kind, and
 * per token its configuration, today's payouts and the vault's holdings. The caps and the pause are
 * always the contract's, never a copy in the server.
 *
 * Every read joins the batch of the current window (`batchWaitMs`, opened by the first read after
 * the previous batch was sent): ONE Multicall3 `eth_call` per window (`aggregateStrict`, @eterno/protocol/multicall) holds each
 * distinct call once — the vault-wide ones (pause, token configuration and payouts, holdings) and
 * every (user, kind) nonce asked in the window. A read never gets a result of a call sent before it
 * was made. The calls are encoded by hand (static arguments, selectors computed once) and only the
 * batch goes through the ABI coder: the 20th request of a burst costs one array entry, not a
 * `readContract` (docs/decisions/vouchers.md, speed).
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
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
  paidToday: bigint;
  /** The vault's balance of the token. */
  holdings: bigint;
};

export type VaultState = { paused: boolean; nonce: bigint; tokens: TokenState[] };

export type VaultChain = {
  /** Reads the state for `user`'s next signature of `kind` (nonce 0 when `user` is null). */
  read(user: Address | null, kind: VaultKind, tokens: readonly Address[]): Promise<VaultState>;
};

const selector = (abi: readonly unknown[], name: string): string => {
  const item = (abi as ReadonlyArray<{ type: string; name?: string }>).find(
    (x) => x.type === 'function' && x.name === name,
  );
  if (item === undefined) throw new Error(`no function ${name} in the ABI`);
  return toFunctionSelector(item as never).slice(2);
};
const PAUSED = selector(eternoVaultAbi, 'paused');
const NONCES = selector(eternoVaultAbi, 'nonces');
const TOKEN_INFO = selector(eternoVaultAbi, 'tokenInfo');
const BALANCE_OF = selector(erc20Abi, 'balanceOf');

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

/**
 * `client` sends the batch's `eth_call` (./open.ts gives it a kept-alive node:http transport).
 */
export function vaultChain(client: PublicClient, vault: Address, { batchWaitMs = 0 } = {}): VaultChain {
  let open: Batch | null = null;

  /** One plain `eth_call` (no viem `call` action on this path); the batch is coded by the protocol's multicall. */
  const caller: CallClient = {
    call: async ({ to, data }) => ({
      data: await client.request({ method: 'eth_call', params: [{ to, data }, 'latest'] }),
    }),
  };
  const send = async (batch: Batch): Promise<readonly Hex[]> => {
    const reads: Record<string, MulticallRead<Hex>> = {};
    batch.calls.forEach(({ target, callData }, i) => {
      reads[i] = { label: `vault read ${callData.slice(0, 10)}`, target, callData, decode: (data) => data };
    });
    const results = await aggregateStrict(caller, MULTICALL3_ADDRESS, reads);
    return batch.calls.map((_, i) => results[i]!);
  };

  /** The result of `callData` on `target` from the current window's batch (opened when none is). */
  const call = async (target: Address, callData: Hex): Promise<Hex> => {
    let batch = open;
    if (batch === null) {
      let start!: () => void;
      const started = new Promise<void>((res) => {
        start = res;
      });
      const fresh: Batch = { calls: [], index: new Map(), results: started.then(() => send(fresh)) };
      batch = open = fresh;
      setTimeout(() => {
        // The window closes before the batch is sent: a later read opens a batch of its own.
        if (open === fresh) open = null;
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
  return {
    async read(user, kind, tokens) {
      const [paused, nonce, perToken] = await Promise.all([
        call(lowerVault, `0x${PAUSED}`).then((d) => wordAt(d, 0) !== 0n),
        user === null
          ? 0n
          : call(lowerVault, `0x${NONCES}${wordOf(user)}${wordOf(VAULT_KIND[kind])}`).then((d) => wordAt(d, 0)),
        Promise.all(
          tokens.map(async (token) => {
            const [info, holdings] = await Promise.all([
              call(lowerVault, `0x${TOKEN_INFO}${wordOf(token)}`),
              call(token.toLowerCase() as Address, `0x${BALANCE_OF}${wordOf(lowerVault)}`).then((d) => wordAt(d, 0)),
            ]);
            return {
              token,
              allowed: wordAt(info, 0) !== 0n,
              perTxCap: wordAt(info, 1),
              perDayCap: wordAt(info, 2),
              paidToday: wordAt(info, 3),
              holdings,
            };
          }),
        ),
      ]);
      return { paused, nonce, tokens: perToken };
    },
  };
}
