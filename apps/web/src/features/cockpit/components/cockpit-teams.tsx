import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { isClosedStatus, type CockpitTeam } from '@rampart/contracts';
import { TeamLogo } from '../../sessions';
import type { TrainerSessionView } from '../../trainer-sessions/api/trainer-sessions';
import { useEliminateTeam } from '../api/session-actions';
import { AdjustScoreDialog } from './cockpit-adjust';
import { PlayerFixButton, TeamFixButtons } from './cockpit-team-fixes';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import styles from './cockpit.module.css';

type Team = CockpitTeam;

/**
 * Every team, best ranked first (the cockpit's read model): logo, rank, score, progress, members
 * (online or not), and, while the game is on, the ways to adjust its score or eliminate it. The
 * players still without a team follow (the session's view).
 */
export function CockpitTeams({
  session,
  teams,
}: {
  session: TrainerSessionView;
  teams: readonly CockpitTeam[];
}) {
  const { t } = useTranslation(['trainer', 'cockpit']);
  const [eliminating, setEliminating] = useState<Team | null>(null);
  const [adjusting, setAdjusting] = useState<Team | null>(null);
  const live = session.status === 'running' || session.status === 'paused';
  const over = isClosedStatus(session.status);
  const canEliminate = !over && session.status !== 'lobby';
  return (
    <Panel id="cockpit-teams" title={t('teams.title', { count: teams.length })}>
      {teams.length === 0 ? (
        <p className={panelStyles.muted}>{t('teams.empty')}</p>
      ) : (
        <ol className={styles.teams}>
          {teams.map((team) => (
            <li
              key={team.uuid}
              className={`${panelStyles.card} ${styles.team}`}
              data-eliminated={team.eliminated}
              data-testid="cockpit-team"
            >
              <div className={styles.teamHead}>
                <span className={styles.rank} aria-label={t('teams.rank', { rank: team.rank })}>
                  #{team.rank}
                </span>
                <TeamLogo name={team.name} url={team.logoUrl} size={40} />
                <div className={styles.teamName}>
                  <strong>{team.name}</strong>
                  {team.eliminated && (
                    <span className={styles.eliminated}>{t('teams.eliminated')}</span>
                  )}
                </div>
                <span className={styles.score} data-testid="team-score">
                  {t('teams.score', { score: team.score })}
                </span>
              </div>
              {team.eliminationReason && (
                <p className={panelStyles.muted}>
                  {t('cockpit:teams.eliminatedBecause', { reason: team.eliminationReason })}
                </p>
              )}
              {team.total_objectives > 0 && (
                <div className={styles.progress}>
                  <progress
                    value={team.completed_objectives}
                    max={team.total_objectives}
                    aria-label={t('teams.progressLabel', { team: team.name })}
                  />
                  <span>
                    {t('teams.progress', {
                      done: team.completed_objectives,
                      total: team.total_objectives,
                    })}
                  </span>
                </div>
              )}
              <ul className={styles.members} aria-label={t('teams.members', { team: team.name })}>
                {team.members.map((member) => (
                  <li key={member.uuid} data-online={member.online}>
                    <span className={styles.dot} aria-hidden="true" />
                    {member.pseudo}
                    <span className="visually-hidden">
                      {member.online ? t('teams.online') : t('teams.offline')}
                    </span>
                    {!over && (
                      <PlayerFixButton
                        session={session}
                        teams={teams}
                        player={{ uuid: member.uuid, pseudo: member.pseudo, teamUuid: team.uuid }}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {!over && (
                <div className={styles.teamActions}>
                  {live && !team.eliminated && (
                    <Button variant="ghost" onClick={() => setAdjusting(team)}>
                      {t('cockpit:teams.adjust', { team: team.name })}
                    </Button>
                  )}
                  {canEliminate && !team.eliminated && (
                    <Button variant="ghost" onClick={() => setEliminating(team)}>
                      {t('eliminate.button', { team: team.name })}
                    </Button>
                  )}
                  <TeamFixButtons session={session} team={team} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {session.playersWithoutTeam.length > 0 &&
        (over ? (
          <p className={panelStyles.muted}>
            {t('teams.withoutTeam', {
              players: session.playersWithoutTeam.map((player) => player.pseudo).join(', '),
            })}
          </p>
        ) : (
          <div className={panelStyles.muted}>
            <p>{t('cockpit:fix.withoutTeam')}</p>
            <ul className={styles.members} data-testid="players-without-team">
              {session.playersWithoutTeam.map((player) => (
                <li key={player.uuid}>
                  {player.pseudo}
                  <PlayerFixButton
                    session={session}
                    teams={teams}
                    player={{ uuid: player.uuid, pseudo: player.pseudo, teamUuid: null }}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      {eliminating && (
        <EliminateDialog
          sessionUuid={session.uuid}
          team={eliminating}
          onClose={() => setEliminating(null)}
        />
      )}
      {adjusting && (
        <AdjustScoreDialog
          sessionUuid={session.uuid}
          team={adjusting}
          onClose={() => setAdjusting(null)}
        />
      )}
    </Panel>
  );
}

function EliminateDialog({
  sessionUuid,
  team,
  onClose,
}: {
  sessionUuid: string;
  team: Team;
  onClose: () => void;
}) {
  const { t } = useTranslation('trainer');
  const id = useId();
  const eliminate = useEliminateTeam(sessionUuid);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('eliminate.title', { team: team.name })}
      description={t('eliminate.description')}
      confirmText={t('eliminate.confirm')}
      danger
      pending={eliminate.isPending}
      error={eliminate.isError ? errorMessage(t, eliminate.error) : null}
      onConfirm={() => {
        if (reason.trim() === '') {
          setMissing(true);
          document.getElementById(id)?.focus();
          return;
        }
        eliminate.mutate(
          { team: team.uuid, reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(t('eliminate.done', { team: team.name }));
              onClose();
            },
          },
        );
      }}
    >
      <div className={form.field}>
        <label htmlFor={id} className={form.label}>
          {t('eliminate.reason')}
        </label>
        <textarea
          id={id}
          className={form.input}
          value={reason}
          maxLength={500}
          rows={3}
          required
          aria-invalid={missing || undefined}
          aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        <p id={`${id}-hint`} className={form.hint}>
          {t('eliminate.reasonHint')}
        </p>
        {missing && (
          <p id={`${id}-error`} className={form.error}>
            {t('eliminate.reasonRequired')}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
