import { BaseError, erc20Abi, type Address, type Chain, type Hex, type PublicClient, type WalletClient } from 'viem';
import { EternoError } from '../errors.ts';
import { TxFailedError, TxRefusedError, TxSimulationError } from './errors.ts';
import { decodeRevert, withKnownErrors } from './revert.ts';
import type { ContractCall, TxStep } from './steps.ts';

/** The wallet refused (EIP-1193 `4001 User Rejected Request`), wherever viem wrapped it. */
export function isUserRejection(error: unknown): boolean {
  const hasCode = (e: unknown) => typeof e === 'object' && e !== null && 'code' in e && e.code === 4001;
  if (error instanceof BaseError) return error.walk(hasCode) !== null;
  return hasCode(error);
}

/** What `executeSteps` needs of viem: a public client to simulate and wait, a wallet client to send. */
export type TxClients = {
  readonly publicClient: Pick<PublicClient, 'simulateContract' | 'waitForTransactionReceipt'>;
  readonly walletClient: Pick<WalletClient, 'writeContract'>;
  readonly account: Address;
  readonly chain: Chain;
  /** Fixed gas settings (spec §9 on chain 201022); estimates when absent. A step's `gasLimit` wins over `gas`. */
  readonly gas?: { readonly gas: bigint; readonly gasPrice: bigint };
  /** How often to look for a receipt, ms. */
  readonly receiptPollingInterval?: number;
};

export type TxEvent =
  | { readonly phase: 'simulating'; readonly stepIndex: number }
  | { readonly phase: 'signing'; readonly stepIndex: number }
  | { readonly phase: 'pending'; readonly stepIndex: number; readonly hash: Hex }
  | { readonly phase: 'mined'; readonly stepIndex: number; readonly hash: Hex };

/** The contract call a step makes: the action's own call, or an exact `approve(spender, amount)`. */
export function callOf(step: TxStep): ContractCall {
  if (step.kind === 'call') return step.call;
  return { address: step.token, abi: erc20Abi, functionName: 'approve', args: [step.spender, step.amount] };
}

/**
 * Runs the steps in order. Each step is simulated first (`eth_call`): a revert throws
 * `TxSimulationError` with the decoded reason before the wallet is asked. Then it is sent through
 * the wallet and its receipt awaited; the next step starts only on a successful receipt (an
 * approval is mined before the action is simulated). A refusal in the wallet throws
 * `TxRefusedError`; a send failure or a reverted receipt throws `TxFailedError`. Resolves with
 * every step's hash.
 */
export async function executeSteps(
  steps: readonly TxStep[],
  clients: TxClients,
  onEvent: (event: TxEvent) => void = () => {},
): Promise<Hex[]> {
  const hashes: Hex[] = [];
  for (const [stepIndex, step] of steps.entries()) {
    const call = callOf(step);
    const abi = withKnownErrors(call.abi);
    onEvent({ phase: 'simulating', stepIndex });
    try {
      await clients.publicClient.simulateContract({ ...call, abi, account: clients.account });
    } catch (error) {
      const reason = decodeRevert(error);
      if (reason) throw new TxSimulationError(stepIndex, reason, { cause: error });
      throw new EternoError('NETWORK_ERROR', undefined, { cause: error });
    }

    onEvent({ phase: 'signing', stepIndex });
    const gasLimit = step.kind === 'call' ? step.gasLimit : undefined;
    const gas = gasLimit ?? clients.gas?.gas;
    let hash: Hex;
    try {
      hash = await clients.walletClient.writeContract({
        ...call,
        abi,
        account: clients.account,
        chain: clients.chain,
        ...(gas !== undefined ? { gas } : {}),
        ...(clients.gas ? { gasPrice: clients.gas.gasPrice } : {}),
      });
    } catch (error) {
      if (isUserRejection(error)) throw new TxRefusedError(stepIndex, { cause: error });
      throw new TxFailedError(stepIndex, undefined, { cause: error });
    }
    hashes.push(hash);

    onEvent({ phase: 'pending', stepIndex, hash });
    const receipt = await clients.publicClient.waitForTransactionReceipt({
      hash,
      ...(clients.receiptPollingInterval ? { pollingInterval: clients.receiptPollingInterval } : {}),
    });
    if (receipt.status !== 'success') throw new TxFailedError(stepIndex, hash);
    onEvent({ phase: 'mined', stepIndex, hash });
  }
  return hashes;
}
