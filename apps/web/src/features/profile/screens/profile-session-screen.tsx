import type { HistoryEntry } from '@rampart/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../../lib/app-info';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { useLocalizedPath } from '../../../lib/locale';
import { sessionScreenPath } from '../../sessions';
import { AwardBadges } from '../../stats/components/award-badges';
import { useSurvey } from '../../survey/api/survey';
import { useProfileHistory } from '../api/get-profile-history';
import styles from './profile-screen.module.css';
import detailStyles from './profile-session-screen.module.css';

/**
 * `/profile/sessions/:_session_uuid`: one session of the player's history (the same read
 * as the profile's history section), with the way to its stats and, while not rated, its survey.
 */
export default function ProfileSessionScreen() {
  const { t } = useTranslation(['profile', 'screens', 'debrief']);
  const localize = useLocalizedPath();
  const { _session_uuid: sessionUuid = '' } = useParams();
  const history = useProfileHistory();
  const entry = history.data?.history.find((item) => item.sessionUuid === sessionUuid) ?? null;
  const title = entry?.name ?? t('screens:profileSession.title');
  useDocumentTitle(title);
  const back = (
    <ButtonLink variant="secondary" to={localize('/profile#history')}>
      {t('debrief:detail.back')}
    </ButtonLink>
  );

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('sections.history')}</p>
        <h1 className={styles.title}>{title}</h1>
      </header>
      {history.isPending ? (
        <SectionLoading lines={4} />
      ) : history.isError ? (
        <SectionError error={history.error} onRetry={() => void history.refetch()} />
      ) : entry ? (
        <SessionDetail entry={entry} back={back} />
      ) : (
        <EmptyState
          title={t('debrief:detail.notFound')}
          hint={t('debrief:detail.notFoundHint')}
          action={back}
        />
      )}
    </div>
  );
}

function SessionDetail({ entry, back }: { entry: HistoryEntry; back: ReactNode }) {
  const { t } = useTranslation(['debrief', 'profile']);
  const locale = useContentLocale();
  const localize = useLocalizedPath();
  const survey = useSurvey(entry.sessionUuid);
  const notRated = survey.data?.response === null;
  return (
    <section className={detailStyles.card} aria-labelledby="detail-facts">
      <h2 id="detail-facts" className={detailStyles.heading}>
        {t('detail.facts')}
      </h2>
      <dl className={detailStyles.facts}>
        <div>
          <dt>{t('detail.mission')}</dt>
          <dd>{entry.mission.title[locale]}</dd>
        </div>
        <div>
          <dt>{t('detail.team')}</dt>
          <dd>{entry.team.name}</dd>
        </div>
        <div>
          <dt>{t('detail.score')}</dt>
          <dd>{t('profile:history.scoreValue', { score: entry.score })}</dd>
        </div>
        <div>
          <dt>{t('detail.rank')}</dt>
          <dd>{t('stats.rankOf', { count: entry.rank, ordinal: true, teams: entry.teams })}</dd>
        </div>
        <div>
          <dt>{t('detail.result')}</dt>
          <dd>
            <span className={detailStyles.result} data-result={entry.result}>
              <span aria-hidden="true">{entry.result === 'success' ? '✓ ' : '✗ '}</span>
              {t(`stats.result.${entry.result}`)}
            </span>
          </dd>
        </div>
        {entry.endedAt && (
          <div>
            <dt>{t('detail.period')}</dt>
            <dd>
              <time dateTime={entry.endedAt}>
                {t('profile:history.endedAtValue', { date: new Date(entry.endedAt) })}
              </time>
            </dd>
          </div>
        )}
      </dl>
      {entry.awards.length > 0 && (
        <div className={detailStyles.awards}>
          <h3 className={detailStyles.subheading}>{t('awards.label')}</h3>
          <AwardBadges awards={entry.awards} />
        </div>
      )}
      <div className={detailStyles.actions}>
        <ButtonLink to={localize(sessionScreenPath(entry.sessionUuid, 'stats'))}>
          {t('detail.stats')}
        </ButtonLink>
        {notRated && (
          <ButtonLink
            variant="secondary"
            to={localize(sessionScreenPath(entry.sessionUuid, 'survey'))}
          >
            {t('detail.rate')}
          </ButtonLink>
        )}
        {back}
      </div>
    </section>
  );
}
