import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { chapterQueryOptions, useContentLocale } from '../../content';
import type { PlayerSession } from '../../sessions';
import styles from './briefing.module.css';

/** The mission's brief, scenario and rules (the Briefing tab). */
export function Briefing({ session }: { session: PlayerSession }) {
  const { t } = useTranslation('content');
  const chapter = useQuery(chapterQueryOptions(session.mission.chapter_uuid, useContentLocale()));
  if (chapter.isPending) return <SectionLoading lines={6} />;
  if (chapter.isError)
    return <SectionError error={chapter.error} onRetry={() => void chapter.refetch()} />;
  const mission = chapter.data.missions.find(
    (candidate) => candidate.uuid === session.mission.uuid,
  );
  if (!mission) return null;
  return (
    <div className={styles.briefing}>
      <Markdown headingLevel={3}>{mission.brief}</Markdown>
      <h3 className={styles.heading}>{t('mission.scenario')}</h3>
      <Markdown headingLevel={4}>{mission.scenario}</Markdown>
      <h3 className={styles.heading}>{t('mission.rules')}</h3>
      <Markdown headingLevel={4}>{mission.rules}</Markdown>
    </div>
  );
}
