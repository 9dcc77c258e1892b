import { surveyRatings } from '@rampart/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useTrainerMissionSurvey, type TrainerMissionSurvey } from '../api/trainer-debrief';
import { SurveyComments, SurveyDistributionBars } from './survey-results';
import styles from './survey-results.module.css';

/**
 * A mission's survey answers over all its sessions: the overall spread, a table of each
 * session's, and the latest comments, anonymous.
 */
export function MissionSurveyDialog({
  mission,
  onClose,
}: {
  /** The mission shown; `null` when the dialog is closed. */
  mission: { uuid: string; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('trainerDebrief');
  const survey = useTrainerMissionSurvey(mission?.uuid ?? '', mission !== null);
  return (
    <Dialog
      open={mission !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('survey.mission.title', { title: mission?.title ?? '' })}
      description={t('survey.mission.description')}
      closeLabel={t('survey.mission.closeLabel')}
      closeText={t('survey.mission.close')}
    >
      <div className={styles.dialogBody} data-testid="mission-survey">
        {survey.isPending ? (
          <SectionLoading lines={4} />
        ) : survey.isError ? (
          <SectionError error={survey.error} onRetry={() => void survey.refetch()} />
        ) : (
          <>
            <SurveyDistributionBars distribution={survey.data.distribution} />
            {survey.data.distribution.total > 0 && (
              <>
                <SessionsTable sessions={survey.data.sessions} />
                <SurveyComments comments={survey.data.comments} />
              </>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

function SessionsTable({ sessions }: { sessions: TrainerMissionSurvey['sessions'] }) {
  const { t, i18n } = useTranslation('trainerDebrief');
  const captionId = useId();
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  return (
    // Scrolls sideways on a phone, the answers first; focusable so the keyboard scrolls it too.
    <div className={styles.tableWrap} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {t('survey.mission.sessions')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('survey.mission.session')}</th>
            <th scope="col" className={styles.number}>
              {t('survey.mission.total')}
            </th>
            {surveyRatings.map((rating) => (
              <th key={rating} scope="col" className={styles.number}>
                {t(`survey.levels.${rating}`)}
              </th>
            ))}
            <th scope="col">{t('survey.mission.startedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.uuid}>
              <th scope="row">{session.name}</th>
              <td className={styles.number}>
                {session.distribution.total} / {session.distribution.players}
              </td>
              {surveyRatings.map((rating) => (
                <td key={rating} className={styles.number}>
                  {session.distribution.counts[rating]}
                </td>
              ))}
              <td className={styles.nowrap}>
                {session.startsAt
                  ? date.format(new Date(session.startsAt))
                  : t('survey.mission.notStarted')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
