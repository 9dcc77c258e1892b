import type { SessionSummary } from '@rampart/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../../lib/locale';
import { sessionJoinPath, sessionPath } from '../lib/session-path';
import { ProgressMeter } from './progress-meter';
import { SessionStatusBadge } from './session-status-badge';
import card from '../../../components/ui/card/card.module.css';
import styles from './session-card.module.css';

interface SessionCardProps {
  session: SessionSummary;
  /** `resume` a session the player is in, or `join` one open to them. */
  action: 'resume' | 'join';
  headingLevel?: 2 | 3;
}

/**
 * A gaming session in a list: its mission, status, teams, the player's team's rank once play
 * began, schedule, progress and next step.
 */
export function SessionCard({ session, action, headingLevel = 3 }: SessionCardProps) {
  const { t } = useTranslation('content');
  const localize = useLocalizedPath();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={card.card} aria-labelledby={titleId}>
      <div className={card.top}>
        <Heading id={titleId} className={card.title}>
          {session.name}
        </Heading>
        <SessionStatusBadge status={session.status} />
      </div>
      <p className={card.subtitle}>{t('sessionCard.mission', { title: session.missionTitle })}</p>
      <ul className={styles.facts}>
        <li>{t('sessionCard.teams', { count: session.teamsCount, max: session.maxTeams })}</li>
        {session.rank !== null && (
          <li className={styles.rank}>
            {t('sessionCard.rank', { rank: session.rank, count: session.teamsCount })}
          </li>
        )}
        <li>{t('sessionCard.playersPerTeam', { count: session.playersPerTeam })}</li>
        {session.startsAt && (
          <li>
            <time dateTime={session.startsAt}>
              {t('sessionCard.startsAt', { date: new Date(session.startsAt) })}
            </time>
          </li>
        )}
        {session.endsAt && (
          <li>
            <time dateTime={session.endsAt}>
              {t('sessionCard.endsAt', { date: new Date(session.endsAt) })}
            </time>
          </li>
        )}
      </ul>
      {action === 'resume' && session.total_objectives > 0 && (
        <ProgressMeter
          label={t('sessionCard.progress', {
            completed: session.completed_objectives,
            total: session.total_objectives,
          })}
          value={session.progress_percentage}
          max={100}
        />
      )}
      <ButtonLink
        className={card.action}
        variant={action === 'join' ? 'primary' : 'secondary'}
        to={localize(action === 'join' ? sessionJoinPath(session.uuid) : sessionPath(session))}
        aria-label={t(`sessionCard.${action}Label`, { name: session.name })}
      >
        {t(`sessionCard.${action}`)}
      </ButtonLink>
    </article>
  );
}
