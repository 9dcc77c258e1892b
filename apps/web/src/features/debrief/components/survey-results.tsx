import {
  surveyRatings,
  type SurveyDistribution,
  type surveyCommentSchema,
} from '@rampart/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { panelStyles } from '../../../components/ui/panel/panel';
import styles from './survey-results.module.css';

type SurveyComment = z.infer<typeof surveyCommentSchema>;

const usePercent = () => {
  const { i18n } = useTranslation();
  return useMemo(
    () => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }),
    [i18n.language],
  );
};

/**
 * How the answers spread over the five levels, best first: each level's words, a bar, its count
 * and share. The bar only repeats the numbers, so it is hidden from assistive technologies.
 */
export function SurveyDistributionBars({ distribution }: { distribution: SurveyDistribution }) {
  const { t } = useTranslation('trainerDebrief');
  const percent = usePercent();
  const { total, players } = distribution;
  if (total === 0) return <EmptyState title={t('survey.empty')} hint={t('survey.emptyHint')} />;
  return (
    <>
      <p className={styles.summary} data-testid="survey-summary">
        {t('survey.summary', {
          answers: t('survey.answers', { count: total }),
          rate: t('survey.rate', {
            count: players,
            rate: percent.format(players > 0 ? total / players : 1),
          }),
        })}
      </p>
      <ul className={styles.bars} aria-label={t('survey.distribution')}>
        {surveyRatings.map((rating) => {
          const count = distribution.counts[rating];
          const share = count / total;
          return (
            <li key={rating} className={styles.bar} data-rating={rating}>
              <span>{t(`survey.levels.${rating}`)}</span>
              <span className={styles.track} aria-hidden="true">
                <span className={styles.fill} style={{ inlineSize: `${share * 100}%` }} />
              </span>
              <span className={styles.count}>
                {t('survey.share', { count, percent: percent.format(share) })}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The comments, newest first, with their level and time; never their author. */
export function SurveyComments({ comments }: { comments: SurveyComment[] }) {
  const { t, i18n } = useTranslation('trainerDebrief');
  const headingId = useId();
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  return (
    <section className={styles.commentsSection} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        {t('survey.comments')}
      </h3>
      <p className={panelStyles.muted}>{t('survey.anonymous')}</p>
      {comments.length === 0 ? (
        <p className={panelStyles.muted}>{t('survey.noComment')}</p>
      ) : (
        <ul className={styles.comments}>
          {comments.map((comment) => (
            <li
              key={`${comment.sessionUuid}-${comment.updatedAt}-${comment.comment}`}
              className={styles.comment}
            >
              <div className={styles.commentHead}>
                <strong>{t(`survey.levels.${comment.rating}`)}</strong>
                <time dateTime={comment.updatedAt}>{date.format(new Date(comment.updatedAt))}</time>
              </div>
              <p className={styles.commentText}>{comment.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
