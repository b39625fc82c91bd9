/** The bottom tab bar (spec §2) and each section's sub-tabs, as links. Labels are i18n keys. */

export type SectionId = 'home' | 'finance' | 'market' | 'assets' | 'ecology' | 'mine';

export type SubTab = {
  /** Path under the section, e.g. 'overview' → /assets/overview. */
  readonly path: string;
  /** Key in the `screens` namespace. */
  readonly label: SubTabLabel;
  /**
   * Other routes of the section this tab also stands for (reached from its screen, e.g. Swap from
   * Assets overview): the strip highlights the tab on them and below them. Patterns like `path`.
   */
  readonly owns?: readonly string[];
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
  | `finance.tabs.${'buy' | 'orders' | 'past' | 'regular' | 'stake' | 'exchange'}`
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
      { path: 'overview', label: 'finance.tabs.buy', owns: ['rights-issue', 'rights-issue-new'] },
      { path: 'mine', label: 'finance.tabs.orders' },
      { path: 'past', label: 'finance.tabs.past' },
      { path: 'regular', label: 'finance.tabs.regular' },
      { path: 'stake', label: 'finance.tabs.stake' },
      { path: 'exchange', label: 'finance.tabs.exchange' },
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
      { path: 'overview', label: 'assets.tabs.overview', owns: ['swap'] },
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
      { path: 'overview', label: 'ecology.tabs.overview', owns: ['nodes'] },
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

/** Whether `pathname` is `base/pattern` or below it (a pattern's `:name` segment matches any one segment). */
function under(pathname: string, base: string, pattern: string): boolean {
  const want = `${base}/${pattern}`.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (have.length < want.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

/**
 * The sub-tab the strip highlights on `pathname`: the tab whose path or one of whose `owns`
 * patterns is the pathname or above it. Every route of a section has exactly one (sections.test.ts).
 */
export function activeSubTab(section: Section, pathname: string): SubTab | undefined {
  return section.tabs.find((tab) =>
    [tab.path, ...(tab.owns ?? [])].some((pattern) => under(pathname, section.base, pattern)),
  );
}
