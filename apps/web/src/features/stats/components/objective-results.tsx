import { difficultyLabels, type Difficulty, type SessionStats } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { Panel } from '../../../components/ui/panel/panel';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { formatElapsed } from '../lib/team-lines';
import styles from './stats.module.css';
import tableStyles from '../../../components/ui/table/table.module.css';

type Objective = SessionStats['objectives'][number];

/**
 * Each objective with who solved it and when, its first blood, and its resolution: the correct
 * answer and the author's explanation, which the server sends only when the player may read them.
 * When it keeps them back, the panel says why, once, in plain words.
 */
export function ObjectiveResults({ stats }: { stats: SessionStats }) {
  const { t } = useTranslation('debrief');
  const hidden = stats.answersHiddenBecause;
  return (
    <Panel id="objectives-title" title={t('objectives.title')}>
      {hidden ? (
        <div className={styles.answersHidden} role="note">
          <p className={styles.answersHiddenTitle}>{t('objectives.hidden.title')}</p>
          <p>{t(`objectives.hidden.${hidden}`)}</p>
        </div>
      ) : (
        <p className={styles.muted}>{t('objectives.description')}</p>
      )}
      {stats.objectives.length === 0 ? (
        <p className={styles.muted}>{t('objectives.empty')}</p>
      ) : (
        <ol className={styles.objectives}>
          {stats.objectives.map((objective, index) => (
            <ObjectiveResult
              key={objective.uuid}
              number={index + 1}
              objective={objective}
              stats={stats}
            />
          ))}
        </ol>
      )}
    </Panel>
  );
}

function ObjectiveResult({
  number,
  objective,
  stats,
}: {
  /** Its place in the mission's order, from 1 (positions start at 0). */
  number: number;
  objective: Objective;
  stats: SessionStats;
}) {
  const { t } = useTranslation(['debrief', 'content', 'game']);
  const locale = useContentLocale();
  const teamName = new Map(stats.teams.map((team) => [team.uuid, team.name]));
  const startedAt = stats.session.startsAt ? Date.parse(stats.session.startsAt) : null;
  const elapsed = (at: string) =>
    formatElapsed(startedAt === null ? 0 : Date.parse(at) - startedAt);
  const title = objective.title[locale];
  const solvedBy = objective.teams.filter((team) => team.solved).length;
  const titleId = `objective-${objective.uuid}`;
  const mine = objective.teams.find((team) => team.teamUuid === stats.myTeamUuid);

  return (
    <li className={styles.objective} aria-labelledby={titleId}>
      <div className={styles.objectiveHead}>
        <h3 id={titleId} className={styles.objectiveTitle}>
          <span className={styles.position}>{number}.</span> {title}
        </h3>
        <ul className={styles.tags}>
          <li>{t(`content:categories.${objective.category}`)}</li>
          <li>
            {t(`content:difficulty.levels.${difficultyLabels[objective.difficulty as Difficulty]}`)}
          </li>
          <li>{t('game:objective.points', { count: objective.points })}</li>
          {objective.required && <li className={styles.required}>{t('objectives.required')}</li>}
          {mine?.solved && (
            <li className={styles.mineSolved}>
              <span aria-hidden="true">✓ </span>
              {t('ranking.yours')}
            </li>
          )}
        </ul>
      </div>
      {objective.firstBlood ? (
        <p className={styles.firstBlood}>
          {t('objectives.firstBlood', {
            team: teamName.get(objective.firstBlood.teamUuid) ?? '',
            time: elapsed(objective.firstBlood.at),
          })}
        </p>
      ) : (
        // An objective without a first blood bonus has no first blood, even once solved.
        solvedBy === 0 && <p className={styles.firstBlood}>{t('objectives.noFirstBlood')}</p>
      )}
      {objective.resolution ? (
        <ResolutionBox id={titleId} resolution={objective.resolution} />
      ) : (
        <p className={styles.muted}>{t('objectives.noResolution')}</p>
      )}
      <details className={styles.details}>
        <summary>
          {t('objectives.solvedCount', { count: solvedBy, total: stats.teams.length })}
        </summary>
        {objective.teams.length === 0 ? (
          <p className={styles.muted}>{t('objectives.noTeam')}</p>
        ) : (
          <div className={tableStyles.scroller}>
            <table className={`${tableStyles.table} ${tableStyles.tightOnPhone}`}>
              <caption className="visually-hidden">
                {t('objectives.teamsCaption', { title })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('objectives.team')}</th>
                  <th scope="col">{t('objectives.solved')}</th>
                  <th scope="col" className={tableStyles.number}>
                    {t('objectives.attempts')}
                  </th>
                  <th scope="col" className={tableStyles.number}>
                    {t('objectives.points')}
                  </th>
                  <th scope="col" className={tableStyles.number}>
                    {t('objectives.hints')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {objective.teams.map((result) => (
                  <tr
                    key={result.teamUuid}
                    data-mine={result.teamUuid === stats.myTeamUuid || undefined}
                  >
                    <th scope="row">{teamName.get(result.teamUuid) ?? ''}</th>
                    <td>
                      {result.solved && result.solvedAt ? (
                        <>
                          <span aria-hidden="true">✓ </span>
                          {result.solvedBy
                            ? t('objectives.solvedValue', {
                                time: elapsed(result.solvedAt),
                                by: result.solvedBy,
                              })
                            : t('objectives.solvedValueNoOne', { time: elapsed(result.solvedAt) })}
                        </>
                      ) : (
                        <span className={styles.muted}>{t('objectives.notSolved')}</span>
                      )}
                    </td>
                    <td className={tableStyles.number}>{result.attempts}</td>
                    <td className={tableStyles.number}>{result.points}</td>
                    <td className={tableStyles.number}>
                      {t('objectives.hintsValue', { count: result.hints, cost: result.hintCost })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </li>
  );
}

function ResolutionBox({
  id,
  resolution,
}: {
  /** Prefix of the ids that name its lists. */
  id: string;
  resolution: NonNullable<Objective['resolution']>;
}) {
  const { t } = useTranslation('debrief');
  const locale = useContentLocale();
  return (
    <div className={styles.resolution}>
      {resolution.flags && (
        <div>
          <p id={`${id}-answers`} className={styles.resolutionLabel}>
            {resolution.flags.length > 1 ? t('objectives.answers') : t('objectives.answer')}
          </p>
          <ul className={styles.flags} aria-labelledby={`${id}-answers`}>
            {resolution.flags.map((flag) => (
              <li key={flag}>
                <code>{flag}</code>
              </li>
            ))}
          </ul>
          {resolution.caseInsensitive !== null && (
            <p className={styles.muted}>
              {resolution.caseInsensitive
                ? t('objectives.caseInsensitive')
                : t('objectives.caseSensitive')}
            </p>
          )}
        </div>
      )}
      {resolution.choices && (
        <div>
          <p id={`${id}-choices`} className={styles.resolutionLabel}>
            {t('objectives.choices')}
          </p>
          <ul className={styles.choices} aria-labelledby={`${id}-choices`}>
            {resolution.choices.map((choice) => (
              <li key={choice.id} data-correct={choice.correct || undefined}>
                <span aria-hidden="true" className={styles.choiceMark}>
                  {choice.correct ? '✓' : '✗'}
                </span>
                <span>{choice.text[locale]}</span>
                <span className={styles.choiceVerdict}>
                  {choice.correct ? t('objectives.correct') : t('objectives.wrong')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {resolution.explanation && (
        <div>
          <p className={styles.resolutionLabel}>{t('objectives.explanation')}</p>
          <Markdown headingLevel={4}>{resolution.explanation[locale]}</Markdown>
        </div>
      )}
    </div>
  );
}
