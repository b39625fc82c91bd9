/**
 * The operator's commands against a real anvil with the contracts deployed by the devstack (one
 * deployment for the file; each test starts from the chain as deployed, evm_snapshot / evm_revert).
 * The commands run in-process through `runOps`, exactly as `npm run ops` runs them.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, toHex, type Address, type Hex, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { LOCAL_TEST_MNEMONIC, defineEternoChain } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { eternoNftAbi, eternoVaultAbi, eusdMarketAbi, referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { REPO_ROOT } from '@eterno/devstack/stack';
import { VAULT, deploy } from '@eterno/devstack/deploy';
import { revertEachTest, rpc, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { OWNER_KEY_ENV, revertReason, runOps, span, utc } from './ops.ts';
import { parseDay, settingsDiff } from './publishSettings.ts';

const key = (addressIndex: number): Hex =>
  toHex(mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex }).getHdKey().privateKey!);
const owner = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });
const OWNER_KEY = key(0);
const ALICE_KEY = key(1);
const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const NEW_SIGNER: Address = '0x1111111111111111111111111111111111111111';

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;
let dir: string;
let file: string;

beforeAll(async () => {
  anvil = await startAnvil();
  dir = mkdtempSync(join(tmpdir(), 'eterno-ops-'));
  file = join(dir, 'deployments.json');
  deployments = await deploy({ rpcUrl: anvil.rpcUrl, outFile: file });
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
revertEachTest(() => anvil.rpcUrl);

/** Runs one command line; its exit code and its output as one text. */
async function ops(args: string[], env: Record<string, string> = { [OWNER_KEY_ENV]: OWNER_KEY }) {
  const lines: string[] = [];
  const code = await runOps([...args, '--rpc', anvil.rpcUrl, '--deployments', file], {
    env,
    out: (line) => lines.push(line),
  });
  return { code, out: lines.join('\n') };
}

const nonce = (address: Address) => client.getTransactionCount({ address, blockTag: 'latest' });
const vault = () => deployments.contracts.EternoVault;
const readVault = (functionName: 'signer' | 'pendingSigner' | 'paused') =>
  client.readContract({ address: vault(), abi: eternoVaultAbi, functionName });

async function timeTravel(seconds: bigint): Promise<void> {
  await rpc(anvil.rpcUrl, 'evm_increaseTime', [Number(seconds)]);
  await rpc(anvil.rpcUrl, 'evm_mine');
}

describe('rotate-vault-signer', () => {
  it('propose → activate refused before the delay, nothing sent → activate after it: the new signer', async () => {
    const startNonce = await nonce(owner.address);
    const oldSigner = await readVault('signer');

    // A dry run (no --yes) simulates and sends nothing.
    const dry = await ops(['rotate-vault-signer', 'propose', NEW_SIGNER]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`current signer:  ${oldSigner}`);
    expect(dry.out).toContain(`call:   EternoVault.proposeSigner(${NEW_SIGNER})`);
    expect(dry.out).toContain(`target: ${vault()}`);
    expect(dry.out).toContain('simulation: succeeds');
    expect(dry.out).toContain('Dry run: nothing sent');
    expect(await nonce(owner.address)).toBe(startNonce);
    expect(await readVault('pendingSigner')).toBe('0x0000000000000000000000000000000000000000');

    const proposed = await ops(['rotate-vault-signer', 'propose', NEW_SIGNER, '--yes']);
    expect(proposed.code).toBe(0);
    expect(proposed.out).toContain('mined in block');
    expect(await readVault('pendingSigner')).toBe(NEW_SIGNER);
    const eta = await client.readContract({ address: vault(), abi: eternoVaultAbi, functionName: 'pendingSignerEta' });
    expect(proposed.out).toContain(`can be activated from ${utc(eta)}`);
    expect(await nonce(owner.address)).toBe(startNonce + 1);

    const early = await ops(['rotate-vault-signer', 'activate', '--yes']);
    expect(early.code).toBe(1);
    expect(early.out).toContain(`refused: the delay has not passed: ${NEW_SIGNER} can be activated from ${utc(eta)}`);
    expect(early.out).toContain('Nothing was sent.');
    expect(await nonce(owner.address)).toBe(startNonce + 1);
    expect(await readVault('signer')).toBe(oldSigner);

    await timeTravel(VAULT.signerDelay);
    const status = await ops(['rotate-vault-signer', 'status'], {});
    expect(status.out).toContain(`proposed signer: ${NEW_SIGNER}, can be activated now`);

    const activated = await ops(['rotate-vault-signer', 'activate', '--yes']);
    expect(activated.code).toBe(0);
    expect(activated.out).toContain(`change: vault's signer ${oldSigner} → ${NEW_SIGNER}`);
    expect(activated.out).toContain('ETERNO_SIGNER_KEY');
    expect(await readVault('signer')).toBe(NEW_SIGNER);
    expect(await readVault('pendingSigner')).toBe('0x0000000000000000000000000000000000000000');
  });

  it('cancels a proposal; cancelling none is refused', async () => {
    expect((await ops(['rotate-vault-signer', 'propose', NEW_SIGNER, '--yes'])).code).toBe(0);
    const cancelled = await ops(['rotate-vault-signer', 'cancel', '--yes']);
    expect(cancelled.code).toBe(0);
    expect(cancelled.out).toContain('call:   EternoVault.cancelSignerProposal()');
    expect(await readVault('pendingSigner')).toBe('0x0000000000000000000000000000000000000000');
    const none = await ops(['rotate-vault-signer', 'cancel', '--yes']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('there is nothing to cancel');
  });

  it("decodes a simulated revert to the contract's error", async () => {
    const error = await client
      .simulateContract({
        account: owner.address,
        address: vault(),
        abi: eternoVaultAbi,
        functionName: 'activateSigner',
      })
      .catch((e: unknown) => e);
    expect(revertReason(error)).toBe('NoSignerProposal()');
  });

  it('refuses a key that is not the owner before sending anything', async () => {
    const before = await nonce(alice.address);
    const result = await ops(['rotate-vault-signer', 'propose', NEW_SIGNER, '--yes'], { [OWNER_KEY_ENV]: ALICE_KEY });
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `refused: ${OWNER_KEY_ENV} is the key of ${alice.address}, but EternoVault is owned by ${owner.address}`,
    );
    expect(await nonce(alice.address)).toBe(before);
    expect(await readVault('pendingSigner')).toBe('0x0000000000000000000000000000000000000000');
  });

  it('refuses activate with no proposal, --yes without a key, and a key on the command line', async () => {
    const startNonce = await nonce(owner.address);
    const none = await ops(['rotate-vault-signer', 'activate', '--yes']);
    expect(none.code).toBe(1);
    expect(none.out).toContain("refused: no vault's signer is proposed");
    const noKey = await ops(['rotate-vault-signer', 'propose', NEW_SIGNER, '--yes'], {});
    expect(noKey.code).toBe(1);
    expect(noKey.out).toContain(`--yes needs the owner's key in ${OWNER_KEY_ENV}`);
    const onLine = await ops(['rotate-vault-signer', 'propose', NEW_SIGNER, '--private-key', OWNER_KEY]);
    expect(onLine.code).toBe(2);
    expect(onLine.out).not.toContain(OWNER_KEY);
    expect(onLine.out).toContain('never a command-line argument');
    expect(await nonce(owner.address)).toBe(startNonce);
    expect(await readVault('pendingSigner')).toBe('0x0000000000000000000000000000000000000000');
  });
});

describe('npm run ops', () => {
  it('runs the command line entry: its output and exit code', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((res) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/ops/cli.ts'), ...args], {
          env: { ...process.env, [OWNER_KEY_ENV]: '' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('close', (code) => res({ code, out }));
      });
    const status = await run(['status', '--rpc', anvil.rpcUrl, '--deployments', file]);
    expect(status.code).toBe(0);
    expect(status.out).toContain(`EternoVault (${vault()}): vault's signer`);
    const bad = await run(['unknown']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('unknown command "unknown"');
  });
});

describe('rotate-placement-signer', () => {
  it('propose, refused before the delay, activated after it', async () => {
    const registry = deployments.contracts.ReferralRegistry;
    const read = (functionName: 'placementSigner' | 'PLACEMENT_SIGNER_DELAY') =>
      client.readContract({ address: registry, abi: referralRegistryAbi, functionName });
    const startNonce = await nonce(owner.address);
    expect((await ops(['rotate-placement-signer', 'propose', NEW_SIGNER, '--yes'])).code).toBe(0);
    const early = await ops(['rotate-placement-signer', 'activate', '--yes']);
    expect(early.code).toBe(1);
    expect(early.out).toContain('refused: the delay has not passed');
    expect(await nonce(owner.address)).toBe(startNonce + 1);
    await timeTravel((await read('PLACEMENT_SIGNER_DELAY')) as bigint);
    expect((await ops(['rotate-placement-signer', 'activate', '--yes'])).code).toBe(0);
    expect(await read('placementSigner')).toBe(NEW_SIGNER);
  });

  it("refuses the vault's signer as the placement signer", async () => {
    const vaultSigner = await readVault('signer');
    const result = await ops(['rotate-placement-signer', 'propose', vaultSigner as Address, '--yes']);
    expect(result.code).toBe(1);
    expect(result.out).toContain("is the vault's signer");
  });
});

describe('pause / unpause', () => {
  it('pauses and resumes the vault, the market and the NFT sale; status shows each', async () => {
    const startNonce = await nonce(owner.address);
    const dry = await ops(['pause', '--contract', 'vault']);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('call:   EternoVault.pause()');
    expect(dry.out).toContain(`withdrawals will be held until about`);
    expect(await nonce(owner.address)).toBe(startNonce);
    // Without a key (the owner a multisig): simulated from the owner, the calldata to submit printed.
    const noKey = await ops(['pause', '--contract', 'market'], {});
    expect(noKey.code).toBe(0);
    expect(noKey.out).toContain(`target: ${deployments.contracts.EusdMarket}`);
    expect(noKey.out).toContain('data:   0x8456cb59'); // pause()
    expect(noKey.out).toContain(`simulation: succeeds (from the owner ${owner.address})`);

    for (const contract of ['vault', 'market', 'nft']) {
      expect((await ops(['pause', '--contract', contract, '--yes'])).code).toBe(0);
    }
    expect(await readVault('paused')).toBe(true);
    const market = deployments.contracts.EusdMarket;
    const nft = deployments.contracts.EternoNft;
    expect(await client.readContract({ address: market, abi: eusdMarketAbi, functionName: 'paused' })).toBe(true);
    expect(await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'salePaused' })).toBe(true);

    const status = await ops(['status'], {});
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/vault {3}EternoVault \(0x[0-9a-fA-F]{40}\): PAUSED/);
    expect(status.out).toMatch(/market {2}EusdMarket \(0x[0-9a-fA-F]{40}\): PAUSED/);
    expect(status.out).toMatch(/nft {5}EternoNft \(0x[0-9a-fA-F]{40}\): PAUSED/);
    expect(status.out).toContain('withdrawals held until');

    const again = await ops(['pause', '--contract', 'market', '--yes']);
    expect(again.code).toBe(1);
    expect(again.out).toContain('refused: EusdMarket is already paused');

    for (const contract of ['vault', 'market', 'nft']) {
      expect((await ops(['unpause', '--contract', contract, '--yes'])).code).toBe(0);
    }
    expect(await readVault('paused')).toBe(false);
    expect(await client.readContract({ address: market, abi: eusdMarketAbi, functionName: 'paused' })).toBe(false);
    expect(await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'salePaused' })).toBe(false);
    expect(await nonce(owner.address)).toBe(startNonce + 6);

    // The vault's pause cooldown: refused here, before the contract would revert.
    const cooldown = await ops(['pause', '--contract', 'vault', '--yes']);
    expect(cooldown.code).toBe(1);
    expect(cooldown.out).toContain('refused: the vault may not be paused again before');
    const notPaused = await ops(['unpause', '--contract', 'nft', '--yes']);
    expect(notPaused.code).toBe(1);
    expect(notPaused.out).toContain('refused: EternoNft is not paused');
    expect(await nonce(owner.address)).toBe(startNonce + 6);
  });

  it('asks for --contract', async () => {
    const result = await ops(['pause']);
    expect(result.code).toBe(2);
    expect(result.out).toContain('--contract vault|market|nft is required');
  });
});

describe('publish-settings', () => {
  const NOW = new Date('2026-12-02T11:00:00Z');
  const root = () => {
    const copy = join(dir, `repo-${Math.random().toString(36).slice(2)}`);
    mkdirSync(join(copy, 'apps/server'), { recursive: true });
    cpSync(join(REPO_ROOT, 'apps/server/settings'), join(copy, 'apps/server/settings'), { recursive: true });
    return copy;
  };
  const publish = async (repoRoot: string, args: string[]) => {
    const lines: string[] = [];
    const code = await runOps(['publish-settings', ...args], {
      env: {},
      out: (line) => lines.push(line),
      now: () => NOW,
      repoRoot,
    });
    return { code, out: lines.join('\n') };
  };
  const referral = (repoRoot: string) => join(repoRoot, 'apps/server/settings/referral.json');
  const newVersion = (change: Record<string, unknown>) => {
    const versions = JSON.parse(readFileSync(join(REPO_ROOT, 'apps/server/settings/referral.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    const { effectiveFrom: _, ...last } = versions.at(-1)!;
    const path = join(dir, `version-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify({ ...last, ...change }));
    return path;
  };

  it('validates, prints the changed parameters, writes only with --yes, keeps the earlier versions', async () => {
    const repo = root();
    const before = readFileSync(referral(repo), 'utf8');
    const version = newVersion({ directBps: 1200 });
    const dry = await publish(repo, ['--domain', 'referral', '--file', version, '--effective-day', '2026-12-03']);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('directBps: 1000 → 1200');
    expect(dry.out).toContain('Dry run');
    expect(readFileSync(referral(repo), 'utf8')).toBe(before);

    const wrote = await publish(repo, [
      '--domain',
      'referral',
      '--file',
      version,
      '--effective-day',
      '2026-12-03',
      '--yes',
    ]);
    expect(wrote.code).toBe(0);
    const after = readFileSync(referral(repo), 'utf8');
    expect(after.startsWith(before.trimEnd().slice(0, -1).trimEnd())).toBe(true);
    const versions = JSON.parse(after) as { effectiveFrom: number; directBps: number }[];
    expect(versions.at(-1)).toMatchObject({ effectiveFrom: parseDay('2026-12-03'), directBps: 1200 });
  });

  it('refuses a day that has begun, a day not after the last version, and what the server would refuse', async () => {
    const repo = root();
    const before = readFileSync(referral(repo), 'utf8');
    const today = await publish(repo, [
      '--domain',
      'referral',
      '--file',
      newVersion({}),
      '--effective-day',
      '2026-12-02',
    ]);
    expect(today.code).toBe(1);
    expect(today.out).toContain('must start on 2026-12-03 or later');
    expect(today.out).toContain('Nothing was written.');
    const bad = await publish(repo, [
      '--domain',
      'referral',
      '--file',
      newVersion({ directBps: -5 }),
      '--effective-day',
      '2026-12-10',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("refused: the server's settings parser refuses the new version");
    expect(readFileSync(referral(repo), 'utf8')).toBe(before);

    const ok = ['--domain', 'referral', '--file', newVersion({ directBps: 900 }), '--yes'];
    expect((await publish(repo, [...ok, '--effective-day', '2026-12-10'])).code).toBe(0);
    const notAfter = await publish(repo, [...ok, '--effective-day', '2026-12-09']);
    expect(notAfter.code).toBe(1);
    expect(notAfter.out).toContain('already has a version from 2026-12-10');
  });

  it('diffs nested parameters and days', () => {
    expect(settingsDiff({ a: [1, 2], b: { c: '1' } }, { a: [1, 3, 4], b: { c: '1' } })).toEqual([
      'a[1]: 2 → 3',
      'a[2]: (absent) → 4',
    ]);
    expect(parseDay('2026-02-30')).toBeNull();
    expect(span(2n * 86_400n)).toBe('2 d');
    expect(span(90n)).toBe('2 min');
  });
});
