import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../../lib/app-info';
import { isChapterUuid, useChapter } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import { ChapterHeader } from '../components/chapter-header';
import { MissionStep } from '../components/mission-step';
import styles from './chapter-screen.module.css';

/**
 * `/chapters/{chapter_uuid}`: the chapter and its missions in order, with the player's best
 * score and result on each. An unknown chapter, or one assigned to others, is the 404 page.
 */
export default function ChapterScreen() {
  const { t } = useTranslation(['content', 'screens']);
  const localize = useLocalizedPath();
  const uuid = useParams().chapter_uuid ?? '';
  const wellFormed = isChapterUuid(uuid);
  const chapter = useChapter(uuid, { enabled: wellFormed });
  useDocumentTitle(chapter.data?.title ?? t('screens:chapter.title'));
  // No chapter has such an id: the same page as for an unknown one, without asking the API.
  if (!wellFormed) throw new Response(null, { status: 404, statusText: 'Not Found' });

  return (
    <div className={styles.screen}>
      <Link to={localize('/home')} className={styles.back}>
        <span aria-hidden="true">←</span> {t('chapter.back')}
      </Link>
      {chapter.isPending ? (
        <>
          <h1 className="visually-hidden">{t('screens:chapter.title')}</h1>
          <SectionLoading lines={5} />
        </>
      ) : chapter.isError ? (
        <>
          <h1 className="visually-hidden">{t('screens:chapter.title')}</h1>
          <SectionError
            title={t('chapter.loadError')}
            error={chapter.error}
            onRetry={() => void chapter.refetch()}
          />
        </>
      ) : (
        <>
          <ChapterHeader chapter={chapter.data} />
          <section aria-labelledby="chapter-missions-title" className={styles.missions}>
            <div className={styles.missionsHeading}>
              <h2 id="chapter-missions-title" className={styles.missionsTitle}>
                {t('chapter.missionsTitle')}
              </h2>
              <p className={styles.missionsDescription}>{t('chapter.missionsDescription')}</p>
            </div>
            {chapter.data.missions.length === 0 ? (
              <EmptyState title={t('chapter.noMissions')} hint={t('chapter.noMissionsHint')} />
            ) : (
              <ol className={styles.steps}>
                {[...chapter.data.missions]
                  .sort((a, b) => a.position - b.position)
                  .map((mission, index) => (
                    <MissionStep key={mission.uuid} mission={mission} number={index + 1} />
                  ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
