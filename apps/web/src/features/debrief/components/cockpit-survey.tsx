import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel/panel';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useTrainerSessionSurvey } from '../api/trainer-debrief';
import { SurveyComments, SurveyDistributionBars } from './survey-results';

/**
 * The session's satisfaction survey: how its players rated it and what they wrote. Players
 * answer once the session is over: the answers are read again on a slow interval then (and
 * when it ends, see `useSurveyRefreshOnEnd`).
 */
export function CockpitSurvey({ sessionUuid, over }: { sessionUuid: string; over: boolean }) {
  const { t } = useTranslation('trainerDebrief');
  const survey = useTrainerSessionSurvey(sessionUuid, over);
  return (
    <Panel id="cockpit-survey" title={t('survey.title')} testId="cockpit-survey">
      {survey.isPending ? (
        <SectionLoading lines={4} />
      ) : survey.isError ? (
        <SectionError error={survey.error} onRetry={() => void survey.refetch()} />
      ) : (
        <>
          <SurveyDistributionBars distribution={survey.data.distribution} />
          {survey.data.distribution.total > 0 && <SurveyComments comments={survey.data.comments} />}
        </>
      )}
    </Panel>
  );
}
