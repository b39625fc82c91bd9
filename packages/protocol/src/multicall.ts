import {
  decodeFunctionResult,
  encodeFunctionData,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type DecodeFunctionResultParameters,
  type EncodeFunctionDataParameters,
  type Hex,
} from 'viem';
import { EternoError } from './errors.ts';
import { multicall3Abi } from './generated/abis.ts';

/** The part of the standard Multicall3 interface (mds1/multicall) ETERNO uses (generated with the other ABIs). */
export { multicall3Abi };

/** What a read needs from a viem client: one `eth_call`. A viem `PublicClient` fits. */
export type CallClient = {
  call(args: { to: Address; data: Hex }): Promise<{ data?: Hex | undefined }>;
};

/** One sub-call: where it goes, its call data, how to read its return data, and a label for errors. */
export type MulticallRead<T> = {
  label: string;
  target: Address;
  callData: Hex;
  decode: (returnData: Hex) => T;
};

export type MulticallFailure = 'REVERTED' | 'NO_DATA' | 'BAD_DATA';

/**
 * A sub-call of a multicall failed: it reverted, returned nothing (e.g. the target has no code)
 * or returned data that does not decode. The spec's "a failed multicall sub-call throws its
 * result": a failed read is an error, never a silent zero.
 */
export class MulticallCallError extends EternoError<'MULTICALL_CALL_FAILED'> {
  readonly index: number;
  readonly target: Address;
  readonly label: string;
  readonly failure: MulticallFailure;
  readonly returnData: Hex;

  constructor(
    call: { index: number; target: Address; label: string; failure: MulticallFailure; returnData: Hex },
    options?: ErrorOptions,
  ) {
    const what = { REVERTED: 'reverted', NO_DATA: 'returned no data', BAD_DATA: 'returned undecodable data' };
    super(
      'MULTICALL_CALL_FAILED',
      `Multicall sub-call #${call.index} (${call.label} at ${call.target}) ${what[call.failure]}`,
      options,
    );
    this.index = call.index;
    this.target = call.target;
    this.label = call.label;
    this.failure = call.failure;
    this.returnData = call.returnData;
  }
}

/** The multicall itself answered nothing usable (no Multicall3 deployed at that address?). */
export class MulticallUnavailableError extends EternoError<'MULTICALL_UNAVAILABLE'> {
  readonly multicall: Address;

  constructor(multicall: Address, options?: ErrorOptions) {
    super('MULTICALL_UNAVAILABLE', `No usable Multicall3 answer from ${multicall}`, options);
    this.multicall = multicall;
  }
}

/** Named sub-calls, possibly grouped: each leaf is a `MulticallRead`, each group a record of them. */
export type ReadTree = { readonly [name: string]: MulticallRead<unknown> | ReadTree };

/** What a `ReadTree` reads to: the same names (and groups), each with its decoded value's type. */
export type ReadResults<R extends ReadTree> = {
  -readonly [K in keyof R]: R[K] extends MulticallRead<infer T> ? T : R[K] extends ReadTree ? ReadResults<R[K]> : never;
};

function isRead(node: MulticallRead<unknown> | ReadTree): node is MulticallRead<unknown> {
  return typeof node.decode === 'function' && typeof node.callData === 'string';
}

function leaves(tree: ReadTree, path: string[] = []): Array<{ path: string[]; read: MulticallRead<unknown> }> {
  return Object.entries(tree).flatMap(([name, node]) =>
    isRead(node) ? [{ path: [...path, name], read: node }] : leaves(node, [...path, name]),
  );
}

/**
 * Runs every named read in ONE `eth_call` to Multicall3 `tryAggregate(false, calls)` and returns
 * the decoded results under the same names (groups stay groups), e.g.
 * `aggregateStrict(client, mc, { block: blockNumberRead(mc), supply: viewRead(…) })` → `{ block, supply }`.
 * Throws `MulticallCallError` (its `label` names the read) for the first sub-call that failed.
 */
export async function aggregateStrict<const R extends ReadTree>(
  client: CallClient,
  multicall: Address,
  reads: R,
): Promise<ReadResults<R>> {
  const calls = leaves(reads);
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'tryAggregate',
    args: [false, calls.map(({ read: { target, callData } }) => ({ target, callData }))],
  });
  const { data: answer } = await client.call({ to: multicall, data });
  if (answer === undefined || answer === '0x') throw new MulticallUnavailableError(multicall);

  let results: readonly { success: boolean; returnData: Hex }[];
  try {
    results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'tryAggregate', data: answer });
  } catch (cause) {
    throw new MulticallUnavailableError(multicall, { cause });
  }
  if (results.length !== calls.length) throw new MulticallUnavailableError(multicall);

  const out: Record<string, unknown> = {};
  calls.forEach(({ path, read }, index) => {
    const result = results[index];
    if (result === undefined) throw new MulticallUnavailableError(multicall);
    const { success, returnData } = result;
    const failed = (failure: MulticallFailure, cause?: unknown) =>
      new MulticallCallError(
        { index, target: read.target, label: read.label, failure, returnData },
        cause === undefined ? undefined : { cause },
      );
    if (!success) throw failed('REVERTED');
    if (returnData === '0x') throw failed('NO_DATA');
    let value: unknown;
    try {
      value = read.decode(returnData);
    } catch (cause) {
      throw failed('BAD_DATA', cause);
    }
    let group = out;
    for (const name of path.slice(0, -1)) {
      const next = group[name];
      group = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : (group[name] = {});
    }
    group[path[path.length - 1] ?? ''] = value;
  });
  // The tree's shape and each leaf's decoder give the type; the record is built from them.
  return out as ReadResults<R>;
}

/** A read of Multicall3's own `getEthBalance(account)`: the native (FON) balance. */
export function nativeBalanceRead(multicall: Address, account: Address): MulticallRead<bigint> {
  return {
    label: 'Multicall3.getEthBalance',
    target: multicall,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [account] }),
    decode: (returnData) =>
      decodeFunctionResult({ abi: multicall3Abi, functionName: 'getEthBalance', data: returnData }),
  };
}

/** A read of Multicall3's own `getBlockNumber()`: the block every other read of the call saw. */
export function blockNumberRead(multicall: Address): MulticallRead<bigint> {
  return {
    label: 'Multicall3.getBlockNumber',
    target: multicall,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getBlockNumber' }),
    decode: (returnData) =>
      decodeFunctionResult({ abi: multicall3Abi, functionName: 'getBlockNumber', data: returnData }),
  };
}

/** A read of Multicall3's own `getCurrentBlockTimestamp()`: the time (unix seconds) every other read of the call saw. */
export function blockTimestampRead(multicall: Address): MulticallRead<bigint> {
  return {
    label: 'Multicall3.getCurrentBlockTimestamp',
    target: multicall,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }),
    decode: (returnData) =>
      decodeFunctionResult({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp', data: returnData }),
  };
}

type ViewFunctionName<A extends Abi> = ContractFunctionName<A, 'view' | 'pure'>;

/**
 * A typed sub-call of a view function of `abi` at `target`: the arguments and the decoded result
 * take their types from the ABI (e.g. `viewRead('USDT.balanceOf', usdt, erc20Abi, 'balanceOf', [account])`
 * is a `MulticallRead<bigint>`). `label` names the call in a `MulticallCallError`.
 */
export function viewRead<
  const A extends Abi,
  F extends ViewFunctionName<A>,
  const Args extends ContractFunctionArgs<A, 'view' | 'pure', F>,
>(
  label: string,
  target: Address,
  abi: A,
  functionName: F,
  args: Args,
): MulticallRead<ContractFunctionReturnType<A, 'view' | 'pure', F, Args>> {
  return {
    label,
    target,
    callData: encodeFunctionData<A, F>({ abi, functionName, args } as EncodeFunctionDataParameters<A, F>),
    decode: (data) =>
      decodeFunctionResult<A, F, Args>({ abi, functionName, args, data } as DecodeFunctionResultParameters<A, F, Args>),
  };
}
