import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import type { InvitationJson } from '@eterno/protocol/referralApi';
import { callOf } from '@eterno/protocol/tx/execute';
import { withKnownErrors } from '@eterno/protocol/tx/revert';
import type { Address, PublicClient } from 'viem';
import { usePublicClient } from 'wagmi';
import { fetchInvitation, fetchPendingInvitation, requestPlacement } from '../../api/invitations.ts';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { useTransaction, type Transaction } from '../../tx/useTransaction.ts';
import { prepareRegistration, registerPlan, type PreparedRegistration, type RegisterDeps } from './registerFlow.ts';
import type { CheckedForm } from './registerForm.ts';

/** The registry named in the deployments (a deployments file without one cannot register). */
export function registryAddress(): Address | undefined {
  return getConfig().deployments.contracts.ReferralRegistry;
}

/** Whether the signed-in wallet is registered: the registry's `isRegistered`, per block. */
export function useRegistered() {
  const { account } = useWallet();
  const registry = registryAddress();
  return useBlockRead(
    'referral-registered',
    [account.toLowerCase(), registry ?? null],
    (client) =>
      client.readContract({
        address: registry!,
        abi: referralRegistryAbi,
        functionName: 'isRegistered',
        args: [account],
      }),
    { enabled: registry !== undefined },
  );
}

/** The invitation of `?invitation=<id>`, else the newest open one addressed to the wallet (null: none). */
export function useInvitation(id: string | null) {
  const query = useQuery({
    queryKey: ['referral', 'invitation', id ?? 'pending'],
    queryFn: async (): Promise<InvitationJson | null> =>
      id !== null ? fetchInvitation(id) : (await fetchPendingInvitation()).invitation,
    staleTime: Infinity,
    retry: false,
  });
  return { data: query.data, error: query.error, loading: query.isPending };
}

function depsOf(client: PublicClient, user: Address, registry: Address): RegisterDeps {
  return {
    user,
    registry,
    reads: {
      walletOf: (id) =>
        client.readContract({ address: registry, abi: referralRegistryAbi, functionName: 'walletOf', args: [id] }),
      isRegistered: (a) =>
        client.readContract({ address: registry, abi: referralRegistryAbi, functionName: 'isRegistered', args: [a] }),
      now: async () => (await client.getBlock({ blockTag: 'latest' })).timestamp,
    },
    requestPlacement: (request) => requestPlacement(request),
    simulate: async (step) => {
      const call = callOf(step);
      await client.simulateContract({ ...call, abi: withKnownErrors(call.abi), account: user });
    },
  };
}

export type RegisterControl = {
  tx: Transaction;
  /** "Next" or "Confirm" is working (reads, the approval, the simulation). */
  checking: boolean;
  /** The last refusal (a coded error), or null. */
  error: unknown;
  prepared: PreparedRegistration | null;
  done: boolean;
  next(form: CheckedForm): Promise<void>;
  back(): void;
  confirm(): Promise<void>;
};

/** The registration: "Next" checks everything and shows the review; "Confirm" sends one transaction. */
export function useRegister(): RegisterControl {
  const { account } = useWallet();
  const client = usePublicClient();
  const tx = useTransaction();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [prepared, setPrepared] = useState<PreparedRegistration | null>(null);
  const [done, setDone] = useState(false);
  const deps = () => {
    const registry = registryAddress();
    if (!client || !registry) throw new Error('no chain client or registry');
    return depsOf(client as PublicClient, account, registry);
  };
  const guarded = async (work: () => Promise<void>) => {
    setError(null);
    setChecking(true);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setChecking(false);
    }
  };
  return {
    tx,
    checking,
    error,
    prepared,
    done,
    next: (form) =>
      guarded(async () => {
        tx.reset();
        setPrepared(await prepareRegistration(form, deps()));
      }),
    back: () => {
      setPrepared(null);
      setError(null);
      tx.reset();
    },
    confirm: () =>
      guarded(async () => {
        if (prepared === null) return;
        const steps = await registerPlan(prepared, deps());
        const outcome = await tx.run(() => steps);
        if (outcome === 'confirmed') setDone(true);
      }),
  };
}
