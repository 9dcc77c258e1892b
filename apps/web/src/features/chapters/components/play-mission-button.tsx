import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../../lib/locale';
import { sessionScreenPath, useCreatePlayerSession } from '../../sessions';
import styles from './mission-step.module.css';

/** Play a mission: a session the player owns, then their team (they share its link after). */
export function PlayMissionButton({
  missionUuid,
  missionTitle,
}: {
  missionUuid: string;
  missionTitle: string;
}) {
  const { t } = useTranslation(['content', 'errors']);
  const noteId = useId();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const create = useCreatePlayerSession();
  return (
    <div className={styles.play}>
      <Button
        disabled={create.isPending}
        aria-describedby={noteId}
        aria-label={t('mission.playLabel', { title: missionTitle })}
        onClick={() =>
          create.mutate(missionUuid, {
            onSuccess: ({ session }) =>
              void navigate(localize(sessionScreenPath(session.uuid, 'createTeam'))),
          })
        }
      >
        {create.isPending ? t('mission.playing') : t('mission.play')}
      </Button>
      <p id={noteId} className={styles.playNote} role={create.isError ? 'alert' : undefined}>
        {create.isError ? errorMessage(t, create.error, 'session') : t('mission.playNote')}
      </p>
    </div>
  );
}
