import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../../../../components/ui/icons/eye-icon';
import styles from '../../../../components/ui/form/form.module.css';

interface PasswordFieldProps {
  label: string;
  /** The form's registration of the input: its name, ref and change handlers. */
  field: UseFormRegisterReturn;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  /** Ids of elements that describe the field (rules, live checks), read after the error. */
  describedBy?: string;
}

/** A password input with its show/hide toggle and its error, all tied to the input. */
export function PasswordField({
  label,
  field,
  autoComplete,
  error,
  describedBy,
}: PasswordFieldProps) {
  const { t } = useTranslation('profile');
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const describedByIds = [error ? errorId : null, describedBy].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...field}
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${styles.input} ${styles.withToggle}`}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds || undefined}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={t('password.show')}
          aria-pressed={visible}
          aria-controls={id}
          title={visible ? t('password.hide') : t('password.show')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon struck={visible} />
        </button>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
