import { isClosedStatus, type Cockpit, type CockpitObjective } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { Panel } from '../../../components/ui/panel/panel';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import type { TrainerSessionView } from '../../trainer-sessions/api/trainer-sessions';
import { useLaunchSpeedrun, useUnlockObjective } from '../api/session-actions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import styles from './cockpit.module.css';

type Objective = CockpitObjective;

/**
 * The mission's objectives (the cockpit's read model) with what a trainer may do to them during
 * play: open a locked one to every team, or launch a speedrun on one nobody solved (the server
 * refuses the others anyway).
 */
export function CockpitObjectives({
  session,
  cockpit,
}: {
  session: TrainerSessionView;
  cockpit: Cockpit;
}) {
  const { t, i18n } = useTranslation(['trainer', 'cockpit']);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const [unlocking, setUnlocking] = useState<Objective | null>(null);
  const [speedrun, setSpeedrun] = useState(false);
  const live = !isClosedStatus(session.status) && session.status !== 'lobby';
  const solved = new Set(
    cockpit.cells.filter((cell) => cell.solved).map((cell) => cell.objectiveUuid),
  );
  return (
    <Panel
      id="cockpit-objectives"
      title={t('objectives.title')}
      actions={
        live && (
          <Button variant="secondary" onClick={() => setSpeedrun(true)}>
            {t('speedrun.button')}
          </Button>
        )
      }
    >
      <ul className={styles.objectives}>
        {cockpit.objectives.map((objective) => (
          <li key={objective.uuid} className={styles.objective}>
            <span>{objective.title[lang]}</span>
            {objective.locked && !objective.unlocked && (
              <span className={styles.locked}>{t('objectives.locked')}</span>
            )}
            {objective.unlocked && (
              <span className={styles.locked}>{t('cockpit:objectives.unlocked')}</span>
            )}
            {objective.locked && !objective.unlocked && live && (
              <Button variant="ghost" onClick={() => setUnlocking(objective)}>
                {t('unlock.button')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {unlocking && (
        <UnlockDialog
          sessionUuid={session.uuid}
          objectiveUuid={unlocking.uuid}
          title={unlocking.title[lang]}
          onClose={() => setUnlocking(null)}
        />
      )}
      {speedrun && (
        <SpeedrunDialog
          sessionUuid={session.uuid}
          objectives={cockpit.objectives.filter((objective) => !solved.has(objective.uuid))}
          lang={lang}
          onClose={() => setSpeedrun(false)}
        />
      )}
    </Panel>
  );
}

/** Confirms unlocking an objective for every team (the cockpit's list, a support thread). */
export function UnlockDialog({
  sessionUuid,
  objectiveUuid,
  title,
  onClose,
}: {
  sessionUuid: string;
  objectiveUuid: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('trainer');
  const unlock = useUnlockObjective(sessionUuid);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('unlock.title', { objective: title })}
      description={t('unlock.description')}
      confirmText={t('unlock.confirm')}
      pending={unlock.isPending}
      error={unlock.isError ? errorMessage(t, unlock.error) : null}
      onConfirm={() =>
        unlock.mutate(objectiveUuid, {
          onSuccess: () => {
            toast.success(t('unlock.done', { objective: title }));
            onClose();
          },
        })
      }
    />
  );
}

function SpeedrunDialog({
  sessionUuid,
  objectives,
  lang,
  onClose,
}: {
  sessionUuid: string;
  objectives: Objective[];
  lang: 'en' | 'fr';
  onClose: () => void;
}) {
  const { t } = useTranslation('trainer');
  const id = useId();
  const launch = useLaunchSpeedrun(sessionUuid);
  const [objectiveUuid, setObjectiveUuid] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState<'objective' | 'title' | null>(null);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('speedrun.title')}
      description={t('speedrun.description')}
      confirmText={t('speedrun.confirm')}
      pending={launch.isPending}
      error={launch.isError ? errorMessage(t, launch.error) : null}
      onConfirm={() => {
        const lacking = objectiveUuid === '' ? 'objective' : title.trim() === '' ? 'title' : null;
        if (lacking) {
          setMissing(lacking);
          document.getElementById(`${id}-${lacking}`)?.focus();
          return;
        }
        launch.mutate(
          { objectiveUuid, title: title.trim(), description: description.trim() },
          {
            onSuccess: () => {
              toast.success(t('speedrun.done', { title: title.trim() }));
              onClose();
            },
          },
        );
      }}
    >
      <div className={form.form}>
        <div className={form.field}>
          <label htmlFor={`${id}-objective`} className={form.label}>
            {t('speedrun.objective')}
          </label>
          <select
            id={`${id}-objective`}
            className={form.input}
            value={objectiveUuid}
            aria-invalid={missing === 'objective' || undefined}
            onChange={(event) => {
              setObjectiveUuid(event.target.value);
              setMissing(null);
            }}
          >
            <option value="">{t('speedrun.pickObjective')}</option>
            {objectives.map((objective) => (
              <option key={objective.uuid} value={objective.uuid}>
                {objective.title[lang]}
              </option>
            ))}
          </select>
          {missing === 'objective' && <p className={form.error}>{t('speedrun.required')}</p>}
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-title`} className={form.label}>
            {t('speedrun.name')}
          </label>
          <input
            id={`${id}-title`}
            className={form.input}
            value={title}
            maxLength={120}
            aria-invalid={missing === 'title' || undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              setMissing(null);
            }}
          />
          {missing === 'title' && <p className={form.error}>{t('speedrun.required')}</p>}
        </div>
        <div className={form.field}>
          <label htmlFor={`${id}-description`} className={form.label}>
            {t('speedrun.text')}
          </label>
          <textarea
            id={`${id}-description`}
            className={form.input}
            value={description}
            maxLength={2000}
            rows={3}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
      </div>
    </ConfirmDialog>
  );
}
