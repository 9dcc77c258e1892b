import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import {
  CopyToken,
  SessionGate,
  SessionHeader,
  TeamLogo,
  sessionScreenPath,
  sessionStyles as styles,
} from '../../sessions';
import { CreateTeamForm, type CreatedTeam } from '../components/create-team-form';

/**
 * `/sessions/{uuid}/join/teams/create`: a name and a logo, then the token to give to
 * teammates, then the creation transition and the lobby.
 */
export default function SessionCreateTeamScreen() {
  const { t } = useTranslation(['sessions', 'screens']);
  useDocumentTitle(t('screens:sessionCreateTeam.title'));
  const [created, setCreated] = useState<CreatedTeam | null>(null);
  const titleId = useId();
  // Once created, the player is in a team and the gate would send them on: the token comes first.
  if (created) return <TeamCreated team={created} />;
  return (
    <SessionGate screen="createTeam">
      {(session) => (
        <section className={`${styles.screen} ${styles.narrow}`} aria-labelledby={titleId}>
          <SessionHeader eyebrow={t('createTeam.eyebrow')} session={session} titleId={titleId} />
          <CreateTeamForm session={session} onCreated={setCreated} />
        </section>
      )}
    </SessionGate>
  );
}

function TeamCreated({ team }: { team: CreatedTeam }) {
  const { t } = useTranslation('sessions');
  const { uuid = '' } = useParams();
  const localize = useLocalizedPath();
  const titleId = useId();
  return (
    <section className={`${styles.screen} ${styles.narrow}`} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Eyebrow>{t('createTeam.doneEyebrow')}</Eyebrow>
        <h1 id={titleId} className={styles.title} tabIndex={-1} ref={(node) => node?.focus()}>
          {t('createTeam.done', { name: team.name })}
        </h1>
      </header>
      <div className={styles.panel}>
        <div className={styles.actions}>
          <TeamLogo name={team.name} url={team.logoUrl} size={64} />
          <p className={styles.subtitle}>{t('createTeam.shareHint')}</p>
        </div>
        <CopyToken token={team.token} />
        <div className={styles.actions}>
          <ButtonLink to={localize(sessionScreenPath(uuid, 'videoTransitionCreation'))}>
            {t('createTeam.continue')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
