import type { EditableObjective } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { FilePicker } from '../../../components/ui/file-picker/file-picker';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { useAttachFile, useRemoveFile } from '../api/content-authoring';
import styles from './editor.module.css';

type Attachment = EditableObjective['files'][number];

/**
 * The objective's attached files. Uploads and removals are saved at once, apart from the
 * document (a save keeps the files): `saved` is false until the objective exists on the server.
 */
export function ObjectiveFiles({
  objectiveUuid,
  files,
  saved,
  onChange,
}: {
  objectiveUuid: string;
  files: readonly Attachment[];
  saved: boolean;
  onChange: (files: Attachment[]) => void;
}) {
  const { t } = useTranslation(['contentAuthoring', 'errors']);
  const id = useId();
  /** The file being sent, shown in the picker until the upload settles. */
  const [sending, setSending] = useState<File | null>(null);
  const attach = useAttachFile();
  const remove = useRemoveFile();
  const failure = attach.error ?? remove.error;

  return (
    <section className={styles.group} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className={styles.legend}>
        {t('files.heading')}
      </h4>
      {files.length === 0 ? (
        <p className={styles.muted}>{t('files.none')}</p>
      ) : (
        <ul className={styles.files}>
          {files.map((file) => (
            <li key={file.uuid}>
              <a href={file.url} download={file.name}>
                {file.name}
              </a>{' '}
              <span className={styles.muted}>
                {t('files.size', { size: Math.max(1, Math.ceil(file.size / 1024)) })}
              </span>
              <Button
                variant="ghost"
                aria-label={t('files.remove', { name: file.name })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { objectiveUuid, fileUuid: file.uuid },
                    {
                      onSuccess: () => onChange(files.filter((other) => other.uuid !== file.uuid)),
                    },
                  )
                }
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {saved ? (
        <FilePicker
          label={attach.isPending ? t('files.uploading') : t('files.add')}
          file={sending}
          disabled={attach.isPending}
          hint={t('files.hint')}
          onChange={(file) => {
            if (!file) return;
            remove.reset();
            setSending(file);
            attach.mutate(
              { objectiveUuid, file },
              {
                onSuccess: (answer) => onChange([...files, answer.file]),
                onSettled: () => setSending(null),
              },
            );
          }}
        />
      ) : (
        <p className={styles.muted}>{t('files.saveFirst')}</p>
      )}
      {failure && (
        <p className={formStyles.error} role="alert">
          {errorMessage(t, failure)}
        </p>
      )}
    </section>
  );
}
