import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import {
  aggregateStrict,
  blockNumberRead,
  blockTimestampRead,
  viewRead,
  type CallClient,
  type ReadResults,
} from '../multicall.ts';
import { VAULT_KIND } from './typedData.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from '../multicall.ts';

/** The tokens the vault takes and pays (docs/decisions/vault.md), in display order. */
export const VAULT_TOKEN_SYMBOLS = ['USDT', 'EUSD', 'ETRO'] as const;
export type VaultTokenSymbol = (typeof VAULT_TOKEN_SYMBOLS)[number];

/** The deployed contracts `readVault` reads (a deployments file's `contracts` fits). */
export type VaultContracts = Pick<DeployedContracts, 'Multicall3' | 'EternoVault' | VaultTokenSymbol>;

/** One token as the vault sees it. Amounts in base units (18 decimals). */
export type VaultTokenView = {
  readonly symbol: VaultTokenSymbol;
  readonly token: Address;
  /** Deposits and exchange inputs may use it. */
  readonly allowed: boolean;
  /** Most one withdrawal or exchange output may pay. */
  readonly perTxCap: bigint;
  /** Most the token's net outflow (payouts less inflows) may be in one UTC day, vault-wide. */
  readonly perDayCap: bigint;
  /** The net outflow of the UTC day of the block read (never below 0). */
  readonly paidToday: bigint;
  /** What today's cap still allows (perDayCap − paidToday, never negative). */
  readonly remainingToday: bigint;
  /** Most one user may be paid of the token in one UTC day. */
  readonly perUserDayCap: bigint;
  /** What exchange outputs of the token may still pay (funded + exchange inputs − exchange outputs). */
  readonly exchangeBudget: bigint;
  /** The vault's balance of the token: deposits, reserve and exchange inputs, less payouts. */
  readonly holdings: bigint;
};

/** The account's next nonce of each kind, as the contract will read it into the digest. */
export type VaultNonces = { readonly diveIn: bigint; readonly withdraw: bigint; readonly exchange: bigint };

export type VaultView = {
  /** The block every figure was read at, and its timestamp (unix seconds). */
  readonly blockNumber: bigint;
  readonly timestamp: bigint;
  readonly vault: Address;
  readonly signer: Address;
  /** Deposits and exchanges are paused. */
  readonly paused: boolean;
  /** The pause still holds withdrawals (for the contract's MAX_PAUSE at most), until `withdrawalsReopenAt`. */
  readonly withdrawalsPaused: boolean;
  readonly withdrawalsReopenAt: bigint;
  /** The account's nonces; null when no account was given. */
  readonly nonces: VaultNonces | null;
  readonly tokens: Readonly<Record<VaultTokenSymbol, VaultTokenView>>;
};

function tokenReads(c: VaultContracts, symbol: VaultTokenSymbol) {
  return {
    info: viewRead(`EternoVault.tokenInfo(${symbol})`, c.EternoVault, eternoVaultAbi, 'tokenInfo', [c[symbol]]),
    holdings: viewRead(`${symbol}.balanceOf(vault)`, c[symbol], erc20Abi, 'balanceOf', [c.EternoVault]),
  } as const;
}

/** The account's three nonces, as a named group a screen or the server adds to its own multicall. */
export function vaultNonceReads(vault: Address, account: Address) {
  const nonce = (name: string, kind: number) =>
    viewRead(`EternoVault.nonces(${name})`, vault, eternoVaultAbi, 'nonces', [account, kind]);
  return {
    diveIn: nonce('DiveIn', VAULT_KIND.DiveIn),
    withdraw: nonce('Withdraw', VAULT_KIND.Withdraw),
    exchange: nonce('Exchange', VAULT_KIND.Exchange),
  } as const;
}

/**
 * The vault's sub-calls as one named group (signer, pause state, each token's `tokenInfo` and the vault's
 * balance of it), for a screen that adds them to its own Multicall3 read; `vaultFromAnswers` decodes them.
 */
export function vaultReads(c: VaultContracts) {
  return {
    signer: viewRead('EternoVault.signer', c.EternoVault, eternoVaultAbi, 'signer', []),
    pause: viewRead('EternoVault.pauseState', c.EternoVault, eternoVaultAbi, 'pauseState', []),
    tokens: {
      USDT: tokenReads(c, 'USDT'),
      EUSD: tokenReads(c, 'EUSD'),
      ETRO: tokenReads(c, 'ETRO'),
    },
  } as const;
}

export type VaultAnswers = ReadResults<ReturnType<typeof vaultReads>>;

/** The vault's figures (without block and nonces) from the answers of `vaultReads`. */
export function vaultFromAnswers(
  c: VaultContracts,
  answers: VaultAnswers,
): Pick<VaultView, 'vault' | 'signer' | 'paused' | 'withdrawalsPaused' | 'withdrawalsReopenAt' | 'tokens'> {
  const token = (symbol: VaultTokenSymbol): VaultTokenView => {
    const [allowed, perTxCap, perDayCap, paidToday, perUserDayCap, exchangeBudget] = answers.tokens[symbol].info;
    return {
      symbol,
      token: c[symbol],
      allowed,
      perTxCap,
      perDayCap,
      paidToday,
      remainingToday: perDayCap > paidToday ? perDayCap - paidToday : 0n,
      perUserDayCap,
      exchangeBudget,
      holdings: answers.tokens[symbol].holdings,
    };
  };
  const [paused, withdrawalsPaused, withdrawalsReopenAt] = answers.pause;
  return {
    vault: c.EternoVault,
    signer: answers.signer,
    paused,
    withdrawalsPaused,
    withdrawalsReopenAt,
    tokens: { USDT: token('USDT'), EUSD: token('EUSD'), ETRO: token('ETRO') },
  };
}

/**
 * Everything the vault screens (asset detail, exchange, data index) and the server's voucher checks
 * read from the vault, in ONE `eth_call` to Multicall3 (every figure of the same block): the signer,
 * the pause, each token's configuration, today's net outflow, its exchange budget and the vault's holdings, the block number
 * and timestamp, and — with an `account` — that account's nonce of each kind. Throws
 * `MulticallCallError` if a sub-call fails (e.g. no vault at the address).
 */
export async function readVault(
  client: CallClient,
  args: { contracts: VaultContracts; account?: Address },
): Promise<VaultView> {
  const { contracts: c, account } = args;
  const reads = {
    blockNumber: blockNumberRead(c.Multicall3),
    timestamp: blockTimestampRead(c.Multicall3),
    vault: vaultReads(c),
  };
  if (account === undefined) {
    const { blockNumber, timestamp, vault } = await aggregateStrict(client, c.Multicall3, reads);
    return { blockNumber, timestamp, nonces: null, ...vaultFromAnswers(c, vault) };
  }
  const { blockNumber, timestamp, vault, nonces } = await aggregateStrict(client, c.Multicall3, {
    ...reads,
    nonces: vaultNonceReads(c.EternoVault, account),
  });
  return { blockNumber, timestamp, nonces, ...vaultFromAnswers(c, vault) };
}
