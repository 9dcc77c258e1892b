import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { useQuery } from '@tanstack/react-query';
import { chapterQueryOptions, useContentLocale } from '../../content';
import { useSwitchMission, type PlayerSession } from '../../sessions';

/** The lobby's "mission selection": the owner plays any mission of the session's chapter. */
export function MissionChoice({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'errors']);
  const id = useId();
  // Not the chapter screen's hook: a chapter this player cannot read just means no choice here.
  const chapter = useQuery(chapterQueryOptions(session.mission.chapter_uuid, useContentLocale()));
  const switchMission = useSwitchMission(session.uuid);
  const missions = chapter.data?.missions ?? [];
  if (missions.length < 2) return null;
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {t('lobby.mission')}
      </label>
      <select
        id={id}
        className={formStyles.input}
        value={session.mission.uuid}
        disabled={switchMission.isPending}
        onChange={(event) => switchMission.mutate(event.target.value)}
      >
        {[...missions]
          .sort((a, b) => a.position - b.position)
          .map((mission) => (
            <option key={mission.uuid} value={mission.uuid}>
              {mission.title}
            </option>
          ))}
      </select>
      {switchMission.isError && (
        <p className={formStyles.error} role="alert">
          {errorMessage(t, switchMission.error, 'session')}
        </p>
      )}
    </div>
  );
}
