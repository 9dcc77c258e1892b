import { chapterVisibilities, type FieldIssue } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import type { ChapterDraft } from '../lib/chapter-draft';
import { FieldGroup, LocalizedField, NumberField, SelectField } from './fields';
import styles from './editor.module.css';

type Chapter = ChapterDraft['chapter'];

/** The chapter's own fields (its missions are edited apart). */
export function ChapterFields({
  chapter,
  issues,
  onChange,
}: {
  chapter: Chapter;
  issues: readonly FieldIssue[];
  onChange: (change: Partial<Chapter>) => void;
}) {
  const { t } = useTranslation('contentAuthoring');
  return (
    <FieldGroup legend={t('chapter.heading')}>
      <p className={styles.uuid}>
        {t('chapter.uuid')} <code>{chapter.uuid}</code>
      </p>
      <LocalizedField
        label={t('chapter.title')}
        path="chapter.title"
        issues={issues}
        value={chapter.title}
        onChange={(title) => onChange({ title })}
      />
      <LocalizedField
        label={t('chapter.summary')}
        path="chapter.summary"
        issues={issues}
        multiline
        value={chapter.summary}
        onChange={(summary) => onChange({ summary })}
      />
      <div className={styles.row}>
        <SelectField
          label={t('chapter.visibility')}
          path="chapter.visibility"
          issues={issues}
          value={chapter.visibility}
          options={chapterVisibilities.map((value) => ({
            value,
            label: t(`visibility.${value}`),
          }))}
          onChange={(visibility) => onChange({ visibility })}
        />
        <NumberField
          label={t('chapter.position')}
          hint={t('chapter.positionHint')}
          path="chapter.position"
          issues={issues}
          min={0}
          value={chapter.position}
          onChange={(position) => onChange({ position: position ?? Number.NaN })}
        />
      </div>
    </FieldGroup>
  );
}
