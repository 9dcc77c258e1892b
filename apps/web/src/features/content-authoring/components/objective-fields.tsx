import {
  difficulties,
  difficultyLabels,
  objectiveCategories,
  objectiveTypes,
  type FieldIssue,
} from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { withType, type MissionDraft, type ObjectiveDraft } from '../lib/chapter-draft';
import { useIssueMessage } from '../lib/use-issue-message';
import { AnswerFields } from './answer-fields';
import { CheckField, FieldGroup, LocalizedField, NumberField, SelectField } from './fields';
import { ObjectiveHintsFields } from './objective-hints-fields';
import styles from './editor.module.css';

/** Every field of an objective in the pack format, its answer included. */
export function ObjectiveFields({
  objective,
  mission,
  path,
  issues,
  onChange,
}: {
  objective: ObjectiveDraft;
  /** For the prerequisites: the other objectives of the mission. */
  mission: MissionDraft;
  path: string;
  issues: readonly FieldIssue[];
  onChange: (next: ObjectiveDraft) => void;
}) {
  const { t, i18n } = useTranslation(['contentAuthoring', 'content', 'trainerDebrief']);
  const locale = i18n.language === 'fr' ? 'fr' : 'en';
  const word = useIssueMessage();
  const change = (patch: Partial<ObjectiveDraft>) => onChange({ ...objective, ...patch });
  const others = mission.objectives.filter((other) => other.uuid !== objective.uuid);
  const numbers = [
    ['points', 0],
    ['penalty', 0],
    ['firstBloodBonus', 0],
  ] as const;
  return (
    <FieldGroup legend={t('objectives.fields')}>
      <LocalizedField
        label={t('objectives.title')}
        path={`${path}.title`}
        issues={issues}
        value={objective.title}
        onChange={(title) => change({ title })}
      />
      <LocalizedField
        label={t('objectives.description')}
        path={`${path}.description`}
        issues={issues}
        multiline
        value={objective.description}
        onChange={(description) => change({ description })}
      />
      <div className={styles.row}>
        <SelectField
          label={t('objectives.type')}
          path={`${path}.type`}
          issues={issues}
          value={objective.type}
          options={objectiveTypes.map((value) => ({
            value,
            label: t(`objectives.types.${value}`),
          }))}
          onChange={(type) => onChange(withType(objective, type))}
        />
        <SelectField
          label={t('objectives.category')}
          path={`${path}.category`}
          issues={issues}
          value={objective.category}
          options={objectiveCategories.map((value) => ({
            value,
            label: t(`content:categories.${value}`),
          }))}
          onChange={(category) => change({ category })}
        />
        <SelectField
          label={t('objectives.difficulty')}
          path={`${path}.difficulty`}
          issues={issues}
          value={objective.difficulty}
          options={difficulties.map((value) => ({
            value,
            label: t(`content:difficulty.levels.${difficultyLabels[value]}`),
          }))}
          onChange={(difficulty) => change({ difficulty })}
        />
      </div>
      <AnswerFields objective={objective} path={path} issues={issues} onChange={change} />
      <LocalizedField
        label={t('trainerDebrief:explanation.label')}
        about={t('trainerDebrief:explanation.hint')}
        path={`${path}.explanation`}
        issues={issues}
        multiline
        value={objective.explanation ?? { en: '', fr: '' }}
        onChange={(explanation) => change({ explanation })}
      />
      <ObjectiveHintsFields
        hints={objective.hints}
        path={path}
        issues={issues}
        onChange={(hints) => change({ hints })}
      />
      <div className={styles.row}>
        {numbers.map(([key, min]) => (
          <NumberField
            key={key}
            label={t(`objectives.${key}`)}
            path={`${path}.${key}`}
            issues={issues}
            min={min}
            value={objective[key]}
            onChange={(value) => change({ [key]: value ?? Number.NaN })}
          />
        ))}
        <NumberField
          label={t('objectives.maxAttempts')}
          hint={t('objectives.maxAttemptsHint')}
          path={`${path}.maxAttempts`}
          issues={issues}
          min={1}
          nullable
          value={objective.maxAttempts}
          onChange={(maxAttempts) => change({ maxAttempts })}
        />
      </div>
      <div className={styles.checks}>
        <CheckField
          label={t('objectives.required')}
          path={`${path}.required`}
          issues={issues}
          checked={objective.required}
          onChange={(required) => change({ required })}
        />
        <CheckField
          label={t('objectives.speedrun')}
          path={`${path}.speedrun`}
          issues={issues}
          checked={objective.speedrun}
          onChange={(speedrun) => change({ speedrun })}
        />
        <CheckField
          label={t('objectives.locked')}
          path={`${path}.locked`}
          issues={issues}
          checked={objective.locked}
          onChange={(locked) => change({ locked })}
        />
      </div>
      <fieldset className={styles.group} data-path={`${path}.prerequisites`} tabIndex={-1}>
        <legend className={styles.legend}>{t('objectives.prerequisites')}</legend>
        {others.length === 0 && <p className={styles.muted}>{t('objectives.noPrerequisite')}</p>}
        {others.map((other) => (
          <CheckField
            key={other.uuid}
            label={
              other.title[locale] || other.title.en || other.title.fr || t('objectives.untitled')
            }
            path={`${path}.prerequisites.${other.uuid}`}
            issues={[]}
            checked={objective.prerequisites.includes(other.uuid)}
            onChange={(on) =>
              change({
                prerequisites: on
                  ? [...objective.prerequisites, other.uuid]
                  : objective.prerequisites.filter((uuid) => uuid !== other.uuid),
                // Prerequisites only matter on a locked objective; ticking one locks it.
                ...(on ? { locked: true } : {}),
              })
            }
          />
        ))}
        {issues
          .filter((issue) => issue.path.startsWith(`${path}.prerequisites`))
          .map((issue) => (
            <p key={issue.path + issue.message} className={styles.issue}>
              {word(issue.message)}
            </p>
          ))}
      </fieldset>
    </FieldGroup>
  );
}
