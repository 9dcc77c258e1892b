import { teamLogo, teamNameLength, teamNameSchema } from '@rampart/contracts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../../lib/locale';
import {
  TeamLogo,
  sessionScreenPath,
  sessionStyles as styles,
  useCreateTeam,
  type PlayerSession,
} from '../../sessions';

export interface CreatedTeam {
  uuid: string;
  name: string;
  token: string;
  logoUrl: string | null;
}

const LOGO_ERRORS = new Set(['team.logo_invalid', 'team.logo_too_large', 'request.too_large']);

/** Checks what the browser can before sending: the server checks the bytes again. */
const checkLogo = (file: File | null): 'type' | 'size' | null => {
  if (!file) return null;
  if (!(teamLogo.contentTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > teamLogo.maxBytes) return 'size';
  return null;
};

export function CreateTeamForm({
  session,
  onCreated,
}: {
  session: PlayerSession;
  onCreated: (team: CreatedTeam) => void;
}) {
  const { t } = useTranslation(['sessions', 'errors']);
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const localize = useLocalizedPath();
  const createTeam = useCreateTeam(session.uuid);
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const nameCheck = teamNameSchema.safeParse(name);
  const logoProblem = checkLogo(logo);
  const serverCode = isApiError(createTeam.error) ? createTeam.error.code : null;
  const nameError =
    submitted && !nameCheck.success
      ? t('createTeam.nameRule', { max: teamNameLength.max })
      : serverCode === 'team.name_taken'
        ? errorMessage(t, createTeam.error)
        : null;
  const logoError = logoProblem
    ? t(`createTeam.logo.${logoProblem}`)
    : serverCode && LOGO_ERRORS.has(serverCode)
      ? errorMessage(t, createTeam.error)
      : null;
  const formError =
    createTeam.isError && !nameError && !logoError
      ? errorMessage(t, createTeam.error, 'session')
      : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!nameCheck.success || logoProblem) {
      nameInput.current?.focus();
      return;
    }
    // One team per click: the button is disabled while the request runs, and the server
    // refuses a second team for the same player anyway.
    if (createTeam.isPending) return;
    createTeam.mutate({ name: nameCheck.data, logo }, { onSuccess: ({ team }) => onCreated(team) });
  };

  return (
    <form
      className={`${styles.panel} ${formStyles.form} ${formStyles.wide}`}
      onSubmit={handleSubmit}
      noValidate
    >
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${id}-name`}>
          {t('createTeam.name')}
        </label>
        <input
          ref={nameInput}
          id={`${id}-name`}
          className={formStyles.input}
          value={name}
          maxLength={teamNameLength.max}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          autoFocus
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${id}-name-hint`}
        />
        <p
          id={`${id}-name-hint`}
          className={nameError ? formStyles.error : formStyles.hint}
          role={nameError ? 'alert' : undefined}
        >
          {nameError ?? t('createTeam.nameHint', { max: teamNameLength.max })}
        </p>
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${id}-logo`}>
          {t('createTeam.logoLabel')}
        </label>
        <div className={styles.actions}>
          <TeamLogo name={name || '?'} url={preview} size={56} />
          <input
            id={`${id}-logo`}
            type="file"
            accept={teamLogo.contentTypes.join(',')}
            onChange={(event) => {
              setLogo(event.target.files?.[0] ?? null);
              // The server's refusal was about the file just replaced: it no longer applies.
              if (serverCode && LOGO_ERRORS.has(serverCode)) createTeam.reset();
            }}
            aria-invalid={logoError ? true : undefined}
            aria-describedby={`${id}-logo-hint`}
          />
        </div>
        <p
          id={`${id}-logo-hint`}
          className={logoError ? formStyles.error : formStyles.hint}
          role={logoError ? 'alert' : undefined}
        >
          {logoError ?? t('createTeam.logoHint')}
        </p>
      </div>
      {formError && (
        <p className={formStyles.formError} role="alert">
          {formError}
        </p>
      )}
      <div className={formStyles.actions}>
        <Button type="submit" disabled={createTeam.isPending}>
          {createTeam.isPending ? t('createTeam.creating') : t('createTeam.submit')}
        </Button>
        <ButtonLink variant="ghost" to={localize(sessionScreenPath(session.uuid, 'join'))}>
          {t('back')}
        </ButtonLink>
      </div>
    </form>
  );
}
