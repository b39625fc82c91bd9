import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, http, type Address, type PublicClient } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deploy, localPlacementSignerKey } from '@eterno/devstack/deploy';
import { revertEachTest, rpc, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { referralRegistryAbi } from '../generated/abis.ts';
import { TxSimulationError } from '../tx/errors.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import type { CallStep } from '../tx/steps.ts';
import { signPlacement, type PlacementAttestation, type Side } from './placement.ts';
import {
  planRegister,
  registerStepCount,
  registerTransactions,
  type Registration,
  type RegisterPlanArgs,
} from './planRegister.ts';
import { ReferralError, toReferralError } from './referralErrors.ts';

// The seed: deployer ← alice (left); alice ← bob (left), carol (right). Accounts 4–9 are unregistered.
const account = (index: number) => mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: index });
const [alice, bob, carol, dave, erin] = [1, 2, 3, 4, 5].map(account) as [
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
];
const signer = privateKeyToAccount(localPlacementSignerKey());

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
});
revertEachTest(() => anvil.rpcUrl);

const clients = (from: Address): TxClients => ({
  publicClient: client,
  walletClient: createWalletClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) }),
  account: from,
  chain: defineEternoChain(anvil.rpcUrl),
  gas: { gas: GAS_LIMIT, gasPrice: GAS_PRICE },
  receiptPollingInterval: 50,
});
const now = async () => (await client.getBlock()).timestamp;
const parentOf = async (user: Address) =>
  (
    await client.readContract({
      address: deployments.contracts.ReferralRegistry,
      abi: referralRegistryAbi,
      functionName: 'accountOf',
      args: [user],
    })
  )[2];
const args = async (user: Address, registration: Registration, attestation?: PlacementAttestation) =>
  ({
    contracts: { ReferralRegistry: deployments.contracts.ReferralRegistry },
    user,
    registered: false,
    registration,
    now: await now(),
    ...(attestation ? { attestation } : {}),
  }) satisfies RegisterPlanArgs;
/** The placement signer's attestation, as the server would give it (30 minutes). */
const attest = async (user: Address, inviter: Address, contact: Address, side: Side) =>
  signPlacement(
    signer,
    { chainId: deployments.chainId, registry: deployments.contracts.ReferralRegistry },
    { user, inviter, contact, side, deadline: (await now()) + 1800n },
  );
/** The code the steps' refusal decodes to (nothing is sent). */
const refusal = async (
  steps: readonly CallStep[] | ReturnType<typeof planRegister>,
  from: Address,
  inviter: Address,
) => {
  try {
    await executeSteps(registerTransactions(steps), clients(from));
  } catch (error) {
    expect(error).toBeInstanceOf(TxSimulationError);
    const mapped = toReferralError(error, inviter);
    return mapped instanceof ReferralError ? mapped.code : String(error);
  }
  return 'sent';
};
const raw = (functionName: 'register' | 'registerUnder', callArgs: readonly unknown[]): CallStep[] => [
  {
    kind: 'call',
    action: 'referral.register',
    call: { address: deployments.contracts.ReferralRegistry, abi: referralRegistryAbi, functionName, args: callArgs },
  },
];

describe('planRegister', () => {
  it('automatic: one transaction, seated at the end of the inviter’s leg', async () => {
    const registration = { placement: 'automatic', inviter: alice.address, side: 0 } as const;
    const steps = planRegister(await args(dave.address, registration));
    expect(registerStepCount(registration)).toBe(1);
    expect(steps.map((s) => (s.kind === 'call' ? `${s.call.functionName} gas ${s.gasLimit}` : s.kind))).toEqual([
      'register gas 1000000',
    ]);
    await executeSteps(registerTransactions(steps), clients(dave.address));
    expect(await parentOf(dave.address)).toBe(bob.address);
  });

  it('manual under the inviter: one transaction, no attestation', async () => {
    const registration = { placement: 'manual', inviter: carol.address, contact: carol.address, side: 1 } as const;
    const steps = planRegister(await args(dave.address, registration));
    expect(registerStepCount(registration)).toBe(1);
    expect(steps.map((s) => s.kind)).toEqual(['call']);
    await executeSteps(registerTransactions(steps), clients(dave.address));
    expect(await parentOf(dave.address)).toBe(carol.address);
  });

  it('manual under another contact: fetch the attestation, then one transaction the registry accepts', async () => {
    const registration = { placement: 'manual', inviter: alice.address, contact: carol.address, side: 0 } as const;
    expect(registerStepCount(registration)).toBe(2);
    const first = planRegister(await args(dave.address, registration));
    expect(first).toEqual([
      { kind: 'attestation', user: dave.address, inviter: alice.address, contact: carol.address, side: 0 },
    ]);
    expect(() => registerTransactions(first)).toThrow(RangeError);
    const attestation = await attest(dave.address, alice.address, carol.address, 0);
    const steps = planRegister(await args(dave.address, registration, attestation));
    expect(steps.map((s) => s.kind)).toEqual(['call']);
    await executeSteps(registerTransactions(steps), clients(dave.address));
    expect(await parentOf(dave.address)).toBe(carol.address);
  });

  it('refuses before sending: already registered, self-invite, a zero address, an expired attestation', async () => {
    const thrown = (a: RegisterPlanArgs) => {
      try {
        planRegister(a);
      } catch (error) {
        return error instanceof ReferralError ? error.code : String(error);
      }
      return 'planned';
    };
    const auto = { placement: 'automatic', inviter: alice.address, side: 0 } as const;
    expect(thrown({ ...(await args(bob.address, auto)), registered: true })).toBe('ALREADY_REGISTERED');
    expect(thrown(await args(alice.address, auto))).toBe('SELF_INVITE');
    expect(thrown(await args(dave.address, { ...auto, inviter: '0x0000000000000000000000000000000000000000' }))).toBe(
      'INVALID_WALLET_ADDRESS',
    );
    const manual = { placement: 'manual', inviter: alice.address, contact: carol.address, side: 0 } as const;
    const attestation = await attest(dave.address, alice.address, carol.address, 0);
    const base = await args(dave.address, manual, attestation);
    expect(thrown({ ...base, now: attestation.deadline })).toBe('planned');
    expect(thrown({ ...base, now: attestation.deadline + 1n })).toBe('PLACEMENT_EXPIRED');
  });

  it('decodes each refusal of the registry to its error code (simulated: nothing sent)', async () => {
    const registry = deployments.contracts.ReferralRegistry;
    const forDave = await attest(dave.address, alice.address, carol.address, 0);
    const manual = { placement: 'manual', inviter: alice.address, contact: carol.address, side: 0 } as const;
    // Another user's attestation.
    expect(await refusal(planRegister(await args(erin.address, manual, forDave)), erin.address, alice.address)).toBe(
      'PLACEMENT_NOT_APPROVED',
    );
    // Already registered, an unregistered inviter or contact, self-invite, a bad side.
    expect(await refusal(raw('register', [alice.address, 0]), bob.address, alice.address)).toBe('ALREADY_REGISTERED');
    expect(await refusal(raw('register', [erin.address, 0]), dave.address, erin.address)).toBe(
      'INVITER_NOT_REGISTERED',
    );
    expect(
      await refusal(raw('registerUnder', [alice.address, erin.address, 0, 0n, '0x']), dave.address, alice.address),
    ).toBe('CONTACT_NOT_REGISTERED');
    expect(await refusal(raw('register', [dave.address, 0]), dave.address, dave.address)).toBe('SELF_INVITE');
    expect(await refusal(raw('register', [alice.address, 2]), dave.address, alice.address)).toBe('INVALID_SIDE');
    // The seat taken by a racer: dave takes carol's left seat first.
    await executeSteps(
      registerTransactions(planRegister(await args(dave.address, manual, forDave))),
      clients(dave.address),
    );
    const forErin = await attest(erin.address, alice.address, carol.address, 0);
    expect(await refusal(planRegister(await args(erin.address, manual, forErin)), erin.address, alice.address)).toBe(
      'SEAT_TAKEN',
    );
    // Past the deadline on chain (the plan's own check bypassed).
    const late = await attest(erin.address, alice.address, carol.address, 1);
    await rpc(anvil.rpcUrl, 'evm_increaseTime', [3600]);
    await rpc(anvil.rpcUrl, 'evm_mine');
    expect(
      await refusal(
        raw('registerUnder', [alice.address, carol.address, 1, late.deadline, late.signature]),
        erin.address,
        alice.address,
      ),
    ).toBe('PLACEMENT_EXPIRED');
    expect(
      await client.readContract({
        address: registry,
        abi: referralRegistryAbi,
        functionName: 'isRegistered',
        args: [erin.address],
      }),
    ).toBe(false);
  });
});
