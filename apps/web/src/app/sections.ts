/** The bottom tab bar (spec §2) and each section's sub-tabs, as links. Labels are i18n keys. */

export type SectionId = 'home' | 'finance' | 'market' | 'assets' | 'ecology' | 'mine';

export type SubTab = {
  /** Path under the section, e.g. 'overview' → /assets/overview. */
  readonly path: string;
  /** Key in the `screens` namespace. */
  readonly label: SubTabLabel;
};

export type Section = {
  readonly id: SectionId;
  /** Key in the `common` namespace. */
  readonly label: `tabs.${SectionId}`;
  readonly base: `/${SectionId}`;
  readonly tabs: readonly SubTab[];
};

type SubTabLabel =
  | `home.tabs.${'eterno' | 'trend'}`
  | `finance.tabs.${'buy' | 'orders' | 'past' | 'regular' | 'stake'}`
  | `market.tabs.${'eusd' | 'orders'}`
  | `assets.tabs.${'overview' | 'income' | 'data' | 'bill'}`
  | `ecology.tabs.${'overview' | 'defi' | 'nft'}`
  | `mine.tabs.${'today' | 'invite' | 'invited' | 'framework' | 'team' | 'setting'}`;

export const SECTIONS: readonly Section[] = [
  {
    id: 'home',
    label: 'tabs.home',
    base: '/home',
    tabs: [
      { path: 'eterno', label: 'home.tabs.eterno' },
      { path: 'trend', label: 'home.tabs.trend' },
    ],
  },
  {
    id: 'finance',
    label: 'tabs.finance',
    base: '/finance',
    tabs: [
      { path: 'overview', label: 'finance.tabs.buy' },
      { path: 'mine', label: 'finance.tabs.orders' },
      { path: 'past', label: 'finance.tabs.past' },
      { path: 'regular', label: 'finance.tabs.regular' },
      { path: 'stake', label: 'finance.tabs.stake' },
    ],
  },
  {
    id: 'market',
    label: 'tabs.market',
    base: '/market',
    tabs: [
      { path: 'eusd', label: 'market.tabs.eusd' },
      { path: 'orders', label: 'market.tabs.orders' },
    ],
  },
  {
    id: 'assets',
    label: 'tabs.assets',
    base: '/assets',
    tabs: [
      { path: 'overview', label: 'assets.tabs.overview' },
      { path: 'income', label: 'assets.tabs.income' },
      { path: 'data', label: 'assets.tabs.data' },
      { path: 'experience', label: 'assets.tabs.bill' },
    ],
  },
  {
    id: 'ecology',
    label: 'tabs.ecology',
    base: '/ecology',
    tabs: [
      { path: 'overview', label: 'ecology.tabs.overview' },
      { path: 'defi', label: 'ecology.tabs.defi' },
      { path: 'nft', label: 'ecology.tabs.nft' },
    ],
  },
  {
    id: 'mine',
    label: 'tabs.mine',
    base: '/mine',
    tabs: [
      { path: 'today', label: 'mine.tabs.today' },
      { path: 'invite-register', label: 'mine.tabs.invite' },
      { path: 'invited', label: 'mine.tabs.invited' },
      { path: 'framework', label: 'mine.tabs.framework' },
      { path: 'team', label: 'mine.tabs.team' },
      { path: 'setting', label: 'mine.tabs.setting' },
    ],
  },
];

export function sectionById(id: SectionId): Section {
  const section = SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new RangeError(`unknown section ${id}`);
  return section;
}
