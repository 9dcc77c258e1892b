import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../../lib/locale';
import { sessionScreenPath } from '../../sessions';
import { useSurvey } from '../../survey/api/survey';
import styles from './stats.module.css';

/**
 * The survey stays offered on the stats until the player answers it ("later" on the survey
 * leads here); once answered, their rating shows, with a way to change it.
 */
export function SurveyPrompt({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation('debrief');
  const localize = useLocalizedPath();
  const survey = useSurvey(sessionUuid);
  // Unreadable (a trainer, a player who did not play): nothing to offer.
  if (!survey.data) return null;
  const to = localize(sessionScreenPath(sessionUuid, 'survey'));
  const response = survey.data.response;
  return (
    <aside className={styles.prompt} data-rated={response ? true : undefined}>
      <p className={styles.promptText}>
        {response
          ? t('stats.rate.yours', { rating: t(`survey.ratings.${response.rating}`) })
          : t('stats.rate.ask')}
      </p>
      <ButtonLink variant={response ? 'ghost' : 'primary'} to={to}>
        {response ? t('stats.rate.change') : t('stats.rate.action')}
      </ButtonLink>
    </aside>
  );
}
