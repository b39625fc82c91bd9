/**
 * What `npm start` prints once the stack runs: the URLs it really serves (the server's read back
 * from its log: boundPort.ts), its data folder, and the test accounts with their index in anvil's
 * default mnemonic — the number `cast wallet private-key --mnemonic-index` takes, not a list position.
 */
import type { Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { LOCAL_TEST_MNEMONIC } from '@eterno/protocol/chain';
import type { DeployedAccount } from '@eterno/protocol/deployments';

/** Indexes looked at for a deployed account's place in the mnemonic (the local seed uses 0–12). */
const SEARCHED_INDEXES = 16;

/** Each address's index in the default mnemonic (among the first 16), lower-cased keys. */
export function mnemonicIndexes(count = SEARCHED_INDEXES): Map<string, number> {
  const indexes = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    indexes.set(mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: i }).address.toLowerCase(), i);
  }
  return indexes;
}

export type BannerInput = {
  webUrl: string;
  apiUrl: string;
  rpcUrl: string;
  chainId: number;
  deploymentsFile: string;
  dataDir: string;
  accounts: readonly DeployedAccount[];
  /** Data folders of other `npm start`s of this checkout that are still running. */
  otherRuns: readonly string[];
  /** Mnemonic index by lower-case address (mnemonicIndexes()). */
  indexOf: ReadonlyMap<string, number>;
};

const ROLE_NOTES: Record<string, string> = {
  deployer: 'genesis root of the referral tree',
  signer: "the vault's voucher signer (the server's key)",
  placementSigner: "the referral registry's placement signer (the server's key)",
};

export function bannerLines(input: BannerInput): string[] {
  const index = (address: Address) => input.indexOf.get(address.toLowerCase());
  const rows = input.accounts
    .map((a) => ({ ...a, index: index(a.address) }))
    .sort((a, b) => (a.index ?? Infinity) - (b.index ?? Infinity));
  const seeded = rows.filter((r) => !(r.label in ROLE_NOTES)).map((r) => r.index);
  const lastSeeded = Math.max(0, ...seeded.map((i) => i ?? 0));
  const roles = rows.filter((r) => r.label in ROLE_NOTES).map((r) => r.index ?? Infinity);
  const firstRoleAfterSeed = Math.min(...roles.filter((i) => i > lastSeeded));
  const unregistered =
    Number.isFinite(firstRoleAfterSeed) && firstRoleAfterSeed - lastSeeded > 1
      ? `${lastSeeded + 1}–${firstRoleAfterSeed - 1}`
      : null;
  const accountLine = (r: (typeof rows)[number]) => {
    const note = ROLE_NOTES[r.label];
    return `    ${String(r.index ?? '?').padStart(2)}  ${r.label.padEnd(15)} ${r.address}${note ? `  (${note})` : ''}`;
  };
  return [
    '',
    'ETERNO local stack is running',
    '',
    `  Web app     ${input.webUrl}`,
    `  API         ${input.apiUrl}`,
    `  RPC         ${input.rpcUrl}   (chain id ${input.chainId}, native coin FON)`,
    `  Deployments ${input.deploymentsFile}`,
    `  Data        ${input.dataDir}   (this run's own folder; removed when it stops)`,
    ...(input.otherRuns.length > 0
      ? [
          `  Another npm start of this checkout is running (${input.otherRuns.join(', ')}):`,
          '    its data is left alone; this stack has its own chain, data and ports.',
        ]
      : []),
    '',
    '  Test accounts: anvil\'s default mnemonic "test test … junk"; the number is the mnemonic index',
    '  (cast wallet private-key --mnemonic "…" --mnemonic-index <n>):',
    ...rows.map(accountLine),
    ...(unregistered
      ? [
          `    ${unregistered}  unregistered accounts with FON, for the registration screens (they cannot buy packages yet)`,
        ]
      : []),
    '',
    '  Referral tree: deployer (genesis root) ← alice (left); alice ← bob (left), carol (right).',
    '',
    '  Connect:',
    `    - Demo wallet: open the web app and pick "ETERNO Demo Wallet (local)" (alice, index 1; switch`,
    '      to bob, carol or a new user in Mine › Settings).',
    `    - MetaMask: add network RPC ${input.rpcUrl}, chain id ${input.chainId}, symbol FON;`,
    "      import a test account's private key (print it with:",
    '      node_modules/.bin/cast wallet private-key --mnemonic "test test test test test test test test test test test junk" --mnemonic-index 1).',
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
}
