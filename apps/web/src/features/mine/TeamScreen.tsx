import { fetchIndirect, type TeamMember } from '../../api/referral.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { TeamView } from './TeamView.tsx';
import { usePages } from './usePages.ts';
import { useTeam } from './useTeam.ts';

/** `/mine/team`. */
export default function TeamScreen() {
  const { account } = useWallet();
  const team = useTeam(account);
  const indirect = usePages<TeamMember>('indirect', (query) => fetchIndirect(query));
  return <TeamView team={team} indirect={indirect} />;
}
