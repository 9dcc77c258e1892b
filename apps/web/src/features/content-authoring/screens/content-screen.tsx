import { pickLocale, type Locale } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button/button';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useLocalizedPath } from '../../../lib/locale';
import { useTrainerChapters } from '../../trainer-players/api/players';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import { MissionSurveyDialog } from '../../debrief/components/mission-survey-dialog';
import { TrainerScreen } from '../../trainer-shell/components/trainer-screen';
import { chapterPackUrl, useDeleteChapter } from '../api/content-authoring';
import { PackImportDialog } from '../components/pack-import-dialog';
import styles from '../components/editor.module.css';

type Chapter = NonNullable<ReturnType<typeof useTrainerChapters>['data']>['chapters'][number];

/** The trainer's content: every chapter with its missions; edit, export, delete, import. */
export default function ContentScreen() {
  const { t, i18n } = useTranslation(['contentAuthoring', 'errors', 'trainerDebrief']);
  const locale = (i18n.language === 'fr' ? 'fr' : 'en') as Locale;
  const localize = useLocalizedPath();
  const chapters = useTrainerChapters();
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Chapter | null>(null);
  const [rating, setRating] = useState<{ uuid: string; title: string } | null>(null);
  const remove = useDeleteChapter();

  const body = () => {
    if (chapters.isPending) return <SectionLoading lines={5} />;
    if (chapters.isError)
      return <SectionError error={chapters.error} onRetry={() => void chapters.refetch()} />;
    if (chapters.data.chapters.length === 0)
      return <EmptyState title={t('list.emptyTitle')} hint={t('list.emptyHint')} />;
    return (
      <ul className={styles.chapters} aria-label={t('list.caption')}>
        {chapters.data.chapters.map((chapter) => {
          const title = pickLocale(chapter.title, locale);
          return (
            <li key={chapter.chapter_uuid} className={styles.chapterCard}>
              <div className={styles.chapterHead}>
                <h2 className={styles.chapterTitle}>{title}</h2>
                <span className={styles.badge}>{t(`visibility.${chapter.visibility}`)}</span>
              </div>
              {chapter.missions.length === 0 ? (
                <p className={styles.muted}>{t('list.noMission')}</p>
              ) : (
                <ul className={styles.missionLines}>
                  {chapter.missions.map((mission) => {
                    const missionTitle = pickLocale(mission.title, locale);
                    return (
                      <li key={mission.uuid} className={styles.missionLine}>
                        <span>
                          {t('list.missionLine', {
                            title: missionTitle,
                            count: mission.objectiveCount,
                            points: mission.points,
                          })}
                        </span>
                        <Button
                          variant="ghost"
                          className={styles.missionAction}
                          aria-label={t('trainerDebrief:survey.mission.openLabel', {
                            title: missionTitle,
                          })}
                          onClick={() => setRating({ uuid: mission.uuid, title: missionTitle })}
                        >
                          {t('trainerDebrief:survey.mission.open')}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
              <div className={styles.cardActions}>
                <ButtonLink
                  to={localize(`/trainer/content/${chapter.chapter_uuid}`)}
                  aria-label={t('list.editLabel', { title })}
                >
                  {t('list.edit')}
                </ButtonLink>
                <a
                  className={buttonClassName('secondary')}
                  href={chapterPackUrl(chapter.chapter_uuid)}
                  download
                  aria-label={t('list.exportLabel', { title })}
                >
                  {t('list.export')}
                </a>
                <Button
                  variant="ghost"
                  aria-label={t('list.deleteLabel', { title })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(chapter);
                  }}
                >
                  {t('list.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <TrainerScreen
      title={t('list.title')}
      actions={
        <>
          <ButtonLink to={localize('/trainer/content/new')}>{t('list.newChapter')}</ButtonLink>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t('list.import')}
          </Button>
        </>
      }
    >
      <p className={styles.muted}>{t('list.description')}</p>
      {body()}
      <PackImportDialog open={importing} onOpenChange={setImporting} />
      <MissionSurveyDialog mission={rating} onClose={() => setRating(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete.title')}
        description={t('delete.description', {
          title: deleting ? pickLocale(deleting.title, locale) : '',
        })}
        confirmText={remove.isPending ? t('delete.deleting') : t('delete.confirm')}
        pending={remove.isPending}
        danger
        error={remove.isError ? errorMessage(t, remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.chapter_uuid, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('delete.done'));
            },
          });
        }}
      />
    </TrainerScreen>
  );
}
