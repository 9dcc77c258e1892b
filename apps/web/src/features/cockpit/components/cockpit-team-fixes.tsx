import type { CockpitTeam } from '@rampart/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
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
 * The confirmation of one fix: sends `input` through the fix's mutation, then says `done` and
 * closes; a refusal stays in the dialog. Children are the fields the fix needs.
 */
function FixDialog<Input>({
  mutation,
  input,
  done,
  onClose,
  blocked = false,
  ...dialog
}: {
  mutation: UseMutationResult<unknown, Error, Input>;
  input: Input;
  done: () => string;
  onClose: () => void;
  /** The confirmation is not possible yet (nothing chosen). */
  blocked?: boolean;
  title: string;
  description: string;
  confirmText: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('cockpit');
  return (
    <ConfirmDialog
      {...dialog}
      open
      onOpenChange={(open) => !open && onClose()}
      pending={mutation.isPending || blocked}
      error={mutation.isError ? errorMessage(t, mutation.error) : null}
      onConfirm={() =>
        mutation.mutate(input, {
          onSuccess: () => {
            toast.success(done());
            onClose();
          },
        })
      }
    />
  );
}

/** What each fix dialog is given. */
interface FixDialogProps {
  session: TrainerSessionView;
  team: CockpitTeam;
  onClose: () => void;
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
  if (removing)
    return (
      <FixDialog
        mutation={remove}
        input={player.uuid}
        done={() => t('fix.remove.done', { pseudo: player.pseudo })}
        onClose={onClose}
        title={t('fix.remove.title', { pseudo: player.pseudo })}
        description={t('fix.remove.description')}
        confirmText={t('fix.remove.confirm')}
        danger
      />
    );
  return (
    <FixDialog
      mutation={move}
      input={{ player: player.uuid, teamUuid: target }}
      done={() =>
        t('fix.move.done', {
          pseudo: player.pseudo,
          team: teams.find((candidate) => candidate.uuid === target)?.name ?? '',
        })
      }
      onClose={onClose}
      blocked={target === ''}
      title={t('fix.move.title', { pseudo: player.pseudo })}
      description={t('fix.move.description')}
      confirmText={t('fix.move.confirm')}
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
    </FixDialog>
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

function DissolveDialog({ session, team, onClose }: FixDialogProps) {
  const { t } = useTranslation('cockpit');
  const id = useId();
  const dissolve = useDissolveTeam(session.uuid);
  const [reason, setReason] = useState('');
  const beforePlay = session.status === 'lobby' || session.status === 'countdown';
  return (
    <FixDialog
      mutation={dissolve}
      input={{ team: team.uuid, ...(reason.trim() ? { reason: reason.trim() } : {}) }}
      done={() => t('fix.dissolve.done', { team: team.name })}
      onClose={onClose}
      title={t('fix.dissolve.title', { team: team.name })}
      description={t(beforePlay ? 'fix.dissolve.beforePlay' : 'fix.dissolve.inPlay')}
      confirmText={t('fix.dissolve.confirm')}
      danger
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
    </FixDialog>
  );
}

function ReinstateDialog({ session, team, onClose }: FixDialogProps) {
  const { t } = useTranslation('cockpit');
  return (
    <FixDialog
      mutation={useReinstateTeam(session.uuid)}
      input={team.uuid}
      done={() => t('fix.reinstate.done', { team: team.name })}
      onClose={onClose}
      title={t('fix.reinstate.title', { team: team.name })}
      description={t('fix.reinstate.description')}
      confirmText={t('fix.reinstate.confirm')}
    />
  );
}
