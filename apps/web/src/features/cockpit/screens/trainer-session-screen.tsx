import { isClosedStatus } from '@rampart/contracts';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { panelStyles } from '../../../components/ui/panel/panel';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useTrainerCockpit } from '../api/trainer-cockpit';
import { useSurveyRefreshOnEnd } from '../../debrief/api/trainer-debrief';
import {
  useTrainerSession,
  type TrainerSessionView,
} from '../../trainer-sessions/api/trainer-sessions';
import { CockpitAdminChannel } from '../components/cockpit-admin-channel';
import { CockpitObjectives } from '../components/cockpit-objectives';
import { CockpitAudit } from '../components/cockpit-audit';
import { CockpitExports } from '../../debrief/components/cockpit-exports';
import { CockpitSurvey } from '../../debrief/components/cockpit-survey';
import { CockpitFeed } from '../components/cockpit-feed';
import { CockpitGrid } from '../components/cockpit-grid';
import { CockpitHints } from '../components/cockpit-hints';
import { CockpitLabs } from '../components/cockpit-labs';
import { CockpitProjector } from '../components/cockpit-projector';
import { CockpitSupport } from '../components/cockpit-support';
import { CockpitTeams } from '../components/cockpit-teams';
import { JoinLink } from '../../trainer-sessions/components/join-link';
import { SessionClock } from '../../trainer-sessions/components/session-clock';
import { SessionControls } from '../components/session-controls';
import { StatusBadge } from '../../trainer-sessions/components/status-badge';
import { TrainerScreen } from '../../trainer-shell/components/trainer-screen';
import { useCockpitStream, useStatusDeadlines } from '../hooks/use-cockpit-stream';
import { useSubmissionsFeed } from '../hooks/use-submissions-feed';
import styles from '../components/cockpit.module.css';

/**
 * A session's live cockpit: status, clock and controls; teams (adjust, eliminate); the grid of
 * objectives × teams; objectives (unlock, speedrun); the lab environments, when the mission has a lab; the submissions feed; the audit log; the
 * Admin channel; the debrief (survey answers, exports). Everything follows the trainers' event
 * stream, without reloading.
 */
export default function TrainerSessionScreen() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation(['screens', 'trainer']);
  const session = useTrainerSession(uuid);
  const title = session.data?.name ?? t('screens:trainerSession.title');
  return (
    <TrainerScreen
      title={title}
      actions={session.data && <SessionControls session={session.data} />}
    >
      {session.isPending ? (
        <SectionLoading lines={8} />
      ) : session.isError ? (
        <SectionError error={session.error} onRetry={() => void session.refetch()} />
      ) : (
        <Cockpit session={session.data} />
      )}
    </TrainerScreen>
  );
}

function Cockpit({ session }: { session: TrainerSessionView }) {
  const { t, i18n } = useTranslation('trainer');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const cockpit = useTrainerCockpit(session.uuid);
  const feed = useSubmissionsFeed(session.uuid);
  const stream = useCockpitStream(
    session.uuid,
    { 'submissions.recorded': feed.catchUp, 'stream.reset': feed.reload },
    session.streamPosition,
  );
  useStatusDeadlines(session);
  const over = isClosedStatus(session.status);
  useSurveyRefreshOnEnd(session.uuid, over);
  // Once the session is over, what the trainer comes back for comes first.
  const debrief = (
    <div className={styles.columns}>
      <CockpitSurvey sessionUuid={session.uuid} over={over} />
      <CockpitExports sessionUuid={session.uuid} />
    </div>
  );
  return (
    <div className={styles.cockpit}>
      <div className={styles.summary} data-testid="cockpit-summary">
        <StatusBadge status={session.status} />
        <span className={styles.clock} aria-live="off">
          <SessionClock session={session} />
        </span>
        <span className={panelStyles.muted}>
          {t('cockpit.mission', {
            mission: session.mission.title[lang],
            chapter: session.mission.chapterTitle[lang],
          })}
        </span>
        <span className={panelStyles.muted}>
          {[
            t('cockpit.teamsOf', { teams: session.teamsCount, count: session.maxTeams }),
            t('cockpit.playersEach', { count: session.playersPerTeam }),
          ].join(' · ')}
        </span>
        {stream.state === 'reconnecting' && (
          <span className={styles.warning} role="status">
            {t('cockpit.reconnecting')}
          </span>
        )}
      </div>
      {session.status === 'lobby' && (
        <section className={panelStyles.panel} aria-label={t('joinLink.label')}>
          <JoinLink sessionUuid={session.uuid} />
        </section>
      )}
      {over && debrief}
      <CockpitProjector sessionUuid={session.uuid} />
      {cockpit.isPending ? (
        <SectionLoading lines={8} />
      ) : cockpit.isError ? (
        <SectionError error={cockpit.error} onRetry={() => void cockpit.refetch()} />
      ) : (
        <>
          {/* What moves most often side by side; the grid at full width, for many teams. */}
          <div className={styles.columns}>
            <CockpitTeams session={session} teams={cockpit.data.teams} />
            <CockpitFeed feed={feed} cockpit={cockpit.data} />
          </div>
          <CockpitGrid cockpit={cockpit.data} />
          <CockpitHints cockpit={cockpit.data} />
          <CockpitLabs sessionUuid={session.uuid} over={over} />
          <div className={styles.columns}>
            <div className={styles.column}>
              <CockpitObjectives session={session} cockpit={cockpit.data} />
              <CockpitAdminChannel sessionUuid={session.uuid} over={over} />
            </div>
            <div className={styles.column}>
              <CockpitSupport sessionUuid={session.uuid} />
              <CockpitAudit sessionUuid={session.uuid} cockpit={cockpit.data} />
            </div>
          </div>
        </>
      )}
      {!over && debrief}
    </div>
  );
}
