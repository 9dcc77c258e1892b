import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../../lib/app-info';
import { SessionGate, type PlayerSession } from '../../sessions';
import { countsOf, unreadTotals, useSessionChatThreads } from '../../chat';
import { useObjectives } from '../api/get-objectives';
import { useSessionMission } from '../api/get-session-mission';
import { useTeamEnvironment } from '../api/lab-environment';
import { Briefing } from '../components/briefing';
import { ChallengeDialog } from '../components/challenge-dialog';
import { ChatPanel } from '../components/chat-panel';
import { EliminatedNotice } from '../components/eliminated-notice';
import { FirstBloodBanners } from '../components/first-blood-banners';
import {
  QuarterLayout,
  TabbedLayout,
  type TabContents,
  type TabId,
} from '../components/game-layout';
import { GameStatusBar } from '../components/game-status-bar';
import { LabEnvironmentPanel } from '../components/lab-environment-panel';
import { LayoutSwitch } from '../components/layout-switch';
import { MyTeam } from '../components/my-team';
import { PlayedObjectiveDetail } from '../components/played-objective-detail';
import { ObjectiveList } from '../components/objective-list';
import { RankingTable } from '../components/ranking-table';
import { SpeedrunBanners } from '../components/speedrun-banner';
import { useGameLayout } from '../hooks/use-game-layout';
import { useToastsBelow } from '../hooks/use-toasts-below';
import { GameClockContext } from '../../objectives/hooks/use-speedrun-value';
import { firstToSolve, noFilters, type ObjectiveFilters } from '../lib/objective-filters';
import styles from './session-game-screen.module.css';

/**
 * `/sessions/{uuid}/game`: the objectives with their lists and filters, the selected
 * objective, the tabs (Briefing first), the timer and the pause notice, the game's modals and
 * banners; everything kept live by the session's stream. Quarter layout by default.
 */
export default function SessionGameScreen() {
  // No box of its own (display: contents): it marks the screen for its styles from the first frame.
  return (
    <div className={styles.gate}>
      <SessionGate screen="game">{(session) => <Game session={session} />}</SessionGate>
    </div>
  );
}

/**
 * The board is laid out once its first reads have answered: on a phone the objectives stand
 * above the tabs, and a list arriving in place of a skeleton of another height would push down
 * the briefing being read. Only the first load waits; a language switch keeps the screen while
 * it refetches. The status bar above it (the session, the timer, the game's modals) needs only
 * the session: it is drawn at once, the board's skeleton under it.
 *
 * The board's first rendering is the screen's largest piece of work: it is done in a transition,
 * which React cuts into short slices, so that a slow phone stays responsive (a query's answer
 * alone would render it in one long task).
 */
function Game({ session }: { session: PlayerSession }) {
  // What decides the board's tabs, its unread counts and the briefing it opens on (whose text
  // is the screen's largest paint) are asked for beside the objectives, and the board is drawn
  // once all four have answered (or failed): asked at once, they answer together, and a board
  // drawn on the first would be drawn again, whole, on each of the others.
  const reads = [
    useObjectives(session.uuid),
    useTeamEnvironment(session.uuid),
    useSessionChatThreads(session.uuid),
    useSessionMission(session.uuid),
  ];
  const ready = reads.every((read) => !read.isPending);
  // Objectives already in the cache (coming back to the game): the board at once.
  const [laidOut, setLaidOut] = useState(ready);
  useEffect(() => {
    if (ready && !laidOut) startTransition(() => setLaidOut(true));
  }, [ready, laidOut]);
  return <GameBoard session={session} laidOut={laidOut} />;
}

// Memoised: the gate above it is drawn again as its stream connects and as the session is read
// again unchanged, and the board is the screen's costliest drawing.
const GameBoard = memo(function GameBoard({
  session,
  laidOut,
}: {
  session: PlayerSession;
  /** The board's first reads have answered (`Game`); until then, its skeleton. */
  laidOut: boolean;
}) {
  const { t } = useTranslation(['game', 'screens', 'chat']);
  const chat = useSessionChatThreads(session.uuid);
  const threads = chat.data?.threads ?? [];
  const unread = unreadTotals(threads, countsOf(threads));
  // The unread total (global plus support) in the title: seen from another browser tab too.
  useDocumentTitle(
    unread.total > 0
      ? `(${unread.total}) ${t('screens:sessionGame.title')}`
      : t('screens:sessionGame.title'),
  );
  const objectives = useObjectives(session.uuid);
  const hasLab = Boolean(useTeamEnvironment(session.uuid).data?.lab);
  const layout = useGameLayout();
  const [filters, setFilters] = useState<ObjectiveFilters>(noFilters);
  const [selected, setSelected] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>('briefing');
  const tabsPane = useRef<HTMLElement>(null);
  // The status bar and the banners: what toasts must never cover.
  const top = useRef<HTMLDivElement>(null);
  useToastsBelow(top);
  const list = objectives.data?.objectives ?? [];
  const find = (uuid: string | null) => list.find((objective) => objective.uuid === uuid) ?? null;
  // Quarter has a pane for the objective: it shows one from the start, kept once shown (were
  // it recomputed, solving it would swap it for the next one before the result is read).
  const first = layout.layout === 'quarter' && selected === null ? firstToSolve(list) : null;
  if (first) setSelected(first.uuid);
  const current = find(selected ?? first?.uuid ?? null);
  const team = session.gaming_session_user?.gaming_session_team ?? null;
  const ownTeam = team?.uuid ?? null;
  const eliminated = team?.eliminated ?? false;
  const paused = session.status === 'paused';
  // The same value while nothing in it changes: what reads the clock is drawn again only then.
  const readAt = objectives.data ? Date.parse(objectives.data.serverTime) : 0;
  const clock = useMemo(
    () => ({ readAt, clockOffsetMs: session.clockOffsetMs, paused }),
    [readAt, session.clockOffsetMs, paused],
  );

  const select = (uuid: string) => {
    setSelected(uuid);
    if (layout.layout === 'quarter') return;
    setTab('detail');
    // On a phone the detail is far below the list: the objective opens in the modal instead.
    if (layout.singleColumn) setChallenge(uuid);
    else tabsPane.current?.scrollIntoView({ block: 'nearest' });
  };

  const detail = (
    <PlayedObjectiveDetail
      key={current?.uuid ?? 'none'}
      sessionUuid={session.uuid}
      objective={current}
      eliminated={eliminated}
    />
  );
  const contents: TabContents = {
    briefing: <Briefing sessionUuid={session.uuid} />,
    chat: <ChatPanel sessionUuid={session.uuid} />,
    detail,
    ranking: <RankingTable sessionUuid={session.uuid} ownTeam={ownTeam} />,
    team: <MyTeam session={session} objectives={list} />,
    // Only a mission with a lab has a console and a VPN to offer.
    ...(hasLab && {
      console: <LabEnvironmentPanel sessionUuid={session.uuid} tab="console" />,
      vpn: <LabEnvironmentPanel sessionUuid={session.uuid} tab="vpn" />,
    }),
  };
  const badges = {
    chat: { count: unread.global, label: t('chat:unread', { count: unread.global }) },
  };
  const objectivesPane = objectives.isPending ? (
    <SectionLoading lines={6} />
  ) : objectives.isError ? (
    <SectionError error={objectives.error} onRetry={() => void objectives.refetch()} />
  ) : (
    <ObjectiveList
      objectives={list}
      filters={filters}
      onFiltersChange={setFilters}
      selected={current?.uuid ?? null}
      onSelect={select}
      onOpen={setChallenge}
      eliminated={eliminated}
    />
  );

  return (
    <GameClockContext.Provider value={clock}>
      <div className={styles.screen} data-game-layout={layout.layout}>
        <h1 className="visually-hidden">{t('screens:sessionGame.title')}</h1>
        <div ref={top} className={styles.top} data-testid="game-top">
          <GameStatusBar
            session={session}
            boardDrawn={laidOut}
            layoutSwitch={
              layout.canChoose && (
                <LayoutSwitch value={layout.preference} onChange={layout.choose} />
              )
            }
          />
          {team?.eliminated && <EliminatedNotice reason={team.eliminationReason} />}
          {laidOut && <FirstBloodBanners objectives={list} ownTeam={ownTeam} />}
          {laidOut && <SpeedrunBanners objectives={list} paused={paused} onOpen={setChallenge} />}
        </div>
        {!laidOut ? (
          <div className={styles.loading}>
            <SectionLoading lines={6} />
          </div>
        ) : layout.layout === 'quarter' ? (
          <QuarterLayout
            objectives={objectivesPane}
            detail={detail}
            contents={contents}
            badges={badges}
          />
        ) : (
          <TabbedLayout
            objectives={objectivesPane}
            contents={contents}
            tab={tab}
            onTabChange={setTab}
            tabsRef={tabsPane}
            badges={badges}
          />
        )}
        {laidOut && (
          <ChallengeDialog
            sessionUuid={session.uuid}
            objective={find(challenge)}
            onClose={() => setChallenge(null)}
            eliminated={eliminated}
          />
        )}
      </div>
    </GameClockContext.Provider>
  );
});
