import { getAddress, isAddress, type Address } from 'viem';
import { useSearchParams } from 'react-router';
import { fetchBinaryDays, type BinaryDay } from '../../api/referral.ts';
import { useTabIndex } from '../../components/SegmentedTabs.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { FrameworkView } from './FrameworkView.tsx';
import { usePages } from './usePages.ts';
import { useTeam } from './useTeam.ts';
import { useTree } from './useTree.ts';

/** The tree tab's index in `?tab=`. */
const TREE_TAB = 2;

/** `/mine/framework`; the tree's root is kept in `?root=` (browser back walks the taps back). */
export default function FrameworkScreen() {
  const { account } = useWallet();
  const tab = useTabIndex(3);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('root');
  const root = asked !== null && isAddress(asked) ? getAddress(asked) : null;
  const team = useTeam(account);
  const days = usePages<BinaryDay>('binary', (query) => fetchBinaryDays(query), tab === 1);
  const tree = useTree(tab === TREE_TAB ? account : undefined, root);
  const onOpen = (next: Address | null) =>
    setSearch(next === null ? { tab: String(TREE_TAB) } : { tab: String(TREE_TAB), root: next });
  return <FrameworkView tab={tab} viewer={account} team={team} days={days} tree={tree} onOpen={onOpen} />;
}
