import type { Cockpit, Submission } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import type { SubmissionsFeed } from '../hooks/use-submissions-feed';
import { useTimeFormat } from '../../../lib/use-time-format';
import styles from './cockpit-feed.module.css';

/**
 * Every answer of the session, newest first, wrong ones with their text: trainers read them to
 * help a stuck team (players never see another's answers). Filters by team and to wrong answers
 * only; live rows arrive on top. Only their count is announced: reading every answer aloud
 * would drown a screen reader during a busy game.
 */
export function CockpitFeed({ feed, cockpit }: { feed: SubmissionsFeed; cockpit?: Cockpit }) {
  const { t } = useTranslation('cockpit');
  const id = useId();
  const [team, setTeam] = useState('');
  const [wrongOnly, setWrongOnly] = useState(false);
  const shown = feed.rows.filter(
    (row) => (team === '' || row.teamUuid === team) && !(wrongOnly && row.correct),
  );
  return (
    <Panel id="cockpit-feed" title={t('feed.title')} testId="cockpit-feed">
      <div className={styles.filters}>
        <div className={form.field}>
          <label htmlFor={`${id}-team`} className={form.label}>
            {t('feed.team')}
          </label>
          <select
            id={`${id}-team`}
            className={form.input}
            value={team}
            onChange={(event) => setTeam(event.target.value)}
          >
            <option value="">{t('feed.allTeams')}</option>
            {cockpit?.teams.map((option) => (
              <option key={option.uuid} value={option.uuid}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={wrongOnly}
            onChange={(event) => setWrongOnly(event.target.checked)}
          />
          {t('feed.wrongOnly')}
        </label>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {feed.arrived > 0 ? t('feed.arrived', { count: feed.arrived }) : ''}
      </p>
      {feed.status === 'pending' ? (
        <SectionLoading lines={4} />
      ) : feed.status === 'error' ? (
        <SectionError error={feed.error} onRetry={feed.reload} />
      ) : shown.length === 0 ? (
        <p className={panelStyles.muted}>
          {t(feed.rows.length === 0 ? 'feed.empty' : 'feed.noMatch')}
        </p>
      ) : (
        // The list scrolls on its own: a keyboard must reach it to scroll it.
        <ol className={panelStyles.log} tabIndex={0} aria-label={t('feed.title')}>
          {shown.map((row) => (
            <FeedRow key={row.id} row={row} cockpit={cockpit} />
          ))}
        </ol>
      )}
      {feed.status === 'ready' && feed.olderBefore !== null && (
        <Button variant="secondary" onClick={feed.loadOlder} disabled={feed.loadingOlder}>
          {t('feed.older')}
        </Button>
      )}
    </Panel>
  );
}

function FeedRow({ row, cockpit }: { row: Submission; cockpit?: Cockpit }) {
  const { t, i18n } = useTranslation('cockpit');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const time = useTimeFormat();
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  const team = cockpit?.teams.find((candidate) => candidate.uuid === row.teamUuid);
  const objective = cockpit?.objectives.find((candidate) => candidate.uuid === row.objectiveUuid);
  return (
    <li className={panelStyles.logRow} data-correct={row.correct} data-testid="feed-row">
      <div className={panelStyles.logLine}>
        <strong>{row.pseudo}</strong>
        <span className={panelStyles.muted}>{team?.name ?? t('feed.unknownTeam')}</span>
        <time className={panelStyles.logTime} dateTime={row.createdAt}>
          {time(row.createdAt)}
        </time>
      </div>
      <div className={panelStyles.logLine}>
        <span className={panelStyles.muted}>
          {objective?.title[lang] ?? t('feed.unknownObjective')}
        </span>
        {row.correct ? (
          <span className={styles.verdict} data-correct="true">
            {t('feed.correct')}
          </span>
        ) : (
          <>
            <span className={styles.verdict} data-correct="false">
              {t('feed.wrong')}
            </span>
            <code className={styles.answer}>{row.answer}</code>
          </>
        )}
        {row.correct && objective?.firstBlood?.teamUuid === row.teamUuid && (
          <span className={styles.verdict}>{t('feed.firstBlood')}</span>
        )}
        {row.points !== 0 && (
          <span className={styles.points}>
            {t('feed.points', { points: signed.format(row.points) })}
          </span>
        )}
      </div>
    </li>
  );
}
