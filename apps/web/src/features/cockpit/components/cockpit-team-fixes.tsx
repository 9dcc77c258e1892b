import type { CockpitTeam } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import {
  useDissolveTeam,
  useMovePlayer,
  useReinstateTeam,
  useRemovePlayer,
} from '../api/session-changes';
import type { TrainerSessionView } from '../../trainer-sessions/api/trainer-sessions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import styles from './cockpit.module.css';

export interface FixablePlayer {
  uuid: string;
  pseudo: string;
  /** The team they are in, `null` without one. */
  teamUuid: string | null;
}

/**
 * A player's fixes: move them to another team (one with room, not eliminated) or remove them
 * from the session. The points they helped earn stay with their team either way.
 */
export function PlayerFixButton({
  session,
  teams,
  player,
}: {
  session: TrainerSessionView;
  teams: readonly CockpitTeam[];
  player: FixablePlayer;
}) {
  const { t } = useTranslation('cockpit');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className={styles.memberFix}
        onClick={() => setOpen(true)}
        aria-label={t('fix.player.button', { pseudo: player.pseudo })}
        data-testid="player-fix"
      >
        {t('fix.player.short')}
      </Button>
      {open && (
        <PlayerFixDialog
          session={session}
          teams={teams}
          player={player}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function PlayerFixDialog({
  session,
  teams,
  player,
  onClose,
}: {
  session: TrainerSessionView;
  teams: readonly CockpitTeam[];
  player: FixablePlayer;
  onClose: () => void;
}) {
  const { t } = useTranslation('cockpit');
  const id = useId();
  const move = useMovePlayer(session.uuid);
  const remove = useRemovePlayer(session.uuid);
  const [removing, setRemoving] = useState(false);
  const targets = teams.filter((team) => team.uuid !== player.teamUuid && !team.eliminated);
  const roomIn = (team: CockpitTeam) => team.members.length < session.playersPerTeam;
  const [target, setTarget] = useState(targets.find(roomIn)?.uuid ?? '');
  const close = (open: boolean) => !open && onClose();
  if (removing)
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={t('fix.remove.title', { pseudo: player.pseudo })}
        description={t('fix.remove.description')}
        confirmText={t('fix.remove.confirm')}
        danger
        pending={remove.isPending}
        error={remove.isError ? errorMessage(t, remove.error) : null}
        onConfirm={() =>
          remove.mutate(player.uuid, {
            onSuccess: () => {
              toast.success(t('fix.remove.done', { pseudo: player.pseudo }));
              onClose();
            },
          })
        }
      />
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={close}
      title={t('fix.move.title', { pseudo: player.pseudo })}
      description={t('fix.move.description')}
      confirmText={t('fix.move.confirm')}
      pending={move.isPending || target === ''}
      error={move.isError ? errorMessage(t, move.error) : null}
      onConfirm={() =>
        move.mutate(
          { player: player.uuid, teamUuid: target },
          {
            onSuccess: () => {
              const team = teams.find((candidate) => candidate.uuid === target)?.name ?? '';
              toast.success(t('fix.move.done', { pseudo: player.pseudo, team }));
              onClose();
            },
          },
        )
      }
    >
      {targets.length === 0 ? (
        <p className={form.hint}>{t('fix.move.noTeam')}</p>
      ) : (
        <div className={form.field}>
          <label htmlFor={id} className={form.label}>
            {t('fix.move.to')}
          </label>
          <select
            id={id}
            className={form.input}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            {targets.map((team) => (
              <option key={team.uuid} value={team.uuid} disabled={!roomIn(team)}>
                {roomIn(team)
                  ? t('fix.move.option', {
                      team: team.name,
                      count: team.members.length,
                      max: session.playersPerTeam,
                    })
                  : t('fix.move.optionFull', { team: team.name })}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button variant="danger" onClick={() => setRemoving(true)} data-testid="player-remove">
        {t('fix.remove.button', { pseudo: player.pseudo })}
      </Button>
    </ConfirmDialog>
  );
}

/** A team's fixes: dissolve it (its members stay in the session), or reinstate it. */
export function TeamFixButtons({
  session,
  team,
}: {
  session: TrainerSessionView;
  team: CockpitTeam;
}) {
  const { t } = useTranslation('cockpit');
  const [asked, setAsked] = useState<'dissolve' | 'reinstate' | null>(null);
  return (
    <>
      {team.eliminated ? (
        <Button variant="ghost" onClick={() => setAsked('reinstate')}>
          {t('fix.reinstate.button', { team: team.name })}
        </Button>
      ) : (
        <Button variant="ghost" onClick={() => setAsked('dissolve')}>
          {t('fix.dissolve.button', { team: team.name })}
        </Button>
      )}
      {asked === 'dissolve' && (
        <DissolveDialog session={session} team={team} onClose={() => setAsked(null)} />
      )}
      {asked === 'reinstate' && (
        <ReinstateDialog session={session} team={team} onClose={() => setAsked(null)} />
      )}
    </>
  );
}

function DissolveDialog({
  session,
  team,
  onClose,
}: {
  session: TrainerSessionView;
  team: CockpitTeam;
  onClose: () => void;
}) {
  const { t } = useTranslation('cockpit');
  const id = useId();
  const dissolve = useDissolveTeam(session.uuid);
  const [reason, setReason] = useState('');
  const beforePlay = session.status === 'lobby' || session.status === 'countdown';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('fix.dissolve.title', { team: team.name })}
      description={t(beforePlay ? 'fix.dissolve.beforePlay' : 'fix.dissolve.inPlay')}
      confirmText={t('fix.dissolve.confirm')}
      danger
      pending={dissolve.isPending}
      error={dissolve.isError ? errorMessage(t, dissolve.error) : null}
      onConfirm={() =>
        dissolve.mutate(
          { team: team.uuid, ...(reason.trim() ? { reason: reason.trim() } : {}) },
          {
            onSuccess: () => {
              toast.success(t('fix.dissolve.done', { team: team.name }));
              onClose();
            },
          },
        )
      }
    >
      {!beforePlay && (
        <div className={form.field}>
          <label htmlFor={id} className={form.label}>
            {t('fix.dissolve.reason')}
          </label>
          <textarea
            id={id}
            className={form.input}
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}

function ReinstateDialog({
  session,
  team,
  onClose,
}: {
  session: TrainerSessionView;
  team: CockpitTeam;
  onClose: () => void;
}) {
  const { t } = useTranslation('cockpit');
  const reinstate = useReinstateTeam(session.uuid);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('fix.reinstate.title', { team: team.name })}
      description={t('fix.reinstate.description')}
      confirmText={t('fix.reinstate.confirm')}
      pending={reinstate.isPending}
      error={reinstate.isError ? errorMessage(t, reinstate.error) : null}
      onConfirm={() =>
        reinstate.mutate(team.uuid, {
          onSuccess: () => {
            toast.success(t('fix.reinstate.done', { team: team.name }));
            onClose();
          },
        })
      }
    />
  );
}
