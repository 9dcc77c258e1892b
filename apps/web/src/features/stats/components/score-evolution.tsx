import type { ScoreEvolution } from '@rampart/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Panel } from '../../../components/ui/panel/panel';
import { scoreSeries, type ScoreSeries } from '../lib/score-series';
import { formatElapsed, type TeamLine } from '../lib/team-lines';
import { ScoreChart } from './score-chart';
import styles from './score-evolution.module.css';
import { TeamLineSample } from './team-line-sample';
import tableStyles from '../../../components/ui/table/table.module.css';

interface ScoreEvolutionProps {
  evolution: ScoreEvolution;
  /** Teams in ranking order. */
  teams: { uuid: string; name: string }[];
  lines: Map<string, TeamLine>;
  myTeamUuid: string | null;
}

/** Each team's score over the session: the chart, its legend, and the same figures as a table. */
export function ScoreEvolutionPanel({ evolution, teams, lines, myTeamUuid }: ScoreEvolutionProps) {
  const { t } = useTranslation('debrief');
  const [showTable, setShowTable] = useState(false);
  const series = useMemo(() => scoreSeries(evolution), [evolution]);
  const teamNames = useMemo(() => new Map(teams.map((team) => [team.uuid, team.name])), [teams]);
  const tableId = 'score-evolution-table';
  const scored = series.teams.some((team) => team.changes.some(Boolean));

  return (
    <Panel
      id="evolution-title"
      title={t('evolution.title')}
      actions={
        scored && (
          <Button
            variant="secondary"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? t('evolution.hideTable') : t('evolution.showTable')}
          </Button>
        )
      }
    >
      {!scored ? (
        <p className={styles.muted}>{t('evolution.empty')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('evolution.description')}</p>
          <ScoreChart series={series} lines={lines} teamNames={teamNames} />
          <ul className={styles.legend} aria-label={t('evolution.legend')}>
            {teams.map((team) => {
              const line = lines.get(team.uuid);
              if (!line) return null;
              return (
                <li
                  key={team.uuid}
                  className={styles.legendItem}
                  data-mine={line.mine || undefined}
                >
                  <TeamLineSample line={line} />
                  <span>{team.name}</span>
                  {team.uuid === myTeamUuid && (
                    <span className={styles.mineTag}>{t('ranking.yours')}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <div id={tableId} hidden={!showTable} className={styles.tableScroller}>
            {showTable && <ScoreTable series={series} teams={teams} myTeamUuid={myTeamUuid} />}
          </div>
        </>
      )}
    </Panel>
  );
}

/** The chart's figures for whoever cannot see it: a row per moment a score changed. */
function ScoreTable({
  series,
  teams,
  myTeamUuid,
}: {
  series: ScoreSeries;
  teams: { uuid: string; name: string }[];
  myTeamUuid: string | null;
}) {
  const { t } = useTranslation('debrief');
  const byTeam = new Map(series.teams.map((team) => [team.teamUuid, team]));
  const columns = teams.filter((team) => byTeam.has(team.uuid));
  const rows = series.times
    .map((time, index) => ({ time, index }))
    .filter(({ index }) => index === 0 || columns.some((c) => byTeam.get(c.uuid)!.changes[index]));
  return (
    <table className={`${tableStyles.table} ${tableStyles.stickyHead} ${styles.evolution}`}>
      <caption className="visually-hidden">{t('evolution.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('evolution.time')}</th>
          {columns.map((team) => (
            <th key={team.uuid} scope="col" className={tableStyles.number}>
              {team.name}
              {team.uuid === myTeamUuid && (
                <span className="visually-hidden"> ({t('ranking.yours')})</span>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ time, index }) => (
          <tr key={time}>
            <th scope="row">{formatElapsed(time)}</th>
            {columns.map((team) => {
              const line = byTeam.get(team.uuid)!;
              return (
                <td
                  key={team.uuid}
                  className={tableStyles.number}
                  data-changed={line.changes[index] || undefined}
                >
                  {line.scores[index]}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
