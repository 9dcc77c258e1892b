import type { FieldIssue } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import { issueAt, nextChoiceId, type ObjectiveDraft } from '../lib/chapter-draft';
import { useIssueMessage } from '../lib/use-issue-message';
import { CheckField, LocalizedField, TextField } from './fields';
import styles from './editor.module.css';

/** What counts as the right answer: accepted flags, or choices with the correct ones ticked. */
export function AnswerFields({
  objective,
  path,
  issues,
  onChange,
}: {
  objective: ObjectiveDraft;
  path: string;
  issues: readonly FieldIssue[];
  onChange: (change: Partial<ObjectiveDraft>) => void;
}) {
  const { t } = useTranslation('contentAuthoring');
  const word = useIssueMessage();
  if (objective.type === 'flag') {
    const flag = objective.flag ?? { accepted: [''], caseInsensitive: false };
    return (
      <>
        <TextField
          label={t('objectives.flags')}
          hint={t('objectives.flagsHint')}
          path={`${path}.flag.accepted`}
          issues={issues}
          multiline
          value={flag.accepted.join('\n')}
          onChange={(text) => onChange({ flag: { ...flag, accepted: text.split('\n') } })}
        />
        <CheckField
          label={t('objectives.caseInsensitive')}
          path={`${path}.flag.caseInsensitive`}
          issues={issues}
          checked={flag.caseInsensitive}
          onChange={(caseInsensitive) => onChange({ flag: { ...flag, caseInsensitive } })}
        />
      </>
    );
  }

  const choices = objective.choices ?? [];
  const correct = objective.correctChoices ?? [];
  const single = objective.type === 'single_choice';
  const setCorrect = (id: string, on: boolean) =>
    onChange({
      correctChoices: single
        ? [id]
        : on
          ? [...correct.filter((other) => other !== id), id]
          : correct.filter((other) => other !== id),
    });
  const correctIssue = issueAt(issues, `${path}.correctChoices`);
  const choicesIssue = issues.find((issue) => issue.path === `${path}.choices`);
  return (
    <fieldset className={styles.group} data-path={`${path}.choices`} tabIndex={-1}>
      <legend className={styles.legend}>{t('objectives.choices')}</legend>
      {choicesIssue && <p className={formStyles.error}>{word(choicesIssue.message)}</p>}
      {correctIssue && (
        <p className={formStyles.error} data-path={`${path}.correctChoices`} tabIndex={-1}>
          {word(correctIssue.message)}
        </p>
      )}
      {choices.map((choice, c) => (
        <div key={c} className={styles.choice}>
          <div className={styles.choiceHead}>
            <label className={styles.check}>
              <input
                type={single ? 'radio' : 'checkbox'}
                name={`${objective.uuid}-correct`}
                checked={correct.includes(choice.id)}
                onChange={(event) => setCorrect(choice.id, event.target.checked)}
                aria-label={t('objectives.correctLabel', { id: choice.id })}
              />
              <span aria-hidden="true">{t('objectives.correct')}</span>
            </label>
            <code className={styles.choiceId}>{choice.id}</code>
            <Button
              variant="ghost"
              aria-label={t('objectives.removeChoice', { id: choice.id })}
              onClick={() =>
                onChange({
                  choices: choices.filter((_choice, other) => other !== c),
                  correctChoices: correct.filter((id) => id !== choice.id),
                })
              }
            >
              ×
            </Button>
          </div>
          <LocalizedField
            label={t('objectives.choiceText', { id: choice.id })}
            path={`${path}.choices[${c}].text`}
            issues={issues}
            value={choice.text}
            onChange={(text) =>
              onChange({
                choices: choices.map((other, o) => (o === c ? { ...other, text } : other)),
              })
            }
          />
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          onChange({
            choices: [...choices, { id: nextChoiceId(objective), text: { en: '', fr: '' } }],
          })
        }
      >
        {t('objectives.addChoice')}
      </Button>
    </fieldset>
  );
}
