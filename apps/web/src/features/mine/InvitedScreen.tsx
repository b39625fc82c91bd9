import { fetchDirect, type TeamMember } from '../../api/referral.ts';
import { useTabIndex } from '../../components/SegmentedTabs.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { InvitedView } from './InvitedView.tsx';
import { usePages } from './usePages.ts';
import { useTeam } from './useTeam.ts';

/** `/mine/invited`. */
export default function InvitedScreen() {
  const { account } = useWallet();
  const tab = useTabIndex(2);
  const team = useTeam(account);
  const direct = usePages<TeamMember>('direct', (query) => fetchDirect(query), tab === 1);
  return <InvitedView tab={tab} team={team} direct={direct} />;
}
