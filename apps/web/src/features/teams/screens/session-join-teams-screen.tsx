import { teamTokenSchema } from '@rampart/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import {
  SessionGate,
  SessionHeader,
  sessionScreenPath,
  sessionStyles as styles,
  useJoinTeam,
  type PlayerSession,
} from '../../sessions';

/** `/sessions/{uuid}/join/teams`: join a team with the token a teammate gave. */
export default function SessionJoinTeamsScreen() {
  return (
    <SessionGate screen="joinTeams">{(session) => <JoinTeam session={session} />}</SessionGate>
  );
}

function JoinTeam({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'screens', 'errors']);
  useDocumentTitle(t('screens:sessionJoinTeams.title'));
  const titleId = useId();
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const joinTeam = useJoinTeam(session.uuid);
  const [token, setToken] = useState('');
  const [invalid, setInvalid] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = teamTokenSchema.safeParse(token);
    setInvalid(!parsed.success);
    if (!parsed.success) {
      input.current?.focus();
      return;
    }
    joinTeam.mutate(parsed.data, {
      onSuccess: () => void navigate(localize(sessionScreenPath(session.uuid, 'lobby'))),
      onError: () => input.current?.focus(),
    });
  };

  const error = invalid
    ? t('joinTeam.malformed')
    : joinTeam.isError
      ? errorMessage(t, joinTeam.error, 'session')
      : null;

  return (
    <section className={`${styles.screen} ${styles.narrow}`} aria-labelledby={titleId}>
      <SessionHeader eyebrow={t('joinTeam.eyebrow')} session={session} titleId={titleId} />
      <form className={`${styles.panel} ${formStyles.form}`} onSubmit={handleSubmit} noValidate>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={fieldId}>
            {t('joinTeam.label')}
          </label>
          <input
            ref={input}
            id={fieldId}
            className={formStyles.input}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint`}
          />
          {error ? (
            <p id={`${fieldId}-hint`} className={formStyles.error} role="alert">
              {error}
            </p>
          ) : (
            <p id={`${fieldId}-hint`} className={formStyles.hint}>
              {t('joinTeam.hint')}
            </p>
          )}
        </div>
        <div className={formStyles.actions}>
          <Button type="submit" disabled={joinTeam.isPending}>
            {joinTeam.isPending ? t('joinTeam.joining') : t('joinTeam.submit')}
          </Button>
          <ButtonLink variant="ghost" to={localize(sessionScreenPath(session.uuid, 'join'))}>
            {t('back')}
          </ButtonLink>
        </div>
      </form>
    </section>
  );
}
