import type { SupportContext } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { panelStyles } from '../../../components/ui/panel/panel';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useNow } from '../../../lib/use-now';
import { useSupportContext } from '../api/support-context';
import { useTimeFormat } from '../../../lib/use-time-format';
import { UnlockDialog } from './cockpit-objectives';
import { SupportContextHints } from './support-context-hints';
import styles from './support-context-panel.module.css';

/**
 * Beside a team's support thread, what its latest question is about: the objective it was asked
 * from, the team's state, attempts and wrong answers on it (as the submissions feed shows them),
 * how long since its first attempt, the objective's hints with the team's unlocks (and a hint to
 * give it for free); and, when the objective is still
 * locked by the content, opening it to every team. Nothing when no question names an objective.
 */
export function SupportContextPanel({
  sessionUuid,
  threadUuid,
}: {
  sessionUuid: string;
  threadUuid: string;
}) {
  const { t } = useTranslation('cockpit');
  const context = useSupportContext(sessionUuid, threadUuid);
  if (context.isPending) return <SectionLoading lines={2} />;
  if (context.isError)
    return <SectionError error={context.error} onRetry={() => void context.refetch()} />;
  if (!context.data) return <p className={panelStyles.muted}>{t('supportContext.none')}</p>;
  return (
    <ContextView
      sessionUuid={sessionUuid}
      context={context.data}
      fetchedAt={context.dataUpdatedAt}
    />
  );
}

function ContextView({
  sessionUuid,
  context,
  fetchedAt,
}: {
  sessionUuid: string;
  context: SupportContext;
  fetchedAt: number;
}) {
  const { t, i18n } = useTranslation(['cockpit', 'trainer']);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const id = useId();
  const time = useTimeFormat();
  const [unlocking, setUnlocking] = useState(false);
  const { objective } = context;
  const title = objective.title[lang];
  return (
    <section className={styles.context} aria-labelledby={id} data-testid="support-context">
      <h3 id={id} className={styles.heading}>
        {t('supportContext.title', { objective: title })}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('supportContext.points')}</dt>
          <dd>{t('supportContext.pointsValue', { count: objective.points })}</dd>
        </div>
        <div>
          <dt>{t('supportContext.state')}</dt>
          <dd data-state={context.state} className={styles.state}>
            {t(`supportContext.states.${context.state}`)}
          </dd>
        </div>
        <div>
          <dt>{t('supportContext.attempts')}</dt>
          <dd>
            {context.attemptsLeft === null
              ? t('supportContext.attemptsUnlimited', { count: context.attempts })
              : t('supportContext.attemptsLeft', {
                  count: context.attempts,
                  left: context.attemptsLeft,
                })}
          </dd>
        </div>
        <div>
          <dt>{t('supportContext.since')}</dt>
          <dd>
            <SinceFirstAttempt context={context} fetchedAt={fetchedAt} />
          </dd>
        </div>
      </dl>
      <h4 className={styles.subheading}>
        {t('supportContext.wrongAnswers', { count: context.wrongAnswers.length })}
      </h4>
      {context.wrongAnswers.length > 0 && (
        <ol className={`${panelStyles.log} ${styles.answers}`} tabIndex={0}>
          {context.wrongAnswers.map((row) => (
            <li key={row.id} className={panelStyles.logRow} data-testid="support-wrong-answer">
              <div className={panelStyles.logLine}>
                <strong>{row.pseudo}</strong>
                <code className={styles.answer}>{row.answer}</code>
                <time className={panelStyles.logTime} dateTime={row.createdAt}>
                  {time(row.createdAt)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
      <SupportContextHints sessionUuid={sessionUuid} context={context} />
      <div className={styles.actions}>
        {objective.locked && !objective.unlocked ? (
          <Button variant="secondary" onClick={() => setUnlocking(true)}>
            {t('supportContext.unlock')}
          </Button>
        ) : (
          <p className={panelStyles.muted}>
            {t(objective.unlocked ? 'supportContext.unlocked' : 'supportContext.neverLocked')}
          </p>
        )}
      </div>
      {unlocking && (
        <UnlockDialog
          sessionUuid={sessionUuid}
          objectiveUuid={objective.uuid}
          title={title}
          onClose={() => setUnlocking(false)}
        />
      )}
    </section>
  );
}

/**
 * How long the team has been on it, from its first answer: opening an objective is not recorded,
 * so the label says "since the first attempt" and nothing more.
 */
function SinceFirstAttempt({ context, fetchedAt }: { context: SupportContext; fetchedAt: number }) {
  const { t } = useTranslation('cockpit');
  const time = useTimeFormat();
  const now = useNow();
  if (!context.firstAttemptAt) return <>{t('supportContext.noAttempt')}</>;
  // The server's time when read, moved on by this browser's clock since.
  const serverNow = Date.parse(context.serverTime) + Math.max(0, now - fetchedAt);
  const until = context.solvedAt ? Date.parse(context.solvedAt) : serverNow;
  const minutes = Math.max(0, Math.floor((until - Date.parse(context.firstAttemptAt)) / 60_000));
  return (
    <>
      {t(context.solvedAt ? 'supportContext.solvedAfter' : 'supportContext.minutes', {
        count: minutes,
      })}{' '}
      <time dateTime={context.firstAttemptAt} className={panelStyles.muted}>
        {t('supportContext.firstAt', { time: time(context.firstAttemptAt) })}
      </time>
    </>
  );
}
