import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../../../components/ui/icons/eye-icon';
import styles from './login-form.module.css';

interface PasswordFieldProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  /** What is wrong with the value, shown under the field; null when nothing is. */
  hint: string | null;
  hintId: string;
}

/**
 * The password with a show/hide toggle. The toggle is a toggle button (`aria-pressed`) whose
 * name stays "Show password": a screen reader says whether it is pressed.
 */
export function PasswordField({ id, inputRef, hint, hintId }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('login.password')}
      </label>
      <div className={styles.control}>
        <input
          ref={inputRef}
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${styles.input} ${styles.withToggle}`}
          aria-invalid={hint ? true : undefined}
          aria-describedby={hint ? hintId : undefined}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={t('login.showPassword')}
          title={t('login.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon struck={visible} />
        </button>
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
