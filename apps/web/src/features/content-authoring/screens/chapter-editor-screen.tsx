import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { TrainerScreen } from '../../trainer-shell/components/trainer-screen';
import { useChapterDocument } from '../api/content-authoring';
import { ChapterEditor } from '../components/chapter-editor';
import { newChapter } from '../lib/chapter-draft';

/**
 * `/trainer/content/:uuid`, `new` for a new chapter. A new chapter's editor keeps its key (the
 * chapter's uuid) when its first save moves it to its own address: the draft stays in place.
 */
export default function ChapterEditorScreen() {
  const { t } = useTranslation('screens');
  const { uuid = 'new' } = useParams();
  const [fresh] = useState(newChapter);
  const isNew = uuid === 'new';
  const loaded = useChapterDocument(isNew ? null : uuid);

  if (isNew)
    return (
      <ChapterEditor
        key={fresh.chapter.uuid}
        initial={{ document: fresh, revision: '', liveSessions: [], isNew: true }}
      />
    );
  if (loaded.isPending || loaded.isError)
    return (
      <TrainerScreen title={t('trainerChapterEditor.title')}>
        {loaded.isPending ? (
          <SectionLoading lines={8} />
        ) : (
          <SectionError error={loaded.error} onRetry={() => void loaded.refetch()} />
        )}
      </TrainerScreen>
    );
  return <ChapterEditor key={uuid} initial={{ ...loaded.data, isNew: false }} />;
}
