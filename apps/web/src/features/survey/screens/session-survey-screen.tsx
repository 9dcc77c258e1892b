import { isEndedStatus } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import { SessionGate, sessionScreenPath, sessionStyles, type PlayerSession } from '../../sessions';
import { useSurvey } from '../api/survey';
import { SurveyForm } from '../components/survey-form';

/**
 * `/sessions/{uuid}/survey`: the player rates the session that just ended (or changes
 * their rating), or leaves it for later; either way, on to the stats.
 */
export default function SessionSurveyScreen() {
  return <SessionGate screen="survey">{(session) => <Survey session={session} />}</SessionGate>;
}

function Survey({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['debrief', 'screens', 'sessions', 'errors']);
  useDocumentTitle(t('screens:sessionSurvey.title'));
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const survey = useSurvey(session.uuid);
  const statsPath = localize(sessionScreenPath(session.uuid, 'stats'));

  return (
    <div className={`${sessionStyles.screen} ${sessionStyles.narrow}`}>
      <header className={sessionStyles.header}>
        <Eyebrow>{t('survey.eyebrow')}</Eyebrow>
        <h1 className={sessionStyles.title}>{t('screens:sessionSurvey.title')}</h1>
        <p className={sessionStyles.subtitle}>
          {t('sessions:header.mission', {
            mission: session.mission.title,
            chapter: session.mission.chapterTitle,
          })}
          {' · '}
          {session.name}
        </p>
      </header>
      <section className={sessionStyles.panel} aria-label={t('screens:sessionSurvey.title')}>
        {!isEndedStatus(session.status) ? (
          // Rated once it is over (the server refuses before): back to the game meanwhile.
          <>
            <p className={sessionStyles.notice} role="alert">
              {t('errors:survey.session_not_over')}
            </p>
            <div className={sessionStyles.actions}>
              <ButtonLink to={localize(sessionScreenPath(session.uuid, 'game'))}>
                {t('stats.notOver.back')}
              </ButtonLink>
            </div>
          </>
        ) : survey.isPending ? (
          <SectionLoading lines={4} />
        ) : survey.isError ? (
          isApiError(survey.error) && survey.error.status === 403 ? (
            <>
              <p className={sessionStyles.notice} role="alert">
                {errorMessage(t, survey.error)}
              </p>
              <div className={sessionStyles.actions}>
                <ButtonLink variant="secondary" to={statsPath}>
                  {t('survey.toStats')}
                </ButtonLink>
              </div>
            </>
          ) : (
            <SectionError
              title={t('survey.loadError')}
              error={survey.error}
              onRetry={() => void survey.refetch()}
            />
          )
        ) : (
          <>
            {survey.data.response && (
              <p className={sessionStyles.subtitle}>
                {t('survey.changing', { date: new Date(survey.data.response.updatedAt) })}
              </p>
            )}
            <SurveyForm
              sessionUuid={session.uuid}
              previous={survey.data.response}
              statsPath={statsPath}
              onAnswered={() => void navigate(statsPath)}
            />
          </>
        )}
      </section>
    </div>
  );
}
