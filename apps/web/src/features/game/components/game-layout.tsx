import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { GameTabs, type GameTab } from './game-tabs';
import styles from './game-layout.module.css';

/** The game's tabs, in their order; the quarter layout splits them into two groups. */
export const tabOrder = [
  'briefing',
  'chat',
  'console',
  'detail',
  'ranking',
  'team',
  'vpn',
] as const;
export type TabId = (typeof tabOrder)[number];

const missionTabs: readonly TabId[] = ['briefing', 'chat', 'console', 'vpn'];
const teamTabs: readonly TabId[] = ['ranking', 'team'];

/** Every tab's content; the Console and VPN tabs are left out for a mission without a lab. */
export type TabContents = Record<Exclude<TabId, 'console' | 'vpn'>, ReactNode> &
  Partial<Record<'console' | 'vpn', ReactNode>>;
/** What waits in a tab (the Chat tab's unread messages). */
export type TabBadges = Partial<Record<TabId, GameTab['badge']>>;

const tabsOf = (
  ids: readonly TabId[],
  contents: TabContents,
  label: (id: TabId) => string,
  badges: TabBadges,
) =>
  ids
    .filter((id) => id in contents)
    .map((id): GameTab => ({ id, label: label(id), content: contents[id], badge: badges[id] }));

/**
 * Quarter: four panes that fill the screen and scroll each on its own —
 * the objectives, the selected objective, the mission's tabs, the teams' tabs. The first tab of
 * each group is open at start.
 */
export function QuarterLayout({
  objectives,
  detail,
  contents,
  badges = {},
}: {
  objectives: ReactNode;
  detail: ReactNode;
  contents: TabContents;
  badges?: TabBadges;
}) {
  const { t } = useTranslation('game');
  const [missionTab, setMissionTab] = useState<string>(missionTabs[0]!);
  const [teamTab, setTeamTab] = useState<string>(teamTabs[0]!);
  const label = (id: TabId) => t(`tabs.${id}`);
  return (
    <div className={styles.quarter}>
      <section className={styles.pane} aria-label={t('objectives.label')}>
        {objectives}
      </section>
      {/* Focusable: it scrolls, and may hold nothing else to focus (a locked objective). */}
      <section className={styles.pane} aria-label={t('tabs.detail')} tabIndex={0}>
        {detail}
      </section>
      <section className={`${styles.pane} ${styles.tabsPane}`} aria-label={t('tabs.mission')}>
        <GameTabs
          label={t('tabs.mission')}
          tabs={tabsOf(missionTabs, contents, label, badges)}
          active={missionTab}
          onChange={setMissionTab}
          fill
        />
      </section>
      <section className={`${styles.pane} ${styles.tabsPane}`} aria-label={t('tabs.teams')}>
        <GameTabs
          label={t('tabs.teams')}
          tabs={tabsOf(teamTabs, contents, label, badges)}
          active={teamTab}
          onChange={setTeamTab}
          fill
        />
      </section>
    </div>
  );
}

/**
 * Tabs: the objectives beside (or, on a phone, above) one group holding every tab in the spec's
 * order, Briefing open at start. Used where quarter has no room, or by choice.
 */
export function TabbedLayout({
  objectives,
  contents,
  tab,
  onTabChange,
  tabsRef,
  badges = {},
}: {
  objectives: ReactNode;
  contents: TabContents;
  badges?: TabBadges;
  tab: TabId;
  onTabChange: (tab: TabId) => void;
  tabsRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation('game');
  return (
    <div className={styles.tabbed}>
      <section className={styles.pane} aria-label={t('objectives.label')}>
        {objectives}
      </section>
      <section ref={tabsRef} className={styles.pane} aria-label={t('tabs.label')}>
        <GameTabs
          label={t('tabs.label')}
          tabs={tabsOf(tabOrder, contents, (id) => t(`tabs.${id}`), badges)}
          active={tab}
          onChange={(id) => onTabChange(id as TabId)}
        />
      </section>
    </div>
  );
}
