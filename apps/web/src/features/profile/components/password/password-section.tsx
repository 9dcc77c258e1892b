import { brokenPasswordRules } from '@rampart/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button';
import { isApiError } from '../../../../lib/api-client';
import { errorMessage, type AnyTFunction } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useChangePassword, type PasswordChange } from '../../api/put-password';
import { fieldIssues } from '../../lib/field-issues';
import { ProfileSection } from '../profile-section';
import styles from '../../../../components/ui/form/form.module.css';
import { ConfirmationCheck, PasswordRules } from './password-checks';
import { PasswordField } from './password-field';

type Field = keyof PasswordChange;
const fields: readonly Field[] = ['currentPassword', 'password', 'passwordConfirmation'];
const empty: PasswordChange = { currentPassword: '', password: '', passwordConfirmation: '' };

/** The new password follows the rules and the confirmation equals it. */
const validate = (
  values: PasswordChange,
): Partial<Record<Field, 'currentRequired' | 'rules' | 'mismatch'>> => ({
  ...(values.currentPassword === '' ? { currentPassword: 'currentRequired' as const } : {}),
  ...(brokenPasswordRules(values.password).length > 0 ? { password: 'rules' as const } : {}),
  ...(values.passwordConfirmation !== values.password
    ? { passwordConfirmation: 'mismatch' as const }
    : {}),
});

/** What the server refused, by field: the rules (`request.invalid`) or the current password. */
const serverFieldErrors = (t: AnyTFunction, error: unknown): Partial<Record<Field, string>> => {
  if (isApiError(error) && error.code === 'profile.wrong_password') {
    return { currentPassword: errorMessage(t, error) };
  }
  return fieldIssues(t, error);
};

export function PasswordSection() {
  const { t } = useTranslation(['profile', 'errors']);
  const id = useId();
  const rulesId = `${id}-rules`;
  const confirmationCheckId = `${id}-confirmation`;
  const [values, setValues] = useState<PasswordChange>(empty);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const change = useChangePassword();

  const serverErrors = serverFieldErrors(t, change.error);
  const errors = { ...serverErrors, ...clientErrors };
  const formError =
    change.isError && Object.keys(serverErrors).length === 0 ? errorMessage(t, change.error) : null;

  const update = (field: Field) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setClientErrors(({ [field]: _fixed, ...others }) => others);
    if (change.isError) change.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validate(values);
    const firstInvalid = fields.find((field) => problems[field]);
    if (firstInvalid) {
      setClientErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, key]) => [field, t(`password.errors.${key}`)]),
        ),
      );
      inputs.current[firstInvalid]?.focus();
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        setValues(empty);
        toast.success(t('password.saved'));
      },
      onError: (error) => {
        const refused = serverFieldErrors(t, error);
        const first = fields.find((field) => refused[field]);
        if (first) inputs.current[first]?.focus();
      },
    });
  };

  return (
    <ProfileSection
      id="password"
      title={t('sections.password')}
      description={t('password.description')}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t('password.current')}
          name="currentPassword"
          value={values.currentPassword}
          onChange={update('currentPassword')}
          autoComplete="current-password"
          error={errors.currentPassword}
          inputRef={(element) => {
            inputs.current.currentPassword = element;
          }}
        />
        <PasswordField
          label={t('password.new')}
          name="password"
          value={values.password}
          onChange={update('password')}
          autoComplete="new-password"
          error={errors.password}
          describedBy={rulesId}
          inputRef={(element) => {
            inputs.current.password = element;
          }}
        />
        <PasswordRules id={rulesId} password={values.password} />
        <PasswordField
          label={t('password.confirmation')}
          name="passwordConfirmation"
          value={values.passwordConfirmation}
          onChange={update('passwordConfirmation')}
          autoComplete="new-password"
          error={errors.passwordConfirmation}
          describedBy={confirmationCheckId}
          inputRef={(element) => {
            inputs.current.passwordConfirmation = element;
          }}
        />
        <ConfirmationCheck
          id={confirmationCheckId}
          password={values.password}
          confirmation={values.passwordConfirmation}
        />
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('password.saving') : t('password.save')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
