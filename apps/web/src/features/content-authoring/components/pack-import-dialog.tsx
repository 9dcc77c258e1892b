import type { ContentPackImport } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { FilePicker } from '../../../components/ui/file-picker/file-picker';
import formStyles from '../../../components/ui/form/form.module.css';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useImportPack } from '../api/content-authoring';
import { useIssueMessage } from '../lib/use-issue-message';
import styles from './editor.module.css';

const kinds = ['chapters', 'missions', 'objectives', 'files'] as const;

function ImportSummary({ summary }: { summary: ContentPackImport }) {
  const { t } = useTranslation('contentAuthoring');
  return (
    <ul className={styles.summary}>
      {kinds.map((kind) => (
        <li key={kind}>{t('import.row', { kind: t(`import.kinds.${kind}`), ...summary[kind] })}</li>
      ))}
    </ul>
  );
}

/**
 * A zip of content packs in two steps, as on the command line: checked first (a dry run on the
 * server, everything written then rolled back), the summary or the placed problems shown, then
 * imported on confirmation.
 */
export function PackImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['contentAuthoring', 'errors']);
  const [archive, setArchive] = useState<File | null>(null);
  const [checked, setChecked] = useState<ContentPackImport | null>(null);
  const [done, setDone] = useState<ContentPackImport | null>(null);
  const importing = useImportPack();
  const word = useIssueMessage();

  const reset = () => {
    setArchive(null);
    setChecked(null);
    setDone(null);
    importing.reset();
  };
  const run = (dryRun: boolean) => {
    if (!archive) return;
    importing.mutate(
      { archive, dryRun },
      { onSuccess: (answer) => (dryRun ? setChecked(answer.import) : setDone(answer.import)) },
    );
  };

  const actions = done ? (
    <Button onClick={reset}>{t('import.again')}</Button>
  ) : checked ? (
    <Button onClick={() => run(false)} disabled={importing.isPending}>
      {importing.isPending ? t('import.running') : t('import.run')}
    </Button>
  ) : (
    <Button onClick={() => run(true)} disabled={!archive || importing.isPending}>
      {importing.isPending ? t('import.checking') : t('import.check')}
    </Button>
  );
  const issues = isApiError(importing.error) ? importing.error.issues : [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('import.title')}
      description={t('import.description')}
      closeLabel={t('editor.closeLabel')}
      closeText={t('editor.close')}
      actions={actions}
    >
      <div className={styles.importBody}>
        {!done && (
          <FilePicker
            label={t('import.file')}
            accept=".zip,application/zip"
            file={archive}
            onChange={(chosen) => {
              setArchive(chosen);
              setChecked(null);
              importing.reset();
            }}
          />
        )}
        <div role="status" aria-live="polite">
          {checked && !done && (
            <>
              <p className={formStyles.ok}>{t('import.valid')}</p>
              <ImportSummary summary={checked} />
            </>
          )}
          {done && (
            <>
              <p className={formStyles.ok}>{t('import.done')}</p>
              <ImportSummary summary={done} />
            </>
          )}
        </div>
        {importing.isError && (
          <div role="alert">
            <p className={formStyles.error}>
              {issues.length > 0 ? t('import.problems') : errorMessage(t, importing.error)}
            </p>
            {issues.length > 0 && (
              <ul className={styles.issues}>
                {issues.map((issue) => (
                  <li key={issue.path + issue.message}>
                    <code>{issue.path}</code> {word(issue.message)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
