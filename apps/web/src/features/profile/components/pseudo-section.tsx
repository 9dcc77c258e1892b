import { pseudoSchema, PSEUDO_MAX_LENGTH, type AuthUser } from '@rampart/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth';
import { useChangePseudo } from '../api/put-pseudo';
import { fieldIssues } from '../lib/field-issues';
import styles from '../../../components/ui/form/form.module.css';
import { ProfileSection } from './profile-section';
import { SectionLoading } from '../../../components/ui/section-state/section-state';

const FIELD_ERROR_CODES = new Set(['profile.pseudo_unchanged', 'profile.pseudo_taken']);

type Check = { kind: 'same' | 'invalid' | 'ready'; pseudo: string } | null;

/** A new game pseudo must differ from the old one (and follow the pseudo rules). */
const checkPseudo = (value: string, current: string): Check => {
  if (value.trim() === '') return null;
  const parsed = pseudoSchema.safeParse(value);
  if (!parsed.success) return { kind: 'invalid', pseudo: value };
  if (parsed.data === current) return { kind: 'same', pseudo: parsed.data };
  return { kind: 'ready', pseudo: parsed.data };
};

export function PseudoSection() {
  const { t } = useTranslation('profile');
  // The guards load the player before any player screen renders: null only while logging out.
  const player = useCurrentUser();
  return (
    <ProfileSection id="pseudo" title={t('sections.pseudo')} description={t('pseudo.description')}>
      {player ? <PseudoForm player={player} /> : <SectionLoading lines={2} />}
    </ProfileSection>
  );
}

/** The pseudo form, with a live hint saying whether the value can be saved. */
function PseudoForm({ player }: { player: AuthUser }) {
  const { t } = useTranslation(['profile', 'errors']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useChangePseudo();
  const check = checkPseudo(value, player.pseudo);

  const serverError =
    fieldIssues(t, change.error).pseudo ??
    (isApiError(change.error) && FIELD_ERROR_CODES.has(change.error.code)
      ? errorMessage(t, change.error)
      : undefined);
  const clientError =
    submitted && check?.kind === 'same'
      ? t('pseudo.same')
      : submitted && check?.kind !== 'ready'
        ? t('pseudo.rule')
        : undefined;
  const error = serverError ?? clientError;
  const formError = change.isError && !serverError ? errorMessage(t, change.error) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (check?.kind !== 'ready') {
      input.current?.focus();
      return;
    }
    change.mutate(check.pseudo, {
      onSuccess: (user) => {
        setValue('');
        setSubmitted(false);
        toast.success(t('pseudo.saved', { pseudo: user.pseudo }));
      },
      onError: () => input.current?.focus(),
    });
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('pseudo.label')}
        </label>
        <input
          ref={input}
          id={id}
          name="pseudo"
          className={styles.input}
          value={value}
          placeholder={player.pseudo}
          maxLength={PSEUDO_MAX_LENGTH + 8}
          autoComplete="nickname"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setValue(event.target.value);
            setSubmitted(false);
            if (change.isError) change.reset();
          }}
        />
        {error && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
        <PseudoHint id={hintId} check={error ? null : check} current={player.pseudo} />
      </div>
      {formError && (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('pseudo.saving') : t('pseudo.save')}
        </Button>
      </div>
    </form>
  );
}

function PseudoHint({ id, check, current }: { id: string; check: Check; current: string }) {
  const { t } = useTranslation('profile');
  if (check?.kind === 'same') {
    return (
      <p id={id} className={styles.warning} aria-live="polite">
        {t('pseudo.same')}
      </p>
    );
  }
  if (check?.kind === 'ready') {
    return (
      <p id={id} className={styles.ok} aria-live="polite">
        {t('pseudo.ready')}
      </p>
    );
  }
  return (
    <p
      id={id}
      className={check?.kind === 'invalid' ? styles.warning : styles.hint}
      aria-live="polite"
    >
      {t('pseudo.rule')}
      <br />
      {t('pseudo.current', { pseudo: current })}
    </p>
  );
}
