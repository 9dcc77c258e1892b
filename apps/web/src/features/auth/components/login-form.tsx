import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { asAppLocale } from '../../../lib/locales';
import type { AuthSide } from '../app-auth';
import { useLogin } from '../hooks/use-auth-actions';
import { LoginAlert } from './login-alert';
import { PasswordField } from './password-field';
import styles from './login-form.module.css';

type Field = 'username' | 'password';

interface LoginFormProps {
  side: AuthSide;
  /** A failure that happened before this form was used (a refused magic link). */
  earlierError?: unknown;
}

/** Username and password, checked here for presence only. */
export function LoginForm({ side, earlierError }: LoginFormProps) {
  const { t, i18n } = useTranslation('auth');
  const login = useLogin(side);
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState<readonly Field[]>([]);
  const error = login.isIdle ? earlierError : login.error;

  // After the hints render, so that the focused field's description already says what is missing.
  useEffect(() => {
    if (missing[0]) (missing[0] === 'username' ? usernameRef : passwordRef).current?.focus();
  }, [missing]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const empty = (['username', 'password'] as const).filter((field) =>
      field === 'username' ? !username : !password,
    );
    setMissing(empty);
    if (empty.length > 0) return;
    // After a refusal the password is the likely culprit: ready to be typed again.
    const locale = asAppLocale(i18n.language);
    login.mutate(locale ? { username, password, locale } : { username, password }, {
      onError: () => {
        passwordRef.current?.focus();
        passwordRef.current?.select();
      },
    });
  };

  // Focus moves to the first empty field, whose description then says what is missing.
  const hintId = (field: Field) => (missing.includes(field) ? `${id}-${field}-missing` : undefined);
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-busy={login.isPending}>
      {Boolean(error) && <LoginAlert error={error} />}
      <div className={styles.field}>
        <label htmlFor={`${id}-username`} className={styles.label}>
          {t('login.username')}
        </label>
        <input
          ref={usernameRef}
          id={`${id}-username`}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          // The page exists to fill this in: start there (spec: focus on the first field).
          autoFocus
          className={styles.input}
          aria-invalid={missing.includes('username') || undefined}
          aria-describedby={hintId('username')}
        />
        {missing.includes('username') && (
          <p id={hintId('username')} className={styles.hint}>
            {t('login.missing.username')}
          </p>
        )}
      </div>
      <PasswordField
        id={`${id}-password`}
        inputRef={passwordRef}
        hint={missing.includes('password') ? t('login.missing.password') : null}
        hintId={`${id}-password-missing`}
      />
      <Button type="submit" className={styles.submit} aria-disabled={login.isPending || undefined}>
        {login.isPending && <span className={styles.spinner} aria-hidden="true" />}
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
