import type { ChapterDocumentAnswer, FieldIssue, LiveSession } from '@rampart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../../lib/locale';
import { TrainerScreen } from '../../trainer-shell/components/trainer-screen';
import { chapterPackUrl, contentAuthoringKeys, useSaveChapter } from '../api/content-authoring';
import { documentForSave, placeOf, type ChapterDraft } from '../lib/chapter-draft';
import { findIssueField } from '../lib/focus-issue';
import { ChapterFields } from './chapter-fields';
import { ChapterStructure, type Selection } from './chapter-structure';
import { IssueSummary, LiveNotice, SavedNotice } from './editor-notices';
import { LeaveGuard } from './leave-guard';
import { ObjectivePreview } from './objective-preview';
import styles from './editor.module.css';

const fingerprint = (draft: ChapterDraft) => JSON.stringify(documentForSave(draft));
const objectiveUuids = (draft: ChapterDraft) =>
  new Set(draft.chapter.missions.flatMap((m) => m.objectives.map((o) => o.uuid)));

/**
 * The chapter editor: the whole chapter as one draft, saved whole. The server checks it as a
 * content pack; its issues come back onto the fields, the first one focused.
 */
export function ChapterEditor({
  initial,
}: {
  initial: ChapterDocumentAnswer & { isNew: boolean };
}) {
  const { t, i18n } = useTranslation(['contentAuthoring', 'errors']);
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveChapter();
  const [draft, setDraft] = useState(initial.document);
  const [revision, setRevision] = useState<string | null>(initial.isNew ? null : initial.revision);
  const [baseline, setBaseline] = useState(() => fingerprint(initial.document));
  const [saved, setSaved] = useState(() =>
    initial.isNew ? new Set<string>() : objectiveUuids(initial.document),
  );
  const [selection, setSelection] = useState<Selection>({ mission: 0, objective: 0 });
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [savedLive, setSavedLive] = useState<LiveSession[] | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ path: string } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const allowLeave = useRef(false);
  const dirty = useMemo(() => fingerprint(draft) !== baseline, [draft, baseline]);

  useEffect(() => {
    if (!focusTarget || !root.current) return;
    const field = findIssueField(root.current, focusTarget.path);
    field?.focus();
    field?.scrollIntoView?.({ block: 'center' });
  }, [focusTarget]);

  const goTo = (path: string) => {
    const place = placeOf(path);
    if (place.mission !== null)
      setSelection({ mission: place.mission, objective: place.objective ?? 0 });
    setFocusTarget({ path });
  };

  const handleSave = () => {
    setSavedLive(null);
    save.mutate(
      { draft, revision },
      {
        onSuccess: (answer) => {
          setIssues([]);
          setRevision(answer.revision);
          setBaseline(fingerprint(draft));
          setSaved(objectiveUuids(draft));
          setSavedLive(answer.liveSessions);
          const document = { document: draft, revision: answer.revision, liveSessions: [] };
          queryClient.setQueryData(contentAuthoringKeys.document(draft.chapter.uuid), document);
          if (initial.isNew) {
            allowLeave.current = true;
            void navigate(localize(`/trainer/content/${draft.chapter.uuid}`), { replace: true });
          }
        },
        onError: (error) => {
          const found = isApiError(error) ? [...error.issues] : [];
          setIssues(found);
          if (found[0]) goTo(found[0].path);
        },
      },
    );
  };

  const title =
    draft.chapter.title[i18n.language === 'fr' ? 'fr' : 'en'] ||
    draft.chapter.title.en ||
    t('editor.newTitle');
  const mission = draft.chapter.missions[selection.mission];
  const objective = mission?.objectives[selection.objective] ?? null;
  const conflict = isApiError(save.error) && save.error.code === 'content.edit_conflict';

  return (
    <TrainerScreen
      title={title}
      actions={
        <>
          <ButtonLink variant="ghost" to={localize('/trainer/content')}>
            {t('editor.back')}
          </ButtonLink>
          {!initial.isNew && (
            <a
              className={buttonClassName('secondary')}
              href={chapterPackUrl(draft.chapter.uuid)}
              download
            >
              {t('editor.export')}
            </a>
          )}
        </>
      }
    >
      <LiveNotice sessions={initial.liveSessions} />
      {issues.length > 0 && <IssueSummary issues={issues} onGoTo={goTo} />}
      {save.isError && issues.length === 0 && (
        <div className={styles.issueBox} role="alert">
          <p className={formStyles.error}>{errorMessage(t, save.error)}</p>
          {conflict && (
            <Button
              variant="secondary"
              onClick={() => {
                allowLeave.current = true;
                window.location.reload();
              }}
            >
              {t('editor.reload')}
            </Button>
          )}
        </div>
      )}
      <div className={styles.editor} ref={root}>
        <div className={styles.main}>
          <ChapterFields
            chapter={draft.chapter}
            issues={issues}
            onChange={(change) => setDraft({ ...draft, chapter: { ...draft.chapter, ...change } })}
          />
          <ChapterStructure
            draft={draft}
            selection={selection}
            issues={issues}
            savedObjectives={saved}
            onSelect={setSelection}
            onChange={(missions) => setDraft({ ...draft, chapter: { ...draft.chapter, missions } })}
          />
        </div>
        <aside className={styles.aside}>
          <ObjectivePreview objective={objective} position={selection.objective} />
        </aside>
      </div>
      {/* Always in sight, however long the chapter: the state of the draft and its save. */}
      <div className={styles.saveBar}>
        <div className={styles.status} aria-live="polite">
          {dirty && <p className={styles.unsaved}>{t('editor.unsaved')}</p>}
          {!dirty && savedLive && <SavedNotice sessions={savedLive} />}
        </div>
        <Button onClick={handleSave} disabled={save.isPending}>
          {save.isPending ? t('editor.saving') : t('editor.save')}
        </Button>
      </div>
      <LeaveGuard dirty={dirty} allow={allowLeave} />
    </TrainerScreen>
  );
}
