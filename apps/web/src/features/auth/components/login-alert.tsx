import { useTranslation } from 'react-i18next';
import { loginErrorMessage } from '../login-error-message';
import styles from './login-form.module.css';

/** "Attempt failed." and why, announced as soon as it appears. */
export function LoginAlert({ error }: { error: unknown }) {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <div className={styles.alert} role="alert">
      <p className={styles.alertTitle}>{t('auth:login.failed')}</p>
      <p className={styles.alertText}>{loginErrorMessage(t, error)}</p>
    </div>
  );
}
