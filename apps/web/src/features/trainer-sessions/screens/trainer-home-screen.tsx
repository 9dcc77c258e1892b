import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useLocalizedPath } from '../../../lib/locale';
import {
  useTrainerMissions,
  useTrainerSessions,
  type TrainerSessionItem,
} from '../api/trainer-sessions';
import { SessionClock } from '../components/session-clock';
import { StatusBadge } from '../components/status-badge';
import { SupportInbox } from '../components/support-inbox';
import { TrainerScreen } from '../../trainer-shell/components/trainer-screen';
import { panelStyles } from '../../../components/ui/panel/panel';
import {
  dashboardGroups,
  endedGroups,
  groupSessions,
  type DashboardGroup,
} from '../lib/status-groups';
import styles from './trainer-home-screen.module.css';

type DashboardSession = TrainerSessionItem & { clockOffsetMs: number };

/**
 * The trainers' dashboard: every session by status, live ones first, each with its
 * mission, teams and players, a ticking clock and the way into its cockpit; then the support
 * inbox of every player, with its unread counts.
 */
export default function TrainerHomeScreen() {
  const { t } = useTranslation(['screens', 'trainer', 'chat']);
  const localize = useLocalizedPath();
  const sessions = useTrainerSessions();
  const { hash } = useLocation();
  // The navigation's Support inbox is this section: brought into view, whatever was on screen.
  useEffect(() => {
    if (hash === '#support') document.getElementById('support')?.scrollIntoView?.();
  }, [hash]);
  return (
    <TrainerScreen
      title={t('screens:trainerHome.title')}
      actions={
        <ButtonLink to={localize('/trainer/sessions/new')}>
          {t('trainer:dashboard.create')}
        </ButtonLink>
      }
    >
      {sessions.isPending ? (
        <SectionLoading lines={6} />
      ) : sessions.isError ? (
        <SectionError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <p className={panelStyles.muted}>{t('trainer:dashboard.empty')}</p>
      ) : (
        <Groups sessions={sessions.data} />
      )}
      <section id="support" className={styles.support} aria-labelledby="dashboard-support">
        <h2 id="dashboard-support" className={styles.groupTitle}>
          {t('chat:inbox.title')}
        </h2>
        <p className={panelStyles.muted}>{t('chat:inbox.description')}</p>
        <SupportInbox />
      </section>
    </TrainerScreen>
  );
}

function Groups({ sessions }: { sessions: DashboardSession[] }) {
  const { t } = useTranslation('trainer');
  const groups = groupSessions(sessions);
  const live = dashboardGroups.filter((group) => !endedGroups.includes(group));
  return (
    <div className={styles.groups}>
      {live.map((group) => (
        <Group key={group} group={group} sessions={groups[group]} />
      ))}
      {/* Ended sessions stay out of the way: folded, one click to open. */}
      <details className={styles.ended}>
        <summary className={styles.endedSummary}>
          {t('dashboard.ended', {
            count: endedGroups.reduce((total, group) => total + groups[group].length, 0),
          })}
        </summary>
        {endedGroups.map((group) => (
          <Group key={group} group={group} sessions={groups[group]} />
        ))}
      </details>
    </div>
  );
}

function Group({ group, sessions }: { group: DashboardGroup; sessions: DashboardSession[] }) {
  const { t } = useTranslation('trainer');
  const id = `dashboard-group-${group}`;
  return (
    <section className={styles.group} aria-labelledby={id} data-group={group}>
      <h2 id={id} className={styles.groupTitle}>
        {t(`dashboard.groups.${group}`)} <span className={styles.count}>{sessions.length}</span>
      </h2>
      {/* An empty group is its heading alone, counting 0: the page stays short under pressure. */}
      {sessions.length > 0 && (
        <ul className={styles.cards}>
          {sessions.map((session) => (
            <SessionCard key={session.uuid} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Mission titles in the console's language (the list answers in the trainer's own locale). */
const useMissionTitle = () => {
  const { i18n } = useTranslation();
  const missions = useTrainerMissions();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  return (session: DashboardSession) =>
    missions.data?.find((mission) => mission.uuid === session.missionUuid)?.title[lang] ??
    session.missionTitle;
};

function SessionCard({ session }: { session: DashboardSession }) {
  const { t } = useTranslation('trainer');
  const localize = useLocalizedPath();
  const missionTitle = useMissionTitle();
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <Link className={styles.name} to={localize(`/trainer/sessions/${session.uuid}`)}>
          {session.name}
        </Link>
        <StatusBadge status={session.status} />
      </div>
      <p className={styles.mission}>{missionTitle(session)}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('dashboard.teams')}</dt>
          <dd>{t('dashboard.teamsValue', { count: session.teamsCount, max: session.maxTeams })}</dd>
        </div>
        <div>
          <dt>{t('dashboard.players')}</dt>
          <dd>{session.playersCount}</dd>
        </div>
        <div>
          <dt>{t('dashboard.time')}</dt>
          <dd>
            <SessionClock session={session} />
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.owner')}</dt>
          <dd>{t(`dashboard.ownerKind.${session.ownerKind}`)}</dd>
        </div>
      </dl>
    </li>
  );
}
