/**
 * The operator's routine tasks on the deployed contracts (issue 20 §5, docs/operations.md "Routine
 * tasks", docs/decisions/operations.md "One command per routine task"): `npm run ops -- <command>`.
 *
 * Every command that sends reads the contract first, prints the call, its target, the state it changes
 * and the sender, simulates it from the owner's account, and sends only with `--yes`. A call the contract
 * would refuse (a delay not passed, not the owner, already paused) is refused here, and nothing is sent.
 * The owner's key comes from `ETERNO_OWNER_KEY`, never from the command line.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  isAddress,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { parseDeployments, type ContractKey, type Deployments } from '@eterno/protocol/deployments';
import { NATIVE_CURRENCY } from '@eterno/protocol/chain';
import { eternoNftAbi, eternoVaultAbi, eusdMarketAbi, referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { Refused, UsageError, type OpsIo } from './errors.ts';
import { publishSettings } from './publishSettings.ts';

export { Refused, UsageError, type OpsIo };

/** The environment variable the owner's private key is read from (never a command-line argument). */
export const OWNER_KEY_ENV = 'ETERNO_OWNER_KEY';

export const USAGE = `usage: npm run ops -- <command> [arguments] --rpc <url> --deployments <file> [--yes]

  status                                   every signer, pending rotation and pause, and who owns what
  rotate-vault-signer status               the vault's signer, the proposed one and when it can be activated
  rotate-vault-signer propose <address>    propose the vault's next signer (activation after the delay)
  rotate-vault-signer activate             make the proposed signer the vault's signer (once the delay passed)
  rotate-vault-signer cancel               withdraw the proposal (the current signer stays)
  rotate-placement-signer status|propose <address>|activate|cancel
                                           the same for the referral registry's placement signer
  pause --contract vault|market|nft        pause the vault, the EUSD market or the NFT sale
  unpause --contract vault|market|nft      resume it
  publish-settings --domain finance|referral|nodes --file <version.json> --effective-day <YYYY-MM-DD>
                                           add a settings version (a file in the repository; no chain call)

Without --yes nothing is sent: the command prints what it would do (a dry run).
The owner's key is read from ${OWNER_KEY_ENV}.`;

type Context = {
  deployments: Deployments;
  client: PublicClient;
  rpcUrl: string;
  account: PrivateKeyAccount | null;
  send: boolean;
  out: (line: string) => void;
};

/** Runs one command line; returns the exit code (0 done or dry run, 1 refused or failed, 2 usage). */
export async function runOps(argv: readonly string[], io: OpsIo): Promise<number> {
  try {
    await dispatch(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.out(`error: ${error.message}`);
      io.out('');
      io.out(USAGE);
      return 2;
    }
    if (error instanceof Refused) {
      io.out(`refused: ${error.message}`);
      io.out(error.nothing);
      return 1;
    }
    io.out(`failed: ${error instanceof BaseError ? error.shortMessage : String(error)}`);
    return 1;
  }
}

async function dispatch(argv: readonly string[], io: OpsIo): Promise<void> {
  if (argv.some((arg) => /^--(private-?key|key|owner-key)(=|$)/.test(arg))) {
    throw new UsageError(`the owner's key is never a command-line argument: set ${OWNER_KEY_ENV}`);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        rpc: { type: 'string' },
        deployments: { type: 'string' },
        yes: { type: 'boolean', default: false },
        contract: { type: 'string' },
        domain: { type: 'string' },
        file: { type: 'string' },
        'effective-day': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(USAGE);
    return;
  }

  if (command === 'publish-settings') {
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    await publishSettings(
      { domain: values.domain, file: values.file, effectiveDay: values['effective-day'], write: values.yes },
      io,
    );
    return;
  }

  const handlers: Record<string, (ctx: Context, args: string[], contract: string | undefined) => Promise<void>> = {
    status: (ctx, args) => {
      noMoreArgs(args);
      return showStatus(ctx);
    },
    'rotate-vault-signer': (ctx, args) => rotate(ctx, VAULT_SIGNER, args),
    'rotate-placement-signer': (ctx, args) => rotate(ctx, PLACEMENT_SIGNER, args),
    pause: (ctx, args, contract) => {
      noMoreArgs(args);
      return setPaused(ctx, pausable(contract), true);
    },
    unpause: (ctx, args, contract) => {
      noMoreArgs(args);
      return setPaused(ctx, pausable(contract), false);
    },
  };
  const handler = handlers[command];
  if (!handler) throw new UsageError(`unknown command "${command}"`);
  const ctx = await connect(values.rpc, values.deployments, values.yes, io);
  await handler(ctx, rest, values.contract);
}

function noMoreArgs(args: string[]): void {
  if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
}

async function connect(
  rpcUrl: string | undefined,
  deploymentsFile: string | undefined,
  send: boolean,
  io: OpsIo,
): Promise<Context> {
  if (!rpcUrl) throw new UsageError('--rpc <url> is required');
  if (!deploymentsFile) throw new UsageError('--deployments <file> is required');
  let deployments: Deployments;
  try {
    deployments = parseDeployments(JSON.parse(readFileSync(deploymentsFile, 'utf8')));
  } catch (error) {
    throw new Refused(`cannot read the deployments file ${deploymentsFile}: ${(error as Error).message}`);
  }
  const chain = defineChain({
    id: deployments.chainId,
    name: `ETERNO (${deployments.network})`,
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }) });
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    throw new Refused(`the RPC node at ${rpcUrl} does not answer: ${(error as BaseError).shortMessage ?? error}`);
  }
  if (chainId !== deployments.chainId) {
    throw new Refused(`the RPC node is on chain ${chainId}, the deployments file is for chain ${deployments.chainId}`);
  }
  const account = ownerAccount(io.env, send);
  io.out(`chain ${chainId} (${deployments.network}) via ${rpcUrl}`);
  io.out(account ? `key: ${account.address} (from ${OWNER_KEY_ENV})` : `key: none (${OWNER_KEY_ENV} is not set)`);
  return { deployments, client, rpcUrl, account, send, out: io.out };
}

function ownerAccount(env: OpsIo['env'], send: boolean): PrivateKeyAccount | null {
  const key = env[OWNER_KEY_ENV]?.trim();
  if (!key) {
    if (send) throw new Refused(`--yes needs the owner's key in ${OWNER_KEY_ENV}`);
    return null;
  }
  const hex = key.startsWith('0x') ? key : `0x${key}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) throw new Refused(`${OWNER_KEY_ENV} is not a private key (32 bytes in hex)`);
  try {
    return privateKeyToAccount(hex as Hex);
  } catch {
    throw new Refused(`${OWNER_KEY_ENV} is not a valid private key`);
  }
}

// ---------------------------------------------------------------- time

/** `2026-12-04 11:20:00 UTC`. */
export function utc(seconds: bigint): string {
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `1 d 23 h 59 min` (rounded up to the minute). */
export function span(seconds: bigint): string {
  let minutes = (seconds + 59n) / 60n;
  const days = minutes / 1440n;
  minutes -= days * 1440n;
  const hours = minutes / 60n;
  minutes -= hours * 60n;
  const parts = [];
  if (days > 0n) parts.push(`${days} d`);
  if (hours > 0n) parts.push(`${hours} h`);
  if (minutes > 0n || parts.length === 0) parts.push(`${minutes} min`);
  return parts.join(' ');
}

async function chainTime(client: PublicClient): Promise<bigint> {
  return (await client.getBlock({ blockTag: 'latest' })).timestamp;
}

// ---------------------------------------------------------------- sending

type Call = {
  /** The deployments' contract name. */
  name: ContractKey;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
};

function address(ctx: Context, name: ContractKey): Address {
  return ctx.deployments.contracts[name];
}

async function read<T>(ctx: Context, name: ContractKey, abi: Abi, functionName: string, args: readonly unknown[] = []) {
  return (await ctx.client.readContract({ address: address(ctx, name), abi, functionName, args })) as T;
}

/** The reason a simulated call reverted: the contract's error and its arguments, or viem's short message. */
export function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
      const args = (reverted.data.args ?? []).map(String).join(', ');
      return `${reverted.data.errorName}(${args})`;
    }
    return error.shortMessage;
  }
  return String(error);
}

/**
 * Prints the call, refuses a sender who is not the contract's owner and a call whose simulation reverts,
 * and sends it only with `--yes`. Returns whether it was sent (and succeeded).
 */
async function execute(ctx: Context, call: Call): Promise<boolean> {
  const target = address(ctx, call.name);
  const owner = await read<Address>(ctx, call.name, call.abi, 'owner');
  const shownArgs = call.args.map(String).join(', ');
  ctx.out('');
  ctx.out(`call:   ${call.name}.${call.functionName}(${shownArgs})`);
  ctx.out(`target: ${target}`);
  ctx.out(`data:   ${encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args })}`);
  ctx.out(`owner:  ${owner}`);
  if (ctx.account && getAddress(ctx.account.address) !== getAddress(owner)) {
    throw new Refused(
      `${OWNER_KEY_ENV} is the key of ${ctx.account.address}, but ${call.name} is owned by ${owner}: only its owner may call ${call.functionName}`,
    );
  }
  let request;
  try {
    // Without a key (an owner that is a multisig), simulated from the owner's address all the same.
    ({ request } = await ctx.client.simulateContract({
      account: ctx.account ?? owner,
      address: target,
      abi: call.abi,
      functionName: call.functionName,
      args: call.args,
    }));
  } catch (error) {
    throw new Refused(`the contract would refuse this call: ${revertReason(error)}`);
  }
  ctx.out(`simulation: succeeds (from ${ctx.account ? ctx.account.address : `the owner ${owner}`})`);
  if (!ctx.account) {
    ctx.out(
      'Dry run: nothing sent. To send: set the owner key and add --yes, or submit the call above (target and data) from the owner (e.g. the multisig).',
    );
    return false;
  }
  if (!ctx.send) {
    ctx.out('Dry run: nothing sent. Add --yes to send.');
    return false;
  }
  const wallet = createWalletClient({
    account: ctx.account,
    chain: ctx.client.chain,
    transport: http(ctx.rpcUrl, { retryCount: 0 }),
  });
  const hash = await wallet.writeContract(request);
  ctx.out(`sent:   ${hash}`);
  const receipt = await ctx.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`the transaction ${hash} reverted in block ${receipt.blockNumber}`);
  ctx.out(`mined in block ${receipt.blockNumber}`);
  return true;
}

// ---------------------------------------------------------------- signer rotation

type SignerRole = {
  command: string;
  label: string;
  contract: ContractKey;
  abi: Abi;
  current: string;
  pending: string;
  pendingEta: string;
  delay: string;
  propose: string;
  activate: string;
  cancel: string;
  /** What the operator must do around activation. */
  afterActivation: string;
};

const VAULT_SIGNER: SignerRole = {
  command: 'rotate-vault-signer',
  label: "vault's signer",
  contract: 'EternoVault',
  abi: eternoVaultAbi,
  current: 'signer',
  pending: 'pendingSigner',
  pendingEta: 'pendingSignerEta',
  delay: 'SIGNER_DELAY',
  propose: 'proposeSigner',
  activate: 'activateSigner',
  cancel: 'cancelSignerProposal',
  afterActivation:
    "Restart the server with the new key in ETERNO_SIGNER_KEY now: from this block the vault refuses the old signer's vouchers, deposits and quotes.",
};

const PLACEMENT_SIGNER: SignerRole = {
  command: 'rotate-placement-signer',
  label: "referral registry's placement signer",
  contract: 'ReferralRegistry',
  abi: referralRegistryAbi,
  current: 'placementSigner',
  pending: 'pendingPlacementSigner',
  pendingEta: 'pendingPlacementSignerEta',
  delay: 'PLACEMENT_SIGNER_DELAY',
  propose: 'proposePlacementSigner',
  activate: 'activatePlacementSigner',
  cancel: 'cancelPlacementSignerProposal',
  afterActivation:
    "Restart the server with the new key in ETERNO_PLACEMENT_SIGNER_KEY now: from this block the registry refuses the old signer's placements.",
};

type SignerState = { current: Address; pending: Address | null; eta: bigint; delay: bigint; now: bigint };

async function signerState(ctx: Context, role: SignerRole): Promise<SignerState> {
  const [current, pending, eta, delay, now] = await Promise.all([
    read<Address>(ctx, role.contract, role.abi, role.current),
    read<Address>(ctx, role.contract, role.abi, role.pending),
    read<bigint>(ctx, role.contract, role.abi, role.pendingEta),
    read<bigint>(ctx, role.contract, role.abi, role.delay),
    chainTime(ctx.client),
  ]);
  return { current, pending: pending === zeroAddress ? null : pending, eta, delay, now };
}

function printSigner(ctx: Context, role: SignerRole, s: SignerState): void {
  ctx.out(`${role.contract} (${address(ctx, role.contract)}): ${role.label}`);
  ctx.out(`  current signer:  ${s.current === zeroAddress ? 'none (revoked)' : s.current}`);
  ctx.out(`  rotation delay:  ${span(s.delay)}`);
  if (!s.pending) {
    ctx.out('  proposed signer: none');
  } else if (s.now >= s.eta) {
    ctx.out(`  proposed signer: ${s.pending}, can be activated now (since ${utc(s.eta)})`);
  } else {
    ctx.out(`  proposed signer: ${s.pending}, can be activated from ${utc(s.eta)} (in ${span(s.eta - s.now)})`);
  }
  ctx.out(`  chain time:      ${utc(s.now)}`);
}

async function rotate(ctx: Context, role: SignerRole, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'status') {
    noMoreArgs(rest);
    printSigner(ctx, role, await signerState(ctx, role));
    return;
  }
  if (action === 'propose') {
    const [next, ...more] = rest;
    noMoreArgs(more);
    if (!next || !isAddress(next, { strict: false })) {
      throw new UsageError(`${role.command} propose needs the new signer's address`);
    }
    const proposed = getAddress(next);
    if (proposed === zeroAddress) throw new Refused('the zero address cannot be a signer');
    const before = await signerState(ctx, role);
    printSigner(ctx, role, before);
    if (proposed === getAddress(before.current)) throw new Refused(`${proposed} is already the ${role.label}`);
    if (role === PLACEMENT_SIGNER) {
      const vaultSigner = await read<Address>(ctx, 'EternoVault', eternoVaultAbi, 'signer');
      if (getAddress(vaultSigner) === proposed) {
        throw new Refused(`${proposed} is the vault's signer: the placement signer must be another key`);
      }
    }
    if (role === VAULT_SIGNER && ctx.deployments.contracts.ReferralRegistry) {
      const placement = await read<Address>(ctx, 'ReferralRegistry', referralRegistryAbi, 'placementSigner');
      if (getAddress(placement) === proposed) {
        throw new Refused(`${proposed} is the placement signer: the vault's signer must be another key`);
      }
    }
    ctx.out('');
    ctx.out(`change: propose ${proposed} as the ${role.label}`);
    if (before.pending) {
      ctx.out(`        replaces the pending proposal of ${before.pending} (its delay starts over)`);
    }
    ctx.out(
      `        activation possible from about ${utc(before.now + before.delay)} (${span(before.delay)} after it is mined)`,
    );
    if (!(await execute(ctx, { name: role.contract, abi: role.abi, functionName: role.propose, args: [proposed] }))) {
      return;
    }
    const after = await signerState(ctx, role);
    ctx.out('');
    printSigner(ctx, role, after);
    ctx.out('');
    ctx.out(
      `Next: at or after ${utc(after.eta)}, run \`npm run ops -- ${role.command} activate\`. The current signer stays in force until then.`,
    );
    return;
  }
  if (action === 'activate') {
    noMoreArgs(rest);
    const before = await signerState(ctx, role);
    printSigner(ctx, role, before);
    if (!before.pending) {
      throw new Refused(`no ${role.label} is proposed: run \`${role.command} propose <address>\` first`);
    }
    if (before.now < before.eta) {
      throw new Refused(
        `the delay has not passed: ${before.pending} can be activated from ${utc(before.eta)}, in ${span(before.eta - before.now)}`,
      );
    }
    ctx.out('');
    ctx.out(`change: ${role.label} ${before.current} → ${before.pending}`);
    if (!(await execute(ctx, { name: role.contract, abi: role.abi, functionName: role.activate, args: [] }))) {
      return;
    }
    ctx.out('');
    printSigner(ctx, role, await signerState(ctx, role));
    ctx.out('');
    ctx.out(role.afterActivation);
    return;
  }
  if (action === 'cancel') {
    noMoreArgs(rest);
    const before = await signerState(ctx, role);
    printSigner(ctx, role, before);
    if (!before.pending) throw new Refused(`no ${role.label} is proposed: there is nothing to cancel`);
    ctx.out('');
    ctx.out(`change: withdraw the proposal of ${before.pending}; ${before.current} stays the ${role.label}`);
    if (!(await execute(ctx, { name: role.contract, abi: role.abi, functionName: role.cancel, args: [] }))) return;
    ctx.out('');
    printSigner(ctx, role, await signerState(ctx, role));
    return;
  }
  throw new UsageError(`${role.command} needs status, propose <address>, activate or cancel`);
}

// ---------------------------------------------------------------- pause

type PausableName = 'vault' | 'market' | 'nft';

const PAUSABLE: Record<PausableName, { contract: ContractKey; abi: Abi; what: string }> = {
  vault: {
    contract: 'EternoVault',
    abi: eternoVaultAbi,
    what: 'deposits and exchanges (withdrawals for at most MAX_PAUSE)',
  },
  market: { contract: 'EusdMarket', abi: eusdMarketAbi, what: 'new orders and fills (cancelling still works)' },
  nft: { contract: 'EternoNft', abi: eternoNftAbi, what: 'NFT sales' },
};

function pausable(name: string | undefined): PausableName {
  if (name === undefined) throw new UsageError('--contract vault|market|nft is required');
  if (!(name in PAUSABLE)) throw new UsageError(`--contract must be vault, market or nft, not "${name}"`);
  return name as PausableName;
}

type VaultPause = {
  paused: boolean;
  withdrawalsPaused: boolean;
  withdrawalsReopenAt: bigint;
  nextPauseAt: bigint;
  maxPause: bigint;
  now: bigint;
};

async function vaultPause(ctx: Context): Promise<VaultPause> {
  const [[paused, withdrawalsPaused, withdrawalsReopenAt, nextPauseAt], maxPause, now] = await Promise.all([
    read<readonly [boolean, boolean, bigint, bigint]>(ctx, 'EternoVault', eternoVaultAbi, 'pauseState'),
    read<bigint>(ctx, 'EternoVault', eternoVaultAbi, 'MAX_PAUSE'),
    chainTime(ctx.client),
  ]);
  return { paused, withdrawalsPaused, withdrawalsReopenAt, nextPauseAt, maxPause, now };
}

async function isPaused(ctx: Context, name: PausableName): Promise<boolean> {
  if (name === 'vault') return (await vaultPause(ctx)).paused;
  if (name === 'market') return read<boolean>(ctx, 'EusdMarket', eusdMarketAbi, 'paused');
  return read<boolean>(ctx, 'EternoNft', eternoNftAbi, 'salePaused');
}

async function printPause(ctx: Context, name: PausableName): Promise<void> {
  const { contract, what } = PAUSABLE[name];
  if (name !== 'vault') {
    const paused = await isPaused(ctx, name);
    ctx.out(`${name.padEnd(7)} ${contract} (${address(ctx, contract)}): ${paused ? 'PAUSED' : 'running'} — ${what}`);
    return;
  }
  const v = await vaultPause(ctx);
  ctx.out(`${name.padEnd(7)} ${contract} (${address(ctx, contract)}): ${v.paused ? 'PAUSED' : 'running'} — ${what}`);
  if (v.withdrawalsPaused) {
    ctx.out(
      `          withdrawals held until ${utc(v.withdrawalsReopenAt)} (in ${span(v.withdrawalsReopenAt - v.now)})`,
    );
  } else {
    ctx.out('          withdrawals open');
  }
  if (!v.paused) {
    ctx.out(
      v.nextPauseAt > v.now
        ? `          a new pause is possible from ${utc(v.nextPauseAt)} (in ${span(v.nextPauseAt - v.now)})`
        : `          a pause is possible now; it would hold withdrawals for at most ${span(v.maxPause)}`,
    );
  }
}

async function setPaused(ctx: Context, name: PausableName, pause: boolean): Promise<void> {
  const { contract, abi, what } = PAUSABLE[name];
  await printPause(ctx, name);
  const paused = await isPaused(ctx, name);
  if (pause && paused) throw new Refused(`${contract} is already paused`);
  if (!pause && !paused) throw new Refused(`${contract} is not paused`);
  ctx.out('');
  ctx.out(`change: ${pause ? 'pause' : 'resume'} ${what} on ${contract}`);
  if (name === 'vault' && pause) {
    const v = await vaultPause(ctx);
    if (v.now < v.nextPauseAt) {
      throw new Refused(
        `the vault may not be paused again before ${utc(v.nextPauseAt)} (in ${span(v.nextPauseAt - v.now)}): withdrawals must stay open at least as long as the last pause held them. Lower the caps instead (they apply at once).`,
      );
    }
    ctx.out(
      `        withdrawals will be held until about ${utc(v.now + v.maxPause)} at most (then they reopen by themselves)`,
    );
  }
  const call: Call =
    name === 'nft'
      ? { name: contract, abi, functionName: 'setSalePaused', args: [pause] }
      : { name: contract, abi, functionName: pause ? 'pause' : 'unpause', args: [] };
  if (!(await execute(ctx, call))) return;
  ctx.out('');
  await printPause(ctx, name);
}

// ---------------------------------------------------------------- status

async function showStatus(ctx: Context): Promise<void> {
  ctx.out('');
  ctx.out('Signers');
  printSigner(ctx, VAULT_SIGNER, await signerState(ctx, VAULT_SIGNER));
  if (ctx.deployments.contracts.ReferralRegistry) {
    printSigner(ctx, PLACEMENT_SIGNER, await signerState(ctx, PLACEMENT_SIGNER));
  }
  ctx.out('');
  ctx.out('Pauses');
  for (const name of Object.keys(PAUSABLE) as PausableName[]) await printPause(ctx, name);
  ctx.out('');
  ctx.out('Owners');
  for (const name of ['EternoVault', 'ReferralRegistry', 'EusdMarket', 'EternoNft'] as const) {
    const [owner, pendingOwner] = await Promise.all([
      read<Address>(ctx, name, eternoVaultAbi, 'owner'),
      read<Address>(ctx, name, eternoVaultAbi, 'pendingOwner'),
    ]);
    const mine = ctx.account && getAddress(owner) === getAddress(ctx.account.address) ? ' (your key)' : '';
    const pending = pendingOwner === zeroAddress ? '' : `, transfer to ${pendingOwner} pending its acceptance`;
    ctx.out(`  ${name.padEnd(17)} ${owner}${mine}${pending}`);
  }
}
