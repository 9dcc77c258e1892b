import { zodResolver } from '@hookform/resolvers/zod';
import { putPassword } from '@rampart/contracts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
/** The contract's one refusal per field, as `profile:password.errors` words it. */
const clientErrorKey = {
  currentPassword: 'currentRequired',
  password: 'rules',
  passwordConfirmation: 'mismatch',
} as const;

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
  // The route's own body schema checks the form: the browser refuses what the server would.
  const form = useForm<PasswordChange>({
    resolver: zodResolver(putPassword.body),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const change = useChangePassword();

  const formError =
    change.isError && Object.keys(serverFieldErrors(t, change.error)).length === 0
      ? errorMessage(t, change.error)
      : null;
  const errorOf = (field: Field) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.type === 'server' ? error.message : t(`password.errors.${clientErrorKey[field]}`);
  };
  const register = (field: Field) =>
    form.register(field, { onChange: () => change.isError && change.reset() });

  const handleSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast.success(t('password.saved'));
      },
      onError: (error) => {
        const refused = serverFieldErrors(t, error);
        const first = fields.find((field) => refused[field]);
        for (const field of fields) {
          const message = refused[field];
          if (message)
            form.setError(field, { type: 'server', message }, { shouldFocus: field === first });
        }
      },
    }),
  );
  const [password, confirmation] = useWatch({
    control: form.control,
    name: ['password', 'passwordConfirmation'],
  });

  return (
    <ProfileSection
      id="password"
      title={t('sections.password')}
      description={t('password.description')}
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t('password.current')}
          field={register('currentPassword')}
          autoComplete="current-password"
          error={errorOf('currentPassword')}
        />
        <PasswordField
          label={t('password.new')}
          field={register('password')}
          autoComplete="new-password"
          error={errorOf('password')}
          describedBy={rulesId}
        />
        <PasswordRules id={rulesId} password={password} />
        <PasswordField
          label={t('password.confirmation')}
          field={register('passwordConfirmation')}
          autoComplete="new-password"
          error={errorOf('passwordConfirmation')}
          describedBy={confirmationCheckId}
        />
        <ConfirmationCheck
          id={confirmationCheckId}
          password={password}
          confirmation={confirmation}
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
