import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { shortenAddress } from '@eterno/protocol/address';
import type { BinaryDay, Team, TeamFigures, Tree } from '../../api/referral.ts';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { formatDay } from '../../i18n/dateTime.ts';
import { usdtText } from '../finance/format.ts';
import { Figure, Loadable, type Read } from './Loadable.tsx';
import { NotRegistered } from './NotRegistered.tsx';
import { PagedList } from './PagedList.tsx';
import { TreeView } from './TreeView.tsx';
import type { Pages } from './usePages.ts';
import './mine.css';

export type FrameworkViewProps = {
  /** 0 binary volume, 1 binary detail, 2 binary tree. */
  tab: number;
  viewer: Address;
  team: Read<Team>;
  days: Pages<BinaryDay>;
  tree: Read<Tree> & { stale: boolean };
  onOpen: (root: Address | null) => void;
};

function Volumes({ figures }: { figures: TeamFigures }) {
  const { t } = useTranslation('mine');
  const side = (s: 'left' | 'right') => (
    <div className="mine-leg" data-side={s} data-testid={`leg-${s}`}>
      <span>{t(s)}</span>
      <strong data-testid={`leg-${s}-volume`}>{usdtText(figures[s].volume)}</strong>
      <dl className="finance-figures">
        <Figure label={t('framework.todayIncrease')} value={usdtText(figures[s].today)} testId={`leg-${s}-today`} />
        <Figure
          label={t('framework.members')}
          value={t('framework.membersValue', { count: figures[s].members })}
          testId={`leg-${s}-members`}
        />
        <Figure
          label={t('framework.nextSeat')}
          value={
            <span title={figures[s].legEnd} data-testid={`leg-${s}-next-seat`}>
              {t('framework.nextSeatValue', { address: shortenAddress(figures[s].legEnd) })}
            </span>
          }
        />
      </dl>
    </div>
  );
  return (
    <div className="mine-legs mine-legs-stack">
      {side('left')}
      {side('right')}
    </div>
  );
}

function DayCard({ day }: { day: BinaryDay }) {
  const { t, i18n } = useTranslation('mine');
  const pair = (l: bigint, r: bigint) => `${usdtText(l)} / ${usdtText(r)}`;
  return (
    <li className="finance-card" data-testid="binary-day" data-day={day.day}>
      <h3>{formatDay(day.day, i18n.language)}</h3>
      <dl className="finance-figures">
        <Figure label={t('framework.newVolume')} value={pair(day.leftNew, day.rightNew)} />
        <Figure label={t('framework.carryIn')} value={pair(day.leftCarryIn, day.rightCarryIn)} />
        <Figure label={t('framework.matched')} value={usdtText(day.matched)} />
        <Figure label={t('framework.income')} value={usdtText(day.income)} testId="binary-day-income" />
        <Figure label={t('framework.capped')} value={usdtText(day.capped)} />
        <Figure label={t('framework.carryOut')} value={pair(day.leftCarryOut, day.rightCarryOut)} />
      </dl>
    </li>
  );
}

/**
 * Mine › framework (`/mine/framework`, spec "framework network"): binary volume (per leg the
 * cumulative volume, today's increase, members, the next automatic seat), binary detail (the settled
 * binary days, newest first) and the binary tree (./TreeView.tsx).
 */
export function FrameworkView({ tab, viewer, team, days, tree, onOpen }: FrameworkViewProps) {
  const { t, i18n } = useTranslation('mine');
  const tabs = [t('framework.tabs.volume'), t('framework.tabs.detail'), t('framework.tabs.tree')];
  return (
    <section className="finance-screen mine-screen" data-testid="mine-framework">
      <SegmentedTabs labels={tabs} active={tab} />
      <div role="tabpanel" className="finance-screen">
        {tab === 0 ? (
          <Loadable read={team} testId="framework-volume">
            {({ team: figures, day }) =>
              figures === null ? (
                <NotRegistered />
              ) : (
                <>
                  <Volumes figures={figures} />
                  <p className="finance-note">{t('asOfDay', { day: formatDay(day, i18n.language) })}</p>
                </>
              )
            }
          </Loadable>
        ) : tab === 1 ? (
          <PagedList pages={days} testId="binary-days" empty={t('framework.detailEmpty')}>
            {(day) => <DayCard key={day.day} day={day} />}
          </PagedList>
        ) : (
          <Loadable
            read={tree}
            testId="tree"
            notFound={
              <div className="finance-empty" data-testid="tree-outside">
                <p>{t('framework.outsideTeam')}</p>
                <button type="button" className="button" onClick={() => onOpen(null)}>
                  {t('framework.home')}
                </button>
              </div>
            }
          >
            {(data) => <TreeView tree={data} viewer={viewer} stale={tree.stale} onOpen={onOpen} />}
          </Loadable>
        )}
      </div>
    </section>
  );
}
