import type { AnswerResult, PlayObjective } from '@rampart/contracts';
import { difficultyLabels, type Difficulty } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/ui/form/form.module.css';
import { Button } from '../../../components/ui/button/button';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { AnswerForm } from './answer-form';
import { ObjectiveHints } from './objective-hints';
import { SpeedrunNote } from './speedrun-note';
import { SupportDialog } from './support-dialog';
import type { ObjectivePlay } from '../lib/objective-play';
import styles from './objective-detail.module.css';

/**
 * The selected objective: what to find, the evidence, the team's attempts and the answer form.
 * In the challenge modal (`inDialog`) the dialog's own title names it.
 */
export function ObjectiveDetail({
  sessionUuid,
  objective,
  play,
  inDialog = false,
  eliminated = false,
  preview = false,
}: {
  sessionUuid: string;
  objective: PlayObjective | null;
  /** The game's mutations, or a preview's idle ones. */
  play: ObjectivePlay;
  inDialog?: boolean;
  /** Shown to a trainer in the content editor: no player, no game. */
  preview?: boolean;
  /** The team is eliminated: it may read the objective, no longer answer it. */
  eliminated?: boolean;
}) {
  const { t } = useTranslation(['game', 'content']);
  const titleId = useId();
  const follow = play.toggleFollow;
  // The last submission's outcome, for this objective: it stays once the form gives way to
  // "solved". The parent keys this component by objective, so it starts empty for each.
  const [result, setResult] = useState<AnswerResult | null>(null);
  const [asking, setAsking] = useState(false);
  if (!objective) return <p className={styles.hint}>{t('detail.none')}</p>;
  const facts = [
    // In the modal, the dialog's description says these three.
    ...(inDialog
      ? []
      : [
          t(`content:categories.${objective.category}`),
          t(`content:difficulty.levels.${difficultyLabels[objective.difficulty as Difficulty]}`),
          t('objective.points', { count: objective.points }),
        ]),
    ...(objective.firstBloodBonus > 0
      ? [
          objective.firstBloodTaken
            ? t('detail.firstBloodTaken')
            : t('detail.firstBlood', { count: objective.firstBloodBonus }),
        ]
      : []),
  ];
  return (
    <article
      className={styles.detail}
      {...(inDialog ? { 'aria-label': objective.title } : { 'aria-labelledby': titleId })}
    >
      <header className={styles.header}>
        {!inDialog && (
          <h2 id={titleId} className={styles.title}>
            {objective.title}
          </h2>
        )}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            aria-pressed={objective.followed}
            disabled={follow.isPending}
            onClick={() =>
              follow.mutate({ objective: objective.uuid, follow: !objective.followed })
            }
          >
            {objective.followed ? t('detail.unfollow') : t('detail.follow')}
          </Button>
          {!preview && (
            <Button variant="secondary" onClick={() => setAsking(true)}>
              {t('support.ask')}
            </Button>
          )}
        </div>
      </header>
      {!preview && (
        <SupportDialog
          open={asking}
          onOpenChange={setAsking}
          sessionUuid={sessionUuid}
          objective={{ uuid: objective.uuid, title: objective.title }}
        />
      )}
      {facts.length > 0 && (
        <ul className={styles.facts}>
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      )}
      {objective.speedrun && !objective.solved && (
        <SpeedrunNote points={objective.points} speedrun={objective.speedrun} />
      )}
      {objective.locked ? (
        <p className={styles.locked}>{t('detail.locked')}</p>
      ) : (
        <>
          <Markdown headingLevel={3}>{objective.description}</Markdown>
          {objective.files.length > 0 && (
            <ul className={styles.files} aria-label={t('detail.files')}>
              {objective.files.map((file) => (
                <li key={file.uuid}>
                  <a href={file.url} download={file.name}>
                    {file.name}
                  </a>{' '}
                  <span className={styles.size}>
                    {t('detail.size', { size: Math.ceil(file.size / 1024) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <ObjectiveHints
            unlock={play.unlockHint}
            objective={objective}
            canUnlock={!preview && !eliminated && !objective.solved && objective.attemptsLeft !== 0}
          />
          <div role="status" aria-live="polite">
            {result && (
              <p className={result.correct ? formStyles.ok : formStyles.error}>
                {result.result === 'answer.wrong' && result.points === 0
                  ? t('result.wrongFree')
                  : t(
                      `result.${result.result.replace('answer.', '') as 'correct' | 'wrong' | 'repeated'}`,
                      { count: Math.abs(result.points) },
                    )}
                {result.firstBlood && ` ${t('result.firstBlood')}`}
              </p>
            )}
          </div>
          {objective.solved ? (
            <p className={styles.solved}>{t('detail.solved')}</p>
          ) : eliminated ? (
            <p className={styles.locked}>{t('detail.eliminated')}</p>
          ) : objective.attemptsLeft === 0 ? (
            <p className={styles.locked}>{t('detail.closed')}</p>
          ) : (
            <AnswerForm
              submit={play.submitAnswer}
              objective={objective}
              onResult={setResult}
              preview={preview}
            />
          )}
        </>
      )}
    </article>
  );
}
