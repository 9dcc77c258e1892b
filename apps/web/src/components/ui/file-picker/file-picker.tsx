import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../form/form.module.css';
import styles from './file-picker.module.css';

interface FilePickerProps {
  label: string;
  /** The `accept` list of the native input: extensions and media types, comma-separated; any file without it. */
  accept?: string;
  /** The chosen file; null clears the native input too (after a reset, for instance). */
  file: File | null;
  onChange: (file: File | null) => void;
  hint?: string;
  /** Replaces the hint, marks the input invalid and is announced. */
  error?: string | null;
  /** Shown before the button, e.g. a preview of the chosen image. */
  aside?: ReactNode;
  /** No choice for now (the file chosen before is still being sent, for instance). */
  disabled?: boolean;
}

/**
 * One file, chosen with the browser's own input: it keeps the keyboard and the screen reader's
 * "file upload" role, while the visible button and the "no file chosen" line are ours, so they
 * follow the interface's language instead of the browser's.
 */
export function FilePicker({
  label,
  accept,
  file,
  onChange,
  hint,
  error,
  aside,
  disabled = false,
}: FilePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (file === null && input.current) input.current.value = '';
  }, [file]);
  const note = error ?? hint;

  return (
    <div className={formStyles.field}>
      <label id={`${id}-label`} htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={styles.picker}>
        {aside}
        <input
          ref={input}
          id={id}
          type="file"
          className={`visually-hidden ${styles.input}`}
          {...(accept ? { accept } : {})}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={[`${id}-chosen`, note ? `${id}-note` : ''].join(' ').trim()}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
        <label htmlFor={id} className={styles.button} aria-hidden="true">
          {t('filePicker.choose')}
        </label>
        <span id={`${id}-chosen`} className={styles.chosen}>
          {file ? file.name : t('filePicker.none')}
        </span>
      </div>
      {note && (
        <p
          id={`${id}-note`}
          className={error ? formStyles.error : formStyles.hint}
          role={error ? 'alert' : undefined}
        >
          {note}
        </p>
      )}
    </div>
  );
}
