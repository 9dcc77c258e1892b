import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useTrainerSession, type TrainerSessionView } from '../api/trainer-sessions';
import { CockpitAdminChannel } from '../components/cockpit-admin-channel';
import { CockpitObjectives } from '../components/cockpit-objectives';
import { CockpitSlot } from '../components/cockpit-slot';
import { CockpitTeams } from '../components/cockpit-teams';
import { JoinLink } from '../components/join-link';
import { SessionClock } from '../components/session-clock';
import { SessionControls } from '../components/session-controls';
import { StatusBadge } from '../components/status-badge';
import { TrainerScreen } from '../components/trainer-screen';
import { useCockpitStream, useStatusDeadlines } from '../hooks/use-cockpit-stream';
import styles from '../components/cockpit.module.css';

/**
 * A session's live cockpit: status, clock and controls; teams; objectives (unlock, speedrun);
 * the Admin channel. Everything follows the trainers' event stream, without reloading.
 */
export default function TrainerSessionScreen() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation(['screens', 'trainer']);
  const session = useTrainerSession(uuid);
  const title = session.data?.name ?? t('screens:trainerSession.title');
  return (
    <TrainerScreen
      title={title}
      actions={session.data && <SessionControls uuid={uuid} status={session.data.status} />}
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
  const stream = useCockpitStream(session.uuid);
  useStatusDeadlines(session);
  return (
    <div className={styles.cockpit}>
      <div className={styles.summary} data-testid="cockpit-summary">
        <StatusBadge status={session.status} />
        <span className={styles.clock} aria-live="off">
          <SessionClock session={session} />
        </span>
        <span className={styles.muted}>
          {t('cockpit.mission', {
            mission: session.mission.title[lang],
            chapter: session.mission.chapterTitle[lang],
          })}
        </span>
        <span className={styles.muted}>
          {t('cockpit.sizes', {
            teams: session.teamsCount,
            max: session.maxTeams,
            players: session.playersPerTeam,
          })}
        </span>
        {stream.state === 'reconnecting' && (
          <span className={styles.warning} role="status">
            {t('cockpit.reconnecting')}
          </span>
        )}
      </div>
      {session.status === 'lobby' && (
        <section className={styles.panel} aria-label={t('joinLink.label')}>
          <JoinLink sessionUuid={session.uuid} />
        </section>
      )}
      <div className={styles.columns}>
        <div className={styles.column}>
          <CockpitTeams session={session} />
          <CockpitSlot name="grid" />
          <CockpitObjectives session={session} />
        </div>
        <div className={styles.column}>
          <CockpitAdminChannel sessionUuid={session.uuid} />
          <CockpitSlot name="feed" />
          <CockpitSlot name="adjust" />
          <CockpitSlot name="audit" />
        </div>
      </div>
    </div>
  );
}
