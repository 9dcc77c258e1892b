import {
  surveyLimits,
  surveyRatings,
  type SurveyRating,
  type SurveyResponse,
} from '@rampart/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { useAnswerSurvey } from '../api/survey';
import { RatingFace } from './rating-face';
import styles from './survey-form.module.css';

interface SurveyFormProps {
  sessionUuid: string;
  /** The player's previous answer, to change (null: first answer). */
  previous: SurveyResponse | null;
  /** Where "later" leads, and where an answer sent leads. */
  statsPath: string;
  onAnswered: () => void;
}

/** Five levels, an optional comment, "send" or "later". */
export function SurveyForm({ sessionUuid, previous, statsPath, onAnswered }: SurveyFormProps) {
  const { t } = useTranslation(['debrief', 'errors']);
  const id = useId();
  const [rating, setRating] = useState<SurveyRating | null>(previous?.rating ?? null);
  const [comment, setComment] = useState(previous?.comment ?? '');
  const [missingRating, setMissingRating] = useState(false);
  const answer = useAnswerSurvey(sessionUuid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setMissingRating(true);
      return;
    }
    const trimmed = comment.trim();
    answer.mutate({ rating, ...(trimmed ? { comment: trimmed } : {}) }, { onSuccess: onAnswered });
  };

  const levelsError = `${id}-levels-error`;
  const counter = `${id}-counter`;
  const hint = `${id}-hint`;
  return (
    <form className={`${formStyles.form} ${formStyles.wide}`} onSubmit={submit} noValidate>
      <fieldset
        className={styles.levels}
        aria-describedby={missingRating ? levelsError : undefined}
        aria-invalid={missingRating || undefined}
      >
        <legend className={styles.legend}>{t('survey.question')}</legend>
        {surveyRatings.map((level) => (
          <label key={level} className={styles.level}>
            <input
              className={styles.radio}
              type="radio"
              name="rating"
              value={level}
              checked={rating === level}
              onChange={() => {
                setRating(level);
                setMissingRating(false);
              }}
            />
            <span className={styles.check} aria-hidden="true">
              ✓
            </span>
            <RatingFace rating={level} />
            <span className={styles.label}>{t(`survey.ratings.${level}`)}</span>
          </label>
        ))}
      </fieldset>
      {missingRating && (
        <p id={levelsError} className={formStyles.error} role="alert">
          {t('survey.pickOne')}
        </p>
      )}
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${id}-comment`}>
          {t('survey.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className={`${formStyles.input} ${styles.textarea}`}
          value={comment}
          maxLength={surveyLimits.commentLength}
          aria-describedby={`${hint} ${counter}`}
          onChange={(event) => setComment(event.target.value)}
        />
        <p id={hint} className={formStyles.hint}>
          {t('survey.commentHint')}
        </p>
        <p id={counter} className={styles.counter}>
          {t('survey.counter', { count: comment.length, max: surveyLimits.commentLength })}
        </p>
      </div>
      {answer.isError && (
        <p className={formStyles.formError} role="alert">
          {errorMessage(t, answer.error)}
        </p>
      )}
      <div className={formStyles.actions}>
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending
            ? t('survey.sending')
            : previous
              ? t('survey.update')
              : t('survey.submit')}
        </Button>
        <ButtonLink variant="ghost" to={statsPath}>
          {t('survey.later')}
        </ButtonLink>
      </div>
    </form>
  );
}
