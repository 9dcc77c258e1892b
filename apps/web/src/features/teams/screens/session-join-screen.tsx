import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import {
  SessionGate,
  LeaveSessionButton,
  SessionHeader,
  sessionScreenPath,
  sessionStyles as styles,
  useJoinSession,
  type PlayerSession,
} from '../../sessions';

/** `/sessions/{uuid}/join`: what the session is, then create a team or join one. */
export default function SessionJoinScreen() {
  return <SessionGate screen="join">{(session) => <JoinSession session={session} />}</SessionGate>;
}

function JoinSession({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'screens', 'content', 'errors']);
  useDocumentTitle(t('screens:sessionJoin.title'));
  const titleId = useId();
  const localize = useLocalizedPath();
  const join = useJoinSession();
  const joined = session.gaming_session_user !== null;
  const teamsFull = session.teamsCount >= session.maxTeams;

  return (
    <section className={`${styles.screen} ${styles.narrow}`} aria-labelledby={titleId}>
      <SessionHeader eyebrow={t('join.eyebrow')} session={session} titleId={titleId} />
      <div className={styles.panel}>
        <ul className={styles.facts}>
          <li>
            {t('content:sessionCard.teams', { count: session.teamsCount, max: session.maxTeams })}
          </li>
          <li>{t('content:sessionCard.playersPerTeam', { count: session.playersPerTeam })}</li>
          <li>{t('join.duration', { count: session.durationMinutes })}</li>
          <li>{t(`content:sessionStatus.${session.status}`)}</li>
        </ul>
        {!joined ? (
          <>
            <p className={styles.subtitle}>{t('join.intro')}</p>
            {join.isError && (
              <p className={styles.notice} role="alert">
                {errorMessage(t, join.error, 'session')}
              </p>
            )}
            <div className={styles.actions}>
              <Button disabled={join.isPending} onClick={() => join.mutate(session.uuid)}>
                {join.isPending ? t('join.joining') : t('join.submit')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <h2 className={styles.panelTitle}>{t('join.chooseTeam')}</h2>
            <p className={styles.subtitle}>{t('join.chooseTeamHint')}</p>
            {teamsFull && <p className={styles.notice}>{t('errors:team.max_teams_reached')}</p>}
            <div className={styles.actions}>
              <ButtonLink to={localize(sessionScreenPath(session.uuid, 'joinTeams'))}>
                {t('join.withToken')}
              </ButtonLink>
              {!teamsFull && (
                <ButtonLink
                  variant="secondary"
                  to={localize(sessionScreenPath(session.uuid, 'createTeam'))}
                >
                  {t('join.createTeam')}
                </ButtonLink>
              )}
              <LeaveSessionButton session={session} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
