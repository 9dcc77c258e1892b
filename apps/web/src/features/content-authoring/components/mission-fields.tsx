import {
  difficulties,
  difficultyLabels,
  type FieldIssue,
  type SuccessRule,
} from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import type { MissionDraft } from '../lib/chapter-draft';
import { CheckField, FieldGroup, LocalizedField, NumberField, SelectField } from './fields';
import styles from './editor.module.css';

const ruleKinds = ['required_objectives', 'min_points', 'min_objectives'] as const;

const ruleOf = (kind: SuccessRule['kind'], previous: SuccessRule): SuccessRule => {
  if (kind === 'min_points')
    return { kind, points: previous.kind === kind ? previous.points : 100 };
  if (kind === 'min_objectives')
    return { kind, count: previous.kind === kind ? previous.count : 1 };
  return { kind };
};

/**
 * A mission's own fields: texts in both languages, difficulty, duration, success rule, and
 * whether players read its answers on the debrief after the game.
 */
export function MissionFields({
  mission,
  path,
  issues,
  onChange,
}: {
  mission: MissionDraft;
  path: string;
  issues: readonly FieldIssue[];
  onChange: (change: Partial<MissionDraft>) => void;
}) {
  const { t } = useTranslation(['contentAuthoring', 'content']);
  const rule = mission.successRule;
  const texts = ['title', 'brief', 'scenario', 'rules'] as const;
  return (
    <FieldGroup legend={t('missions.fields')}>
      {texts.map((key) => (
        <LocalizedField
          key={key}
          label={t(`missions.${key}`)}
          path={`${path}.${key}`}
          issues={issues}
          multiline={key !== 'title'}
          value={mission[key]}
          onChange={(value) => onChange({ [key]: value })}
        />
      ))}
      <div className={styles.row}>
        <SelectField
          label={t('missions.difficulty')}
          path={`${path}.difficulty`}
          issues={issues}
          value={mission.difficulty}
          options={difficulties.map((value) => ({
            value,
            label: t(`content:difficulty.levels.${difficultyLabels[value]}`),
          }))}
          onChange={(difficulty) => onChange({ difficulty })}
        />
        <NumberField
          label={t('missions.duration')}
          path={`${path}.durationMinutes`}
          issues={issues}
          min={5}
          value={mission.durationMinutes}
          onChange={(value) => onChange({ durationMinutes: value ?? Number.NaN })}
        />
      </div>
      <div className={styles.row}>
        <SelectField
          label={t('missions.successRule')}
          path={`${path}.successRule`}
          issues={issues}
          value={rule.kind}
          options={ruleKinds.map((kind) => ({ value: kind, label: t(`missions.rules_${kind}`) }))}
          onChange={(kind) => onChange({ successRule: ruleOf(kind, rule) })}
        />
        {rule.kind === 'min_points' && (
          <NumberField
            label={t('missions.minPoints')}
            path={`${path}.successRule.points`}
            issues={issues}
            min={1}
            value={rule.points}
            onChange={(points) =>
              onChange({ successRule: { ...rule, points: points ?? Number.NaN } })
            }
          />
        )}
        {rule.kind === 'min_objectives' && (
          <NumberField
            label={t('missions.minObjectives')}
            path={`${path}.successRule.count`}
            issues={issues}
            min={1}
            value={rule.count}
            onChange={(count) => onChange({ successRule: { ...rule, count: count ?? Number.NaN } })}
          />
        )}
      </div>
      <div className={styles.checks}>
        <CheckField
          label={t('missions.revealAnswersAfterGame')}
          path={`${path}.revealAnswersAfterGame`}
          issues={issues}
          checked={mission.revealAnswersAfterGame}
          onChange={(revealAnswersAfterGame) => onChange({ revealAnswersAfterGame })}
        />
      </div>
    </FieldGroup>
  );
}
