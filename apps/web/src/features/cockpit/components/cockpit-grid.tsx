import type { Cockpit, CockpitCell, CockpitObjective } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { TeamLogo } from '../../sessions';
import { useTimeFormat } from '../../../lib/use-time-format';
import styles from './cockpit-grid.module.css';

/**
 * The grid of objectives × teams: for each team, whether it solved each objective (when, by whom)
 * or how many attempts and wrong answers it spent on it. Every state is said in words, not only
 * by colour; the header row and the objectives' column stay in view while the table scrolls.
 */
export function CockpitGrid({ cockpit }: { cockpit: Cockpit }) {
  const { t } = useTranslation(['cockpit', 'trainer']);
  const cells = new Map(
    cockpit.cells.map((cell) => [`${cell.objectiveUuid} ${cell.teamUuid}`, cell]),
  );
  return (
    <Panel id="cockpit-grid" title={t('grid.title')} testId="cockpit-grid">
      {cockpit.teams.length === 0 || cockpit.objectives.length === 0 ? (
        <p className={panelStyles.muted}>{t('grid.empty')}</p>
      ) : (
        // Focusable so a keyboard can scroll it sideways on a phone.
        <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby="cockpit-grid">
          <table className={styles.grid}>
            <caption className="visually-hidden">{t('grid.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('grid.objective')}</th>
                {cockpit.teams.map((team) => (
                  <th key={team.uuid} scope="col">
                    <span className={styles.team}>
                      <TeamLogo name={team.name} url={team.logoUrl} size={24} />
                      {team.name}
                    </span>
                    {team.eliminated && (
                      <span className={styles.facts}>{t('trainer:teams.eliminated')}</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cockpit.objectives.map((objective) => (
                <tr key={objective.uuid}>
                  <ObjectiveHeader objective={objective} cockpit={cockpit} />
                  {cockpit.teams.map((team) => (
                    <GridCell key={team.uuid} cell={cells.get(`${objective.uuid} ${team.uuid}`)} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function ObjectiveHeader({
  objective,
  cockpit,
}: {
  objective: CockpitObjective;
  cockpit: Cockpit;
}) {
  const { t, i18n } = useTranslation(['cockpit', 'content']);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const firstBlood = cockpit.teams.find((team) => team.uuid === objective.firstBlood?.teamUuid);
  return (
    <th scope="row">
      <span className={styles.objectiveTitle}>{objective.title[lang]}</span>
      <span className={styles.facts}>
        {t('grid.facts', {
          type: t(`content:objectiveTypes.${objective.type}`),
          points: t('grid.points', { count: objective.points }),
        })}
      </span>
      {firstBlood && (
        <span className={styles.marker} data-kind="first-blood">
          {t('grid.firstBlood', { team: firstBlood.name })}
        </span>
      )}
      {objective.speedrun && (
        <span className={styles.marker} data-kind="speedrun">
          {objective.speedrun.running
            ? t('grid.speedrunRunning', { title: objective.speedrun.title })
            : t('grid.speedrunDone', { title: objective.speedrun.title })}
        </span>
      )}
    </th>
  );
}

/** The hints a team unlocked on the objective and what they paid, when it has any. */
function HintsLine({ cell }: { cell: CockpitCell }) {
  const { t } = useTranslation('cockpit');
  if (cell.hints === 0) return null;
  return (
    <span className={styles.detail} data-kind="hints">
      {t('grid.hints', { count: cell.hints, cost: cell.hintCost })}
    </span>
  );
}

function GridCell({ cell }: { cell: CockpitCell | undefined }) {
  const { t } = useTranslation('cockpit');
  const time = useTimeFormat();
  if (cell?.solved)
    return (
      <td data-state="solved">
        <strong>{t('grid.solved')}</strong>
        <span className={styles.detail}>
          {t('grid.solvedBy', {
            time: cell.solvedAt ? time(cell.solvedAt) : '',
            pseudo: cell.solvedBy ?? '?',
          })}
        </span>
        {cell.wrongAnswers > 0 && (
          <span className={styles.detail}>{t('grid.wrong', { count: cell.wrongAnswers })}</span>
        )}
        <HintsLine cell={cell} />
      </td>
    );
  if (!cell || (cell.attempts === 0 && cell.wrongAnswers === 0 && cell.hints === 0))
    return (
      <td data-state="none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('grid.none')}</span>
      </td>
    );
  return (
    <td data-state="trying">
      <span>{t('grid.attempts', { count: cell.attempts })}</span>
      <span className={styles.detail}>{t('grid.wrong', { count: cell.wrongAnswers })}</span>
      <HintsLine cell={cell} />
    </td>
  );
}
