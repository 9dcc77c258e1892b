import { zodResolver } from '@hookform/resolvers/zod';
import { postTeam, teamLogo, teamNameLength } from '@rampart/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import { FilePicker } from '../../../components/ui/file-picker/file-picker';
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

/** The name as the route checks it; the logo is a file here, checked by `checkLogo`. */
const nameResolver = zodResolver(postTeam.body.pick({ name: true }));
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
  const localize = useLocalizedPath();
  const createTeam = useCreateTeam(session.uuid);
  const form = useForm<{ name: string }>({ resolver: nameResolver, defaultValues: { name: '' } });
  const name = useWatch({ control: form.control, name: 'name' });
  const [logo, setLogo] = useState<File | null>(null);

  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const logoProblem = checkLogo(logo);
  const serverCode = isApiError(createTeam.error) ? createTeam.error.code : null;
  const nameError = form.formState.errors.name
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

  const handleSubmit = form.handleSubmit((values) => {
    if (logoProblem) return form.setFocus('name');
    // One team per click: the button is disabled while the request runs, and the server
    // refuses a second team for the same player anyway.
    if (createTeam.isPending) return;
    createTeam.mutate({ name: values.name, logo }, { onSuccess: ({ team }) => onCreated(team) });
  });

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
          {...form.register('name')}
          id={`${id}-name`}
          className={formStyles.input}
          maxLength={teamNameLength.max}
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
      <FilePicker
        label={t('createTeam.logoLabel')}
        accept={teamLogo.contentTypes.join(',')}
        hint={t('createTeam.logoHint')}
        error={logoError}
        file={logo}
        aside={<TeamLogo name={name || '?'} url={preview} size={56} />}
        onChange={(file) => {
          setLogo(file);
          // The server's refusal was about the file just replaced: it no longer applies.
          if (serverCode && LOGO_ERRORS.has(serverCode)) createTeam.reset();
        }}
      />
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
