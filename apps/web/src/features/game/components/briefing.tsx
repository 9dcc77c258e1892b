import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useSessionMission } from '../api/get-session-mission';
import styles from './briefing.module.css';

/**
 * The mission's brief, scenario and rules (the Briefing tab and modal), read through the session:
 * every player of the session may read it, whoever the chapter is assigned to. `headingLevel` is
 * the level of its section headings, so that it continues the outline of where it is shown.
 */
export function Briefing({
  sessionUuid,
  headingLevel = 3,
}: {
  sessionUuid: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('content');
  const briefing = useSessionMission(sessionUuid);
  if (briefing.isPending) return <SectionLoading lines={6} />;
  if (briefing.isError)
    return <SectionError error={briefing.error} onRetry={() => void briefing.refetch()} />;
  const { mission } = briefing.data;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const inner = headingLevel === 2 ? 3 : 4;
  return (
    <div className={styles.briefing}>
      <Markdown headingLevel={headingLevel}>{mission.brief}</Markdown>
      <Heading className={styles.heading}>{t('mission.scenario')}</Heading>
      <Markdown headingLevel={inner}>{mission.scenario}</Markdown>
      <Heading className={styles.heading}>{t('mission.rules')}</Heading>
      <Markdown headingLevel={inner}>{mission.rules}</Markdown>
    </div>
  );
}
