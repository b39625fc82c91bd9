// @vitest-environment jsdom
import '../../i18n/index.ts';
import i18next from 'i18next';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from 'viem';
import { MulticallCallError, type PendingChange } from '@eterno/protocol/pending/readPendingChanges';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { setConfigForTesting } from '../../config.ts';
import { formatDateTime } from '../../i18n/dateTime.ts';
import { testAppConfig } from '../../testing/appConfig.ts';
import { DISMISSED_KEY } from './dismissedChanges.ts';

type Read = BlockRead<{ blockNumber: bigint; timestamp: bigint; changes: readonly PendingChange[] }>;
const hook = vi.hoisted(() => ({ read: undefined as Read | undefined }));
vi.mock('./usePendingChanges.ts', () => ({ usePendingChanges: () => hook.read }));

const { PendingChangesBanner, PendingChangesView } = await import('./PendingChangesBanner.tsx');

const VAULT = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;
const FARM = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address;
const REGISTRY = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as Address;
const LEDGER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9' as Address;
const SIGNER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address;
const NOW = 1_800_000_000n;
const ETA = NOW + 2n * 24n * 3600n;

const vaultSigner: PendingChange = {
  kind: 'vaultSigner',
  contract: 'EternoVault',
  address: VAULT,
  signer: SIGNER,
  eta: ETA,
};
const ownerTransfer: PendingChange = {
  kind: 'ownerTransfer',
  contract: 'LockLedger',
  address: LEDGER,
  newOwner: SIGNER,
  newOwnerName: null,
  eta: null,
};
const farmAllocation: PendingChange = {
  kind: 'farmAllocation',
  contract: 'EternoFarm',
  address: FARM,
  pid: 2n,
  allocPoint: 1_000_000n,
  eta: NOW - 1n,
};
const placementSigner: PendingChange = {
  kind: 'placementSigner',
  contract: 'ReferralRegistry',
  address: REGISTRY,
  signer: SIGNER,
  eta: ETA,
};
const capIncrease: PendingChange = {
  kind: 'vaultCapIncrease',
  contract: 'EternoVault',
  address: VAULT,
  token: FARM,
  tokenName: 'USDT',
  eta: ETA,
};
const writer: PendingChange = {
  kind: 'ledgerWriter',
  contract: 'LockLedger',
  address: LEDGER,
  writer: FARM,
  writerName: 'StakingEULP',
  eta: ETA,
};

function chainRead(changes: readonly PendingChange[]): Read {
  return { data: { blockNumber: 100n, timestamp: NOW, changes }, error: null, loading: false, retry: vi.fn() };
}

beforeEach(() => {
  setConfigForTesting(testAppConfig());
});

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  setConfigForTesting(undefined);
  await i18next.changeLanguage('en');
});

describe('<PendingChangesView/>', () => {
  it('says what changes, in which contract and when, for every kind, with the full addresses in the details', () => {
    const changes = [ownerTransfer, vaultSigner, capIncrease, writer, placementSigner, farmAllocation];
    render(<PendingChangesView changes={changes} timestamp={NOW} explorerUrl={undefined} onDismiss={vi.fn()} />);
    const banner = screen.getByTestId('pending-changes');
    expect(within(banner).getByText('6 changes are pending on chain')).toBeTruthy();
    expect(screen.getByTestId('pending-summary').textContent).toBe(
      'Lock ledger · New owner proposed: 0x90F79b…93b906 · Takes effect when the new owner accepts it (and 5 more)',
    );
    expect(screen.queryAllByTestId('pending-change')).toHaveLength(0);

    fireEvent.click(within(banner).getByRole('button', { name: 'Details' }));
    const items = screen.getAllByTestId('pending-change');
    expect(items.map((item) => item.dataset.kind)).toEqual([
      'ownerTransfer',
      'vaultSigner',
      'vaultCapIncrease',
      'ledgerWriter',
      'placementSigner',
      'farmAllocation',
    ]);
    const from = `Can take effect from ${formatDateTime(ETA, 'en')}`;
    const [owner, signer, cap, ledger, placement, farm] = items.map((item) => item.textContent ?? '');
    expect(owner).toContain(`Lock ledger at ${LEDGER}`);
    expect(owner).toContain(SIGNER);
    expect(signer).toContain('New vault signer proposed: 0x90F79b…93b906 (it signs withdrawals and exchanges)');
    expect(signer).toContain(from);
    expect(signer).toContain(`Vault at ${VAULT}`);
    expect(cap).toContain('Higher payout caps proposed for USDT');
    expect(ledger).toContain('New lock-ledger writer proposed: StakingEULP (0xe7f172…3F0512)');
    expect(placement).toContain(`Referral registry at ${REGISTRY}`);
    expect(placement).toContain(from);
    // An eta the chain's clock has passed: the owner may apply it now.
    expect(farm).toContain('Farm pool 2: allocation to 1000000 points');
    expect(farm).toContain('Can take effect now');
    expect(within(banner).getByText(/public delay/)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Hide details' }));
    expect(screen.queryAllByTestId('pending-change')).toHaveLength(0);
  });

  it('links each contract to the explorer when the config names one', () => {
    render(
      <PendingChangesView
        changes={[vaultSigner]}
        timestamp={NOW}
        explorerUrl="https://explorer.example"
        onDismiss={vi.fn()}
      />,
    );
    expect(screen.getByText('A change is pending on chain')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const link = screen.getByRole('link', { name: `Vault at ${VAULT}` });
    expect(link.getAttribute('href')).toBe(`https://explorer.example/address/${VAULT}`);
  });

  it('speaks Chinese', async () => {
    await act(() => i18next.changeLanguage('zh'));
    render(
      <PendingChangesView
        changes={[vaultSigner, farmAllocation]}
        timestamp={NOW}
        explorerUrl={undefined}
        onDismiss={vi.fn()}
      />,
    );
    expect(screen.getByText('链上有 2 项待生效的变更')).toBeTruthy();
    expect(screen.getByTestId('pending-summary').textContent).toBe(
      `金库 · 拟更换金库签名者：0x90F79b…93b906（负责签署提现与兑换） · 最早于 ${formatDateTime(ETA, 'zh')} 生效 （另有 1 项）`,
    );
    fireEvent.click(screen.getByRole('button', { name: '详情' }));
    expect(screen.getAllByTestId('pending-change')[1]?.textContent).toContain('现在即可生效');
    expect(screen.getByRole('button', { name: '关闭提示' })).toBeTruthy();
  });
});

describe('<PendingChangesBanner/>', () => {
  it('shows nothing while nothing is pending', () => {
    hook.read = chainRead([]);
    render(<PendingChangesBanner />);
    expect(screen.queryByTestId('pending-changes')).toBeNull();
  });

  it('hides the changes it showed for the session when dismissed, and comes back for a new change', () => {
    hook.read = chainRead([vaultSigner]);
    const { rerender, unmount } = render(<PendingChangesBanner />);
    expect(screen.getByTestId('pending-changes').dataset.count).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('pending-changes')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]')).toHaveLength(1);

    // The next block reads the same change: still dismissed, also after a remount (a new screen).
    hook.read = chainRead([vaultSigner]);
    rerender(<PendingChangesBanner />);
    expect(screen.queryByTestId('pending-changes')).toBeNull();
    unmount();
    render(<PendingChangesBanner />);
    expect(screen.queryByTestId('pending-changes')).toBeNull();

    // A new change: the banner comes back with it alone.
    hook.read = chainRead([vaultSigner, placementSigner]);
    render(<PendingChangesBanner />);
    const banner = screen.getByTestId('pending-changes');
    expect(banner.dataset.count).toBe('1');
    expect(screen.getByTestId('pending-summary').textContent).toContain('Referral registry');

    // The same signer proposed again (a new eta) is a new change too.
    sessionStorage.clear();
    cleanupAndRender([vaultSigner]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    cleanupAndRender([{ ...vaultSigner, eta: ETA + 60n }]);
    expect(screen.getByTestId('pending-changes').dataset.count).toBe('1');
  });

  it('says when the contracts could not be read (never "nothing pending"), with Retry', () => {
    const retry = vi.fn();
    const error = new MulticallCallError({
      index: 3,
      target: VAULT,
      label: 'EternoVault.pendingSigner',
      failure: 'REVERTED',
      returnData: '0x',
    });
    hook.read = { data: undefined, error, loading: false, retry };
    render(<PendingChangesBanner />);
    const notice = screen.getByTestId('pending-read-error');
    expect(notice.textContent).toContain('Could not check the contracts for pending changes.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    hook.read = { data: undefined, error: null, loading: true, retry };
    cleanupAndRender(null);
    expect(screen.queryByTestId('pending-read-error')).toBeNull();
  });
});

/** Unmounts everything and renders the banner again, over `changes` (null keeps the current read). */
function cleanupAndRender(changes: readonly PendingChange[] | null) {
  cleanup();
  if (changes) hook.read = chainRead(changes);
  render(<PendingChangesBanner />);
}
