import {
  answerLimits,
  penaltyPoints,
  type AnswerResult,
  type PlayObjective,
} from '@rampart/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { generateId } from '../../../lib/random-id';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import type { ObjectivePlay } from '../lib/objective-play';
import styles from './answer-form.module.css';

/**
 * The answer form, fitted to the objective's type: a flag field, a radio group, or checkboxes
 * with the number to tick. Says what a wrong answer costs before it is sent, and what happened
 * after. An answer keeps one client id until it is answered: sending it again after a failure
 * (its acknowledgement lost) can never count it twice.
 */
export function AnswerForm({
  submit,
  objective,
  onResult,
  preview = false,
}: {
  submit: ObjectivePlay['submitAnswer'];
  objective: PlayObjective;
  /** A trainer's preview: nobody plays, so the objective's own penalty is shown. */
  preview?: boolean;
  /** What a submission did: shown by the detail, which outlives the form once solved. */
  onResult: (result: AnswerResult | null) => void;
}) {
  const { t } = useTranslation(['game', 'errors']);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // The penalty the server charges this player: a penalty-shield avatar lowers it.
  const player = useCurrentUser('player', { enabled: !preview });
  const penalty = penaltyPoints(objective.penalty, preview ? undefined : player?.avatarId);
  const [flag, setFlag] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const clientId = useRef<string | null>(null);
  const multiple = objective.type === 'multiple_choice';
  const ready =
    objective.type === 'flag'
      ? flag.trim() !== ''
      : multiple
        ? picked.length === objective.expectedAnswers
        : picked.length === 1;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || submit.isPending) return;
    const answer = objective.type === 'flag' ? flag : multiple ? picked : picked[0]!;
    onResult(null);
    clientId.current ??= generateId();
    // Told through the promise rather than `mutate`'s callbacks: a correct answer closes the
    // objective in the cache at once, which unmounts this form before such a callback would run,
    // and the result belongs to the objective's detail, which stays.
    submit.mutateAsync({ objective: objective.uuid, answer, clientId: clientId.current }).then(
      (outcome) => {
        clientId.current = null;
        onResult(outcome);
        if (!outcome.correct) field.current?.select();
      },
      // The form shows the error from the mutation's state.
      () => undefined,
    );
  };

  const toggle = (choice: string) => {
    // Another answer is another submission.
    clientId.current = null;
    setPicked((current) =>
      multiple
        ? current.includes(choice)
          ? current.filter((c) => c !== choice)
          : [...current, choice]
        : [choice],
    );
  };

  return (
    <form
      className={formStyles.form}
      onSubmit={handleSubmit}
      noValidate
      aria-describedby={`${id}-cost`}
    >
      {objective.type === 'flag' ? (
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-flag`}>
            {t('answer.flag')}
          </label>
          <input
            ref={field}
            id={`${id}-flag`}
            className={`${formStyles.input} ${styles.flag}`}
            value={flag}
            maxLength={answerLimits.flagLength}
            onChange={(event) => {
              clientId.current = null;
              setFlag(event.target.value);
            }}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      ) : (
        <fieldset className={styles.choices}>
          <legend className={formStyles.label}>
            {multiple
              ? t('answer.pick', { count: objective.expectedAnswers })
              : t('answer.pickOne')}
          </legend>
          {objective.choices.map((choice) => (
            <label key={choice.id} className={styles.choice}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`${id}-choice`}
                value={choice.id}
                checked={picked.includes(choice.id)}
                onChange={() => toggle(choice.id)}
              />
              <span>{choice.text}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p id={`${id}-cost`} className={formStyles.hint}>
        {[
          objective.attemptsLeft === null
            ? t('answer.unlimited')
            : t('answer.attemptsLeft', { count: objective.attemptsLeft }),
          penalty > 0 ? t('answer.penalty', { count: penalty }) : t('answer.noPenalty'),
        ].join(' · ')}
      </p>
      {submit.isError && (
        <p className={formStyles.error} role="alert">
          {errorMessage(t, submit.error, 'session')}
        </p>
      )}
      <div className={formStyles.actions}>
        <Button type="submit" disabled={!ready || submit.isPending}>
          {submit.isPending ? t('answer.sending') : t('answer.submit')}
        </Button>
      </div>
    </form>
  );
}
