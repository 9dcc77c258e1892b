import { sessionLimits } from '@rampart/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../../lib/locale';
import {
  useCreateTrainerSession,
  useTrainerMissions,
  type TrainerMissionList,
} from '../api/trainer-sessions';
import { JoinLink } from '../components/join-link';
import { TrainerScreen } from '../../trainer-shell/components/trainer-screen';
import { panelStyles } from '../../../components/ui/panel/panel';
import {
  checkSessionForm,
  initialSessionForm,
  type FieldError,
  type SessionFormField,
  type SessionFormValues,
} from '../lib/session-form';
import styles from './trainer-session-new-screen.module.css';

/**
 * The session wizard: a mission (by chapter), a name, the teams' sizes, a duration and an
 * optional planned start. Once created, the join link to share and the way to the cockpit.
 */
export default function TrainerSessionNewScreen() {
  const { t } = useTranslation(['screens', 'trainer']);
  const missions = useTrainerMissions();
  const [created, setCreated] = useState<{ uuid: string; name: string } | null>(null);
  return (
    <TrainerScreen title={t('screens:trainerSessionNew.title')}>
      {created ? (
        <Created session={created} onAnother={() => setCreated(null)} />
      ) : missions.isPending ? (
        <SectionLoading lines={6} />
      ) : missions.isError ? (
        <SectionError error={missions.error} onRetry={() => void missions.refetch()} />
      ) : (
        <SessionForm missions={missions.data} onCreated={setCreated} />
      )}
    </TrainerScreen>
  );
}

function Created({
  session,
  onAnother,
}: {
  session: { uuid: string; name: string };
  onAnother: () => void;
}) {
  const { t } = useTranslation('trainer');
  const localize = useLocalizedPath();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className={panelStyles.panel} aria-labelledby="wizard-created">
      <h2
        id="wizard-created"
        ref={(node) => {
          // Announce the result: focus moves to it once the form is gone.
          if (node && heading.current !== node) {
            heading.current = node;
            node.focus();
          }
        }}
        tabIndex={-1}
        className={panelStyles.title}
      >
        {t('wizard.created', { name: session.name })}
      </h2>
      <JoinLink sessionUuid={session.uuid} />
      <div className={form.actions}>
        <ButtonLink to={localize(`/trainer/sessions/${session.uuid}`)}>
          {t('wizard.toCockpit')}
        </ButtonLink>
        <Button variant="secondary" onClick={onAnother}>
          {t('wizard.another')}
        </Button>
      </div>
    </section>
  );
}

const numberFields = [
  { field: 'maxTeams', limits: sessionLimits.maxTeams },
  { field: 'playersPerTeam', limits: sessionLimits.playersPerTeam },
  { field: 'minPlayersPerTeam', limits: sessionLimits.playersPerTeam },
  { field: 'durationMinutes', limits: sessionLimits.durationMinutes },
] as const;

export function SessionForm({
  missions,
  onCreated,
}: {
  missions: TrainerMissionList;
  onCreated: (session: { uuid: string; name: string }) => void;
}) {
  const { t, i18n } = useTranslation('trainer');
  const id = useId();
  const [values, setValues] = useState<SessionFormValues>(initialSessionForm);
  // The duration the trainer typed, if any: until then it is the chosen mission's own.
  const [durationTyped, setDurationTyped] = useState(false);
  const [endWhenAllSolved, setEndWhenAllSolved] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SessionFormField, FieldError>>>({});
  const create = useCreateTrainerSession();
  const formRef = useRef<HTMLFormElement>(null);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';

  const chapters = new Map<string, { title: string; missions: TrainerMissionList }>();
  for (const mission of missions) {
    const chapter = chapters.get(mission.chapter_uuid) ?? {
      title: mission.chapterTitle[lang],
      missions: [],
    };
    chapter.missions.push(mission);
    chapters.set(mission.chapter_uuid, chapter);
  }

  const set = (field: SessionFormField, value: string) => {
    if (field === 'durationMinutes') setDurationTyped(value !== '');
    setValues((current) => {
      const next = { ...current, [field]: value };
      // A mission brings its own duration, unless the trainer typed one.
      if (field === 'missionUuid' && !durationTyped) {
        const mission = missions.find((item) => item.uuid === value);
        next.durationMinutes = mission ? String(mission.durationMinutes) : '';
      }
      return next;
    });
    setErrors(({ [field]: _dropped, ...rest }) => rest);
    if (create.isError) create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSessionForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The first refused field takes focus, so a keyboard user lands on what to fix.
      const first = Object.keys(checked.errors)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    create.mutate(
      { ...checked.body, ...(endWhenAllSolved && { endWhenAllSolved }) },
      {
        onSuccess: (session) => onCreated({ uuid: session.uuid, name: session.name }),
      },
    );
  };

  const describe = (field: SessionFormField) => {
    const error = errors[field];
    if (!error) return null;
    return t(`wizard.errors.${error.key}`, { min: error.min, max: error.max });
  };

  const fieldProps = (field: SessionFormField) => {
    const error = describe(field);
    return {
      id: `${id}-${field}`,
      name: field,
      className: form.input,
      value: values[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
    } as const;
  };

  const fieldError = (field: SessionFormField) => {
    const error = describe(field);
    return (
      error && (
        <p id={`${id}-${field}-error`} className={form.error}>
          {error}
        </p>
      )
    );
  };

  return (
    <form ref={formRef} className={`${form.form} ${styles.wizard}`} onSubmit={submit} noValidate>
      <div className={form.field}>
        <label htmlFor={`${id}-missionUuid`} className={form.label}>
          {t('wizard.mission')}
        </label>
        <select
          {...fieldProps('missionUuid')}
          onChange={(event) => set('missionUuid', event.target.value)}
        >
          <option value="">{t('wizard.pickMission')}</option>
          {[...chapters.entries()].map(([uuid, chapter]) => (
            <optgroup key={uuid} label={chapter.title}>
              {chapter.missions.map((mission) => (
                <option key={mission.uuid} value={mission.uuid}>
                  {t('wizard.missionOption', {
                    title: mission.title[lang],
                    count: mission.objectiveCount,
                    minutes: mission.durationMinutes,
                  })}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {fieldError('missionUuid')}
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-name`} className={form.label}>
          {t('wizard.name')}
        </label>
        <input
          {...fieldProps('name')}
          maxLength={sessionLimits.nameLength.max + 8}
          autoComplete="off"
          onChange={(event) => set('name', event.target.value)}
        />
        {fieldError('name')}
      </div>
      <div className={styles.numbers}>
        {numberFields.map(({ field, limits }) => (
          <div key={field} className={form.field}>
            <label htmlFor={`${id}-${field}`} className={form.label}>
              {t(`wizard.${field}`)}
            </label>
            <input
              {...fieldProps(field)}
              type="number"
              inputMode="numeric"
              min={limits.min}
              max={limits.max}
              step={1}
              onChange={(event) => set(field, event.target.value)}
            />
            <p className={form.hint}>{t('wizard.between', { min: limits.min, max: limits.max })}</p>
            {fieldError(field)}
          </div>
        ))}
      </div>
      <div className={form.field}>
        <label htmlFor={`${id}-scheduledStartAt`} className={form.label}>
          {t('wizard.schedule')}
        </label>
        <input
          {...fieldProps('scheduledStartAt')}
          type="datetime-local"
          onChange={(event) => set('scheduledStartAt', event.target.value)}
        />
        <p className={form.hint}>{t('wizard.scheduleHint')}</p>
        {fieldError('scheduledStartAt')}
      </div>
      <div className={`${form.field} ${styles.check}`}>
        <input
          id={`${id}-endWhenAllSolved`}
          type="checkbox"
          checked={endWhenAllSolved}
          aria-describedby={`${id}-endWhenAllSolved-hint`}
          onChange={(event) => setEndWhenAllSolved(event.target.checked)}
        />
        <label htmlFor={`${id}-endWhenAllSolved`}>{t('wizard.endWhenAllSolved')}</label>
        <p id={`${id}-endWhenAllSolved-hint`} className={form.hint}>
          {t('wizard.endWhenAllSolvedHint')}
        </p>
      </div>
      {create.isError && (
        <p className={form.formError} role="alert">
          {errorMessage(t, create.error)}
        </p>
      )}
      <div className={form.actions}>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('wizard.creating') : t('wizard.create')}
        </Button>
      </div>
    </form>
  );
}
