import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../app-info';
import { SessionGate, type PlayerSession } from '../../sessions';
import { useObjectives } from '../api/get-objectives';
import { Briefing } from '../components/briefing';
import { EnvironmentUnavailable } from '../components/environment-unavailable';
import { GameStatusBar } from '../components/game-status-bar';
import { GameTabs } from '../components/game-tabs';
import { MyTeam } from '../components/my-team';
import { ObjectiveDetail } from '../components/objective-detail';
import { ObjectiveList } from '../components/objective-list';
import { RankingTable } from '../components/ranking-table';
import { noFilters, type ObjectiveFilters } from '../lib/objective-filters';
import styles from './session-game-screen.module.css';

/**
 * Spec §2 /sessions/{uuid}/game: the objectives with their lists and filters beside the tabs
 * (Briefing first), the timer and the pause notice; everything kept live by the session's stream.
 */
export default function SessionGameScreen() {
  return <SessionGate screen="game">{(session) => <Game session={session} />}</SessionGate>;
}

function Game({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['game', 'screens']);
  useDocumentTitle(t('screens:sessionGame.title'));
  const objectives = useObjectives(session.uuid);
  const [filters, setFilters] = useState<ObjectiveFilters>(noFilters);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState('briefing');
  const tabsPane = useRef<HTMLElement>(null);
  const list = objectives.data?.objectives ?? [];
  const current = list.find((objective) => objective.uuid === selected) ?? null;
  const ownTeam = session.gaming_session_user?.gaming_session_team?.uuid ?? null;

  const tabs = [
    { id: 'briefing', label: t('tabs.briefing'), content: <Briefing sessionUuid={session.uuid} /> },
    {
      id: 'chat',
      label: t('tabs.chat'),
      content: <p className={styles.muted}>{t('chat.soon')}</p>,
    },
    { id: 'console', label: t('tabs.console'), content: <EnvironmentUnavailable /> },
    {
      id: 'detail',
      label: t('tabs.detail'),
      content: (
        <ObjectiveDetail
          key={current?.uuid ?? 'none'}
          sessionUuid={session.uuid}
          objective={current}
        />
      ),
    },
    {
      id: 'ranking',
      label: t('tabs.ranking'),
      content: <RankingTable sessionUuid={session.uuid} ownTeam={ownTeam} />,
    },
    { id: 'team', label: t('tabs.team'), content: <MyTeam session={session} objectives={list} /> },
    { id: 'vpn', label: t('tabs.vpn'), content: <EnvironmentUnavailable /> },
  ];

  return (
    <div className={styles.screen}>
      <h1 className="visually-hidden">{t('screens:sessionGame.title')}</h1>
      <GameStatusBar session={session} />
      <div className={styles.layout}>
        <section className={styles.pane} aria-label={t('objectives.label')}>
          {objectives.isPending ? (
            <SectionLoading lines={6} />
          ) : objectives.isError ? (
            <SectionError error={objectives.error} onRetry={() => void objectives.refetch()} />
          ) : (
            <ObjectiveList
              objectives={list}
              filters={filters}
              onFiltersChange={setFilters}
              selected={selected}
              onSelect={(uuid) => {
                setSelected(uuid);
                setTab('detail');
                // On a phone the detail is below the list: bring it into view.
                tabsPane.current?.scrollIntoView({ block: 'nearest' });
              }}
            />
          )}
        </section>
        <section ref={tabsPane} className={styles.pane} aria-label={t('tabs.label')}>
          <GameTabs label={t('tabs.label')} tabs={tabs} active={tab} onChange={setTab} />
        </section>
      </div>
    </div>
  );
}
