import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { defineEternoChain, LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { deploy } from '@eterno/devstack/deploy';
import { registerAccounts } from '@eterno/devstack/referral';
import { openRegistration, registrationSourceFor } from './registration.ts';

const dave = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 4 });

describe('registration sources', () => {
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

  it('counts everyone as registered only where no referral registry is deployed', async () => {
    expect(await openRegistration.isRegistered('0x0000000000000000000000000000000000000001')).toBe(true);
    expect(registrationSourceFor({ EternoVault: '0x0000000000000000000000000000000000000002' }, client)).toBe(
      openRegistration,
    );
  });

  it("reads the deployed registry: the genesis root and the seed's accounts yes, dave no until he registers", async () => {
    const source = registrationSourceFor(deployments.contracts, client);
    expect(source).not.toBe(openRegistration);
    const labelled = (label: string) => deployments.accounts!.find((a) => a.label === label)!.address;
    for (const label of ['deployer', 'alice', 'bob', 'carol'])
      expect(await source.isRegistered(labelled(label))).toBe(true);
    expect(await source.isRegistered(labelled('signer'))).toBe(false);
    expect(await source.isRegistered(dave.address)).toBe(false);
    expect(await registerAccounts(anvil.rpcUrl, deployments, [dave])).toEqual([dave.address]);
    expect(await source.isRegistered(dave.address)).toBe(true);
    expect(await registerAccounts(anvil.rpcUrl, deployments, [dave])).toEqual([]);
  });
});
