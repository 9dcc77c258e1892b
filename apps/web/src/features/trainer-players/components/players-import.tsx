import type { PlayersImportReport } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { FilePicker } from '../../../components/ui/file-picker/file-picker';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { handoverCsv, useImportPlayers } from '../api/players';
import { HandoverView } from './handover-view';
import styles from './players.module.css';

function RejectedRows({ rows }: { rows: PlayersImportReport['rejected'] }) {
  const { t } = useTranslation('players');
  if (rows.length === 0) return null;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={formStyles.warning}>
          {t('import.rejected', { count: rows.length })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('import.line')}</th>
            <th scope="col">{t('import.raw')}</th>
            <th scope="col">{t('import.reasons')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td data-label={t('import.line')}>{row.line}</td>
              <td data-label={t('import.raw')} className={styles.raw}>
                {row.raw}
              </td>
              <td data-label={t('import.reasons')}>
                <ul className={styles.reasons}>
                  {row.reasons.map((reason) => (
                    <li key={reason}>{t(`rowErrors.${reason}`)}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const download = (report: PlayersImportReport) => {
  const blob = new Blob([handoverCsv(report.created)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'rampart-players-links.csv';
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * CSV import in two steps: the file is checked first (a dry run on the server, the database
 * included), the trainer sees what will be created and what is rejected, then imports; the final
 * report carries each new player's login link, shown once.
 */
export function PlayersImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['players', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PlayersImportReport | null>(null);
  const [done, setDone] = useState<PlayersImportReport | null>(null);
  const importing = useImportPlayers();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setDone(null);
    importing.reset();
  };
  const check = () => {
    if (!file) return;
    importing.mutate({ file, dryRun: true }, { onSuccess: setPreview });
  };
  const run = () => {
    if (!file) return;
    importing.mutate({ file, dryRun: false }, { onSuccess: setDone });
  };

  const ready = preview?.created.length ?? 0;
  const actions = done ? (
    <>
      {done.created.length > 0 && (
        <Button variant="secondary" onClick={() => download(done)}>
          {t('import.download')}
        </Button>
      )}
      <Button onClick={reset}>{t('import.again')}</Button>
    </>
  ) : preview && ready > 0 ? (
    <Button onClick={run} disabled={importing.isPending}>
      {importing.isPending ? t('import.running') : t('import.run', { count: ready })}
    </Button>
  ) : (
    <Button onClick={check} disabled={!file || importing.isPending}>
      {importing.isPending ? t('import.checking') : t('import.check')}
    </Button>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('import.title')}
      description={t('import.description')}
      closeLabel={t('closeLabel')}
      closeText={t('close')}
      actions={actions}
    >
      <div className={styles.report}>
        {!done && (
          <FilePicker
            label={t('import.file')}
            accept=".csv,text/csv"
            hint={t('import.fileHint')}
            file={file}
            onChange={(chosen) => {
              setFile(chosen);
              setPreview(null);
              importing.reset();
            }}
          />
        )}
        {importing.isError && (
          <p className={formStyles.formError} role="alert">
            {errorMessage(t, importing.error)}
          </p>
        )}
        {preview && !done && (
          <section className={styles.report} aria-live="polite">
            <h3 className={styles.reportTitle}>{t('import.previewTitle')}</h3>
            <p className={formStyles.ok}>{t('import.ready', { count: ready })}</p>
            {ready === 0 && <p className={formStyles.warning}>{t('import.nothingToImport')}</p>}
            <RejectedRows rows={preview.rejected} />
          </section>
        )}
        {done && (
          <section className={styles.report} aria-live="polite">
            <h3 className={styles.reportTitle}>{t('import.doneTitle')}</h3>
            <p className={formStyles.ok}>{t('import.created', { count: done.created.length })}</p>
            {done.created.length > 0 && (
              <p className={formStyles.warning}>{t('handover.warningLink')}</p>
            )}
            {done.created.map((row) =>
              row.handover ? (
                <HandoverView
                  key={row.line}
                  username={row.username}
                  handover={row.handover}
                  compact
                />
              ) : null,
            )}
            {done.rejected.length > 0 && (
              <p className={formStyles.hint}>{t('import.rejectedHint')}</p>
            )}
            <RejectedRows rows={done.rejected} />
          </section>
        )}
      </div>
    </Dialog>
  );
}
