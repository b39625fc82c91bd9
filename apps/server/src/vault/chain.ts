/**
 * The vault's figures read on chain for a request, in ONE Multicall3 `eth_call`: paused, the
 * user's next nonce of one kind, and per token its configuration, today's payouts and the vault's
 * holdings. The caps and the pause are always the contract's, never a copy in the server.
 */
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { VAULT_KIND } from '@eterno/protocol/vault/typedData';
import { erc20Abi, zeroAddress, type Address, type ContractFunctionParameters, type PublicClient } from 'viem';

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

export function vaultChain(client: PublicClient, vault: Address): VaultChain {
  return {
    async read(user, kind, tokens) {
      const calls: ContractFunctionParameters[] = [
        { address: vault, abi: eternoVaultAbi, functionName: 'paused' },
        { address: vault, abi: eternoVaultAbi, functionName: 'nonces', args: [user ?? zeroAddress, VAULT_KIND[kind]] },
        ...tokens.flatMap((token): ContractFunctionParameters[] => [
          { address: vault, abi: eternoVaultAbi, functionName: 'tokenInfo', args: [token] },
          { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [vault] },
        ]),
      ];
      const results: readonly unknown[] = await client.multicall({ allowFailure: false, contracts: calls });
      const [paused, nonce, ...perToken] = results;
      return {
        paused: paused as boolean,
        nonce: user === null ? 0n : (nonce as bigint),
        tokens: tokens.map((token, i) => {
          const [allowed, perTxCap, perDayCap, paidToday] = perToken[2 * i] as readonly [
            boolean,
            bigint,
            bigint,
            bigint,
          ];
          return { token, allowed, perTxCap, perDayCap, paidToday, holdings: perToken[2 * i + 1] as bigint };
        }),
      };
    },
  };
}
