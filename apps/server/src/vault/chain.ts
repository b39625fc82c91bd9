/**
 * The vault's figures read on chain for a request: paused, the user's next nonce of one kind, and
 * per token its configuration, today's payouts and the vault's holdings — batched by the client
 * into Multicall3 `eth_call`s shared by the requests arriving together. The caps and the pause are
 * always the contract's, never a copy in the server.
 *
 * The vault-wide reads (pause, token configuration and payouts, holdings) of requests arriving
 * within one batch window share one read: they would have gone into the same `eth_call` anyway,
 * so they are exactly as fresh, and the 20th request does not encode and decode them again. The
 * user's nonce is read for every request.
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { VAULT_KIND } from '@eterno/protocol/vault/typedData';
import { erc20Abi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem';

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

/**
 * `client` should batch through Multicall3 (`batch: { multicall: { wait: batchWaitMs } }`, as
 * ./open.ts makes it): the reads of requests arriving together then share ONE `eth_call`.
 */
export function vaultChain(client: PublicClient, vault: Address, { batchWaitMs = 0 } = {}): VaultChain {
  const read = <T>(call: ContractFunctionParameters) => client.readContract(call as never) as Promise<T>;
  // A vault-wide read joins the one of the same key started less than one batch window ago (the
  // entry is dropped when the window closes, before the batch is sent: never a result read earlier).
  const joinable = new Map<string, Promise<unknown>>();
  const shared = <T>(key: string, call: ContractFunctionParameters): Promise<T> => {
    const open = joinable.get(key);
    if (open !== undefined) return open as Promise<T>;
    const started = read<T>(call);
    joinable.set(key, started);
    setTimeout(() => joinable.delete(key), batchWaitMs);
    return started;
  };
  return {
    async read(user, kind, tokens) {
      const [paused, nonce, perToken] = await Promise.all([
        shared<boolean>('paused', { address: vault, abi: eternoVaultAbi, functionName: 'paused' }),
        user === null
          ? 0n
          : read<bigint>({
              address: vault,
              abi: eternoVaultAbi,
              functionName: 'nonces',
              args: [user, VAULT_KIND[kind]],
            }),
        Promise.all(
          tokens.map(async (token) => {
            const [info, holdings] = await Promise.all([
              shared<readonly [boolean, bigint, bigint, bigint]>(`tokenInfo ${token}`, {
                address: vault,
                abi: eternoVaultAbi,
                functionName: 'tokenInfo',
                args: [token],
              }),
              shared<bigint>(`holdings ${token}`, {
                address: token,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [vault],
              }),
            ]);
            const [allowed, perTxCap, perDayCap, paidToday] = info;
            return { token, allowed, perTxCap, perDayCap, paidToday, holdings };
          }),
        ),
      ]);
      return { paused, nonce, tokens: perToken };
    },
  };
}
