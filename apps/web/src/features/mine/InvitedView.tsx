import { useTranslation } from 'react-i18next';
import type { Team, TeamMember } from '../../api/referral.ts';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { usdtText } from '../finance/format.ts';
import { Figure, Loadable, type Read } from './Loadable.tsx';
import { MemberRow } from './MemberRow.tsx';
import { NotRegistered } from './NotRegistered.tsx';
import { PagedList } from './PagedList.tsx';
import type { Pages } from './usePages.ts';
import './mine.css';

export type InvitedViewProps = {
  /** 0 recommend volume, 1 recommend list. */
  tab: number;
  team: Read<Team>;
  direct: Pages<TeamMember>;
};

/**
 * Mine › invited (`/mine/invited`, spec "first-level network"): the recommend volume (Σ the direct
 * invitees' own package payments, kept by the indexer at each purchase, and their count) and the
 * recommend list (the direct invitees with their volumes, newest first, paged).
 */
export function InvitedView({ tab, team, direct }: InvitedViewProps) {
  const { t } = useTranslation('mine');
  return (
    <section className="finance-screen mine-screen" data-testid="mine-invited">
      <SegmentedTabs labels={[t('invited.tabs.volume'), t('invited.tabs.list')]} active={tab} />
      <div role="tabpanel" className="finance-screen">
        {tab === 0 ? (
          <Loadable read={team} testId="invited-volume">
            {({ team: figures }) =>
              figures === null ? (
                <NotRegistered />
              ) : (
                <section className="finance-card">
                  <h3>{t('invited.volumeTitle')}</h3>
                  <dl className="finance-figures finance-figures-big">
                    <Figure
                      label={t('invited.directVolume')}
                      value={usdtText(figures.directVolume)}
                      testId="direct-volume"
                    />
                  </dl>
                  <dl className="finance-figures">
                    <Figure
                      label={t('invited.directCount')}
                      value={t('invited.directCountValue', { count: figures.directCount })}
                      testId="direct-count"
                    />
                  </dl>
                  <p className="finance-note">{t('invited.volumeNote')}</p>
                </section>
              )
            }
          </Loadable>
        ) : (
          <PagedList pages={direct} testId="direct-list" empty={t('invited.listEmpty')}>
            {(member) => <MemberRow key={member.wallet} member={member} showLevel={false} />}
          </PagedList>
        )}
      </div>
    </section>
  );
}
