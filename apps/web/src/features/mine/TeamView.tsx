import { useTranslation } from 'react-i18next';
import type { Team, TeamMember } from '../../api/referral.ts';
import { formatDay } from '../../i18n/dateTime.ts';
import { usdtText } from '../finance/format.ts';
import { Loadable, type Read } from './Loadable.tsx';
import { MemberRow } from './MemberRow.tsx';
import { NotRegistered } from './NotRegistered.tsx';
import { PagedList } from './PagedList.tsx';
import type { Pages } from './usePages.ts';
import './mine.css';

export type TeamViewProps = {
  team: Read<Team>;
  indirect: Pages<TeamMember>;
};

/**
 * Mine › team (`/mine/team`, spec "team network"): the whole placement team at a glance (size,
 * volume and today's increase per side and in total) and the inviter tree below the first level
 * (levels 2–10, each row with its level). docs/decisions/referral.md § Mine screens.
 */
export function TeamView({ team, indirect }: TeamViewProps) {
  const { t, i18n } = useTranslation('mine');
  return (
    <section className="finance-screen mine-screen" data-testid="mine-team">
      <section className="finance-card">
        <h3>{t('team.title')}</h3>
        <Loadable read={team} testId="team-figures">
          {({ team: figures, day }) =>
            figures === null ? (
              <NotRegistered />
            ) : (
              <>
                <div className="mine-table" role="table">
                  <span className="mine-th" role="columnheader" />
                  <span className="mine-th mine-num" role="columnheader">
                    {t('left')}
                  </span>
                  <span className="mine-th mine-num" role="columnheader">
                    {t('right')}
                  </span>
                  <span className="mine-th">{t('team.size')}</span>
                  <span className="mine-num" data-testid="team-size-left">
                    {figures.left.members}
                  </span>
                  <span className="mine-num" data-testid="team-size-right">
                    {figures.right.members}
                  </span>
                  <span className="mine-th">{t('team.volume')}</span>
                  <span className="mine-num" data-testid="team-volume-left">
                    {usdtText(figures.left.volume)}
                  </span>
                  <span className="mine-num" data-testid="team-volume-right">
                    {usdtText(figures.right.volume)}
                  </span>
                  <span className="mine-th">{t('team.todayIncrease')}</span>
                  <span className="mine-num" data-testid="team-today-left">
                    {usdtText(figures.left.today)}
                  </span>
                  <span className="mine-num" data-testid="team-today-right">
                    {usdtText(figures.right.today)}
                  </span>
                </div>
                <dl className="finance-figures">
                  <div>
                    <dt>
                      {t('total')} · {t('team.size')}
                    </dt>
                    <dd data-testid="team-size-total">{figures.left.members + figures.right.members}</dd>
                  </div>
                  <div>
                    <dt>
                      {t('total')} · {t('team.volume')}
                    </dt>
                    <dd data-testid="team-volume-total">{usdtText(figures.left.volume + figures.right.volume)}</dd>
                  </div>
                </dl>
                <p className="finance-note">{t('team.note')}</p>
                <p className="finance-note">{t('asOfDay', { day: formatDay(day, i18n.language) })}</p>
              </>
            )
          }
        </Loadable>
      </section>
      <h3 className="finance-subtitle">{t('team.levelsTitle')}</h3>
      <p className="finance-note" data-testid="team-levels-hint">
        {t('team.levelsHint')}
      </p>
      <PagedList pages={indirect} testId="indirect-list" empty={t('team.levelsEmpty')}>
        {(member) => <MemberRow key={member.wallet} member={member} showLevel />}
      </PagedList>
    </section>
  );
}
