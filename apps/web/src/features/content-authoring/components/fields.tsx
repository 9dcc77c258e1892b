import type { FieldIssue, Locale, LocalizedText } from '@rampart/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/ui/form/form.module.css';
import { issueAt } from '../lib/chapter-draft';
import { useIssueMessage } from '../lib/use-issue-message';
import styles from './editor.module.css';

/**
 * Fields of the chapter editor. Each carries the pack path it edits (`data-path`): the server's
 * issues name those paths, so an issue lands on its field and the first one takes focus.
 */
interface FieldBase {
  label: string;
  path: string;
  issues: readonly FieldIssue[];
  hint?: string;
}

function FieldMessages({ id, hint, issue }: { id: string; hint?: string; issue?: FieldIssue }) {
  const word = useIssueMessage();
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {issue && (
        <p id={`${id}-error`} className={formStyles.error}>
          {word(issue.message)}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: string, issue?: FieldIssue) =>
  [hint && `${id}-hint`, issue && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function TextField({
  label,
  path,
  issues,
  hint,
  value,
  onChange,
  multiline = false,
  lang,
}: FieldBase & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  lang?: Locale;
}) {
  const id = useId();
  const issue = issueAt(issues, path);
  const common = {
    id,
    lang,
    value,
    'data-path': path,
    'aria-invalid': issue ? true : undefined,
    'aria-describedby': describedBy(id, hint, issue),
    className: `${formStyles.input} ${multiline ? styles.textarea : ''}`,
  };
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldMessages id={id} hint={hint} issue={issue} />
    </div>
  );
}

/** A text in both languages, side by side on a wide screen, one above the other on a phone. */
export function LocalizedField({
  label,
  path,
  issues,
  value,
  onChange,
  multiline = false,
  about,
}: FieldBase & {
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  multiline?: boolean;
  /** What the text is for, said once above both languages under the field's name. */
  about?: string;
}) {
  const { t } = useTranslation('contentAuthoring');
  const aboutId = useId();
  // English first, as in the pack documents.
  const languages: Locale[] = ['en', 'fr'];
  return (
    <div
      className={styles.bilingual}
      role="group"
      aria-label={label}
      aria-describedby={about ? aboutId : undefined}
    >
      {about && (
        // The group's name, seen once above both languages (assistive technologies have it
        // from `aria-label`), and what the text is for.
        <div className={styles.groupHead}>
          <span className={formStyles.label} aria-hidden="true">
            {label}
          </span>
          <p id={aboutId} className={formStyles.hint}>
            {about}
          </p>
        </div>
      )}
      {languages.map((language) => (
        <TextField
          key={language}
          label={t('fieldInLanguage', { field: label, language: t(`languages.${language}`) })}
          path={`${path}.${language}`}
          issues={issues}
          value={value[language]}
          lang={language}
          multiline={multiline}
          {...(multiline ? { hint: t('markdown') } : {})}
          onChange={(text) => onChange({ ...value, [language]: text })}
        />
      ))}
    </div>
  );
}

/** A whole number; empty is `null` when `nullable`, else NaN, which the server refuses. */
export function NumberField({
  label,
  path,
  issues,
  hint,
  value,
  onChange,
  nullable = false,
  min,
}: FieldBase & {
  value: number | null;
  onChange: (value: number | null) => void;
  nullable?: boolean;
  min?: number;
}) {
  const id = useId();
  const issue = issueAt(issues, path);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        className={`${formStyles.input} ${styles.number}`}
        data-path={path}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, hint, issue)}
        value={value === null || Number.isNaN(value) ? '' : value}
        onChange={(event) => {
          const raw = event.target.value;
          onChange(raw === '' ? (nullable ? null : Number.NaN) : Number(raw));
        }}
      />
      <FieldMessages id={id} hint={hint} issue={issue} />
    </div>
  );
}

export function SelectField<T extends string | number>({
  label,
  path,
  issues,
  hint,
  value,
  options,
  onChange,
}: FieldBase & {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  const issue = issueAt(issues, path);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={formStyles.input}
        data-path={path}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, hint, issue)}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} issue={issue} />
    </div>
  );
}

export function CheckField({
  label,
  path,
  issues,
  checked,
  onChange,
}: FieldBase & { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  const word = useIssueMessage();
  const issue = issueAt(issues, path);
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        data-path={path}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${id}-error` : undefined}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {issue && (
        <p id={`${id}-error`} className={`${formStyles.error} ${styles.checkError}`}>
          {word(issue.message)}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}
