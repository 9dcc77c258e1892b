import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { isEndedStatus } from '@rampart/contracts';
import { TeamLogo } from '../../sessions';
import { useEliminateTeam, type TrainerSessionView } from '../api/trainer-sessions';
import { ConfirmDialog } from './confirm-dialog';
import styles from './cockpit.module.css';

type Team = TrainerSessionView['teams'][number];

/**
 * Every team, best ranked first: logo, rank, score, progress, members (online or not), and the
 * way to eliminate it while the session is on. The players still without a team follow. (The
 * players' ranking route is not the trainers': a trainer's call there is a 401, which would log
 * the page out; progress comes from the cockpit's own read model.)
 */
export function CockpitTeams({
  session,
  solved = new Map<string, number>(),
}: {
  session: TrainerSessionView;
  /** Objectives solved by each team, from the cockpit's grid; progress shows once it is known. */
  solved?: ReadonlyMap<string, number>;
}) {
  const { t } = useTranslation('trainer');
  const [eliminating, setEliminating] = useState<Team | null>(null);
  const canEliminate = !isEndedStatus(session.status) && session.status !== 'lobby';
  return (
    <section className={styles.panel} aria-labelledby="cockpit-teams">
      <h2 id="cockpit-teams" className={styles.panelTitle}>
        {t('teams.title', { count: session.teams.length })}
      </h2>
      {session.teams.length === 0 ? (
        <p className={styles.muted}>{t('teams.empty')}</p>
      ) : (
        <ol className={styles.teams}>
          {session.teams.map((team) => {
            const done = solved.get(team.uuid);
            return (
              <li
                key={team.uuid}
                className={styles.team}
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
                  <span className={styles.score}>{t('teams.score', { score: team.score })}</span>
                </div>
                {done !== undefined && session.total_objectives > 0 && (
                  <div className={styles.progress}>
                    <progress
                      value={done}
                      max={session.total_objectives}
                      aria-label={t('teams.progressLabel', { team: team.name })}
                    />
                    <span>{t('teams.progress', { done, total: session.total_objectives })}</span>
                  </div>
                )}
                <ul className={styles.members} aria-label={t('teams.members', { team: team.name })}>
                  {team.members.map((member) => (
                    <li key={member.pseudo} data-online={member.online}>
                      <span className={styles.dot} aria-hidden="true" />
                      {member.pseudo}
                      <span className="visually-hidden">
                        {member.online ? t('teams.online') : t('teams.offline')}
                      </span>
                    </li>
                  ))}
                </ul>
                {canEliminate && !team.eliminated && (
                  <div className={styles.teamActions}>
                    <Button variant="ghost" onClick={() => setEliminating(team)}>
                      {t('eliminate.button', { team: team.name })}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {session.playersWithoutTeam.length > 0 && (
        <p className={styles.muted}>
          {t('teams.withoutTeam', {
            players: session.playersWithoutTeam.map((player) => player.pseudo).join(', '),
          })}
        </p>
      )}
      {eliminating && (
        <EliminateDialog
          sessionUuid={session.uuid}
          team={eliminating}
          onClose={() => setEliminating(null)}
        />
      )}
    </section>
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
