import { isEndedStatus, type SessionStats } from '@rampart/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/app-info';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { ErrorPage } from '../../errors';
import { useLocalizedPath } from '../../../lib/locale';
import { SessionGate, sessionScreenPath, sessionStyles, type PlayerSession } from '../../sessions';
import { useSessionStats } from '../api/get-session-stats';
import { AwardBadges } from '../components/award-badges';
import { MissionResultMark } from '../components/mission-result-mark';
import { ObjectiveResults } from '../components/objective-results';
import { RankingTable } from '../components/ranking-table';
import { ScoreEvolutionPanel } from '../components/score-evolution';
import styles from '../components/stats.module.css';
import { SurveyPrompt } from '../components/survey-prompt';
import { teamLines } from '../lib/team-lines';
import statStyles from '../../../components/ui/stat/stat.module.css';

/**
 * `/sessions/{uuid}/stats` (guards session-datas and verify-session-status, as every
 * session screen): the player's team, the final ranking, the score evolution, and each
 * objective's results and resolution, all from one request. While the game can still be played
 * the server refuses (409) and the page leads back to the game.
 */
export default function SessionStatsScreen() {
  const { uuid = '' } = useParams();
  // Asked at once, beside the session the gate reads: the two requests run side by side.
  const stats = useSessionStats(uuid);
  return (
    <SessionGate screen="stats">
      {(session) => <StatsPage session={session} stats={stats} />}
    </SessionGate>
  );
}

function StatsPage({
  session,
  stats,
}: {
  session: PlayerSession;
  stats: ReturnType<typeof useSessionStats>;
}) {
  const { t } = useTranslation(['debrief', 'screens', 'errors']);
  useDocumentTitle(t('screens:sessionStats.title'));
  const localize = useLocalizedPath();
  const uuid = session.uuid;
  const ended = isEndedStatus(session.status);
  const { refetch } = stats;

  // A player who waited here while the game went on gets the stats as soon as it ends.
  const wasEnded = useRef(ended);
  useEffect(() => {
    if (ended && !wasEnded.current) void refetch();
    wasEnded.current = ended;
  }, [ended, refetch]);

  if (stats.isPending) {
    return (
      <div className={sessionStyles.screen}>
        <SectionLoading lines={6} />
      </div>
    );
  }
  if (stats.isError) {
    const error = stats.error;
    const status = isApiError(error) ? error.status : 0;
    if (status === 404 || status === 422) return <ErrorPage status={404} />;
    if (status === 409 || status === 403) {
      return (
        <div className={`${sessionStyles.screen} ${sessionStyles.narrow}`}>
          <header className={sessionStyles.header}>
            <Eyebrow>{t('stats.eyebrow')}</Eyebrow>
            <h1 className={sessionStyles.title}>
              {status === 409 ? t('stats.notOver.title') : t('screens:sessionStats.title')}
            </h1>
          </header>
          <p className={sessionStyles.notice} role="alert">
            {errorMessage(t, error)}
          </p>
          <div className={sessionStyles.actions}>
            {status === 409 ? (
              <ButtonLink to={localize(sessionScreenPath(uuid, 'game'))}>
                {t('stats.notOver.back')}
              </ButtonLink>
            ) : (
              <ButtonLink variant="secondary" to={localize('/home')}>
                {t('stats.home')}
              </ButtonLink>
            )}
          </div>
        </div>
      );
    }
    return (
      <div className={sessionStyles.screen}>
        <SectionError
          title={t('stats.loadError')}
          error={error}
          onRetry={() => void stats.refetch()}
        />
      </div>
    );
  }
  return <Debrief stats={stats.data} />;
}

function Debrief({ stats }: { stats: SessionStats }) {
  const { t } = useTranslation(['debrief', 'content']);
  const locale = useContentLocale();
  const lines = useMemo(
    () =>
      teamLines(
        stats.teams.map((team) => team.uuid),
        stats.myTeamUuid,
      ),
    [stats],
  );
  const myTeam = stats.teams.find((team) => team.uuid === stats.myTeamUuid) ?? null;

  return (
    <div className={sessionStyles.screen}>
      <header className={sessionStyles.header}>
        <Eyebrow>{t('stats.eyebrow')}</Eyebrow>
        <h1 className={sessionStyles.title}>{stats.session.name}</h1>
        <ul className={styles.summary}>
          <li className={sessionStyles.subtitle}>
            {t('stats.mission', { mission: stats.session.mission.title[locale] })}
          </li>
          <li className={styles.status}>
            <span className="visually-hidden">{t('stats.status')}: </span>
            {t(`content:sessionStatus.${stats.session.status}`)}
          </li>
        </ul>
      </header>
      {myTeam && (
        <section className={styles.myTeam} aria-labelledby="my-team-title">
          <div>
            <p className={styles.myTeamLabel}>{t('stats.myTeam')}</p>
            <h2 id="my-team-title" className={styles.myTeamName}>
              {myTeam.name}
            </h2>
          </div>
          <dl className={statStyles.stats}>
            <div className={statStyles.stat}>
              <dt>{t('ranking.rank')}</dt>
              <dd>
                {t('stats.rankOf', {
                  count: myTeam.rank,
                  ordinal: true,
                  teams: stats.teams.length,
                })}
              </dd>
            </div>
            <div className={statStyles.stat}>
              <dt>{t('ranking.score')}</dt>
              <dd>{myTeam.score}</dd>
            </div>
            <div className={statStyles.stat}>
              <dt>{t('ranking.result')}</dt>
              <dd>
                <MissionResultMark result={myTeam.result} />
              </dd>
            </div>
          </dl>
          <AwardBadges awards={myTeam.awards} />
        </section>
      )}
      {stats.myTeamUuid && <SurveyPrompt sessionUuid={stats.session.uuid} />}
      <RankingTable stats={stats} />
      <ScoreEvolutionPanel
        evolution={stats.evolution}
        teams={stats.teams}
        lines={lines}
        myTeamUuid={stats.myTeamUuid}
      />
      <ObjectiveResults stats={stats} />
    </div>
  );
}
