import type { Cockpit } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { useTimeFormat } from '../../../lib/use-time-format';
import feedStyles from './cockpit-feed.module.css';

/**
 * Every hint unlocked in the session, newest first: which team, who, on which objective, and the
 * price it paid (or the trainer who gave it). Read live from the cockpit's model, which a
 * `hint.unlocked` event refreshes.
 */
export function CockpitHints({ cockpit }: { cockpit: Cockpit }) {
  const { t, i18n } = useTranslation('cockpit');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const time = useTimeFormat();
  return (
    <Panel id="cockpit-hints" title={t('hints.title')} testId="cockpit-hints">
      {cockpit.hintUnlocks.length === 0 ? (
        <p className={panelStyles.muted}>{t('hints.empty')}</p>
      ) : (
        <ol className={panelStyles.log} tabIndex={0} aria-label={t('hints.title')}>
          {cockpit.hintUnlocks.map((row) => {
            const team = cockpit.teams.find((candidate) => candidate.uuid === row.teamUuid);
            const objective = cockpit.objectives.find(
              (candidate) => candidate.uuid === row.objectiveUuid,
            );
            return (
              <li
                key={`${row.teamUuid}:${row.hintUuid}`}
                className={panelStyles.logRow}
                data-testid="hint-row"
              >
                <div className={panelStyles.logLine}>
                  <strong>{team?.name ?? t('hints.unknownTeam')}</strong>
                  <span className={panelStyles.muted}>{row.free ? '' : row.pseudo}</span>
                  <time className={panelStyles.logTime} dateTime={row.unlockedAt}>
                    {time(row.unlockedAt)}
                  </time>
                </div>
                <div className={panelStyles.logLine}>
                  <span className={panelStyles.muted}>
                    {objective?.title[lang] ?? t('hints.unknownObjective')}
                  </span>
                  <span className={feedStyles.verdict}>
                    {t('hints.hint', { position: row.position })}
                  </span>
                  <span className={feedStyles.points}>
                    {row.free
                      ? t('hints.given', { pseudo: row.pseudo })
                      : t('hints.paid', { cost: row.cost })}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
