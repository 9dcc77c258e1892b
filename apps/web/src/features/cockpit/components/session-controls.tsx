import { allowedActions, type SessionStatus, type TrainerSessionAction } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import type { TrainerSessionView } from '../../trainer-sessions/api/trainer-sessions';
import { useSessionControl, type SessionControl } from '../api/session-actions';
import { ChangeSessionButton } from './cockpit-session-change';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import styles from './cockpit.module.css';

const controlOf = {
  start: 'start',
  force_start: 'forceStart',
  pause: 'pause',
  resume: 'resume',
  stop: 'stop',
} as const satisfies Record<TrainerSessionAction, SessionControl>;

/**
 * Which controls a status offers: what the server's transition table allows, so nothing once the
 * session is closed. In the lobby a start waits for teams short of players; forcing it past them
 * is a separate, deliberate control, shown only while teams are short.
 */
export const controlsFor = (
  status: SessionStatus,
  { waiting = false, shortTeams = 0 } = {},
): SessionControl[] =>
  allowedActions(status)
    .filter((action) => (action === 'start' ? !waiting : true))
    .filter((action) => (action === 'force_start' ? shortTeams > 0 : true))
    .map((action) => controlOf[action]);

/**
 * Start, force the start, pause, resume and stop, each behind a confirmation. Stop says it cannot
 * be undone. While teams are short of players the trainer sees which and by how many. When
 * another trainer acted first, the refusal is shown and the session shows its real state.
 */
export function SessionControls({ session }: { session: TrainerSessionView }) {
  const { t } = useTranslation('trainer');
  const control = useSessionControl(session.uuid);
  const [asked, setAsked] = useState<SessionControl | null>(null);
  const waiting = session.startPhase === 'waiting_for_players';
  const short = session.status === 'lobby' ? session.shortTeams : [];
  const controls = controlsFor(session.status, { waiting, shortTeams: short.length });
  if (controls.length === 0) return null;
  const close = (open: boolean) => {
    if (!open) {
      setAsked(null);
      control.reset();
    }
  };
  return (
    <div className={styles.controls} role="group" aria-label={t('controls.label')}>
      {short.length > 0 && (
        <div className={styles.shortTeams} role="status">
          <p className={styles.warning}>
            {waiting ? t('controls.short.waiting') : t('controls.short.title')}
          </p>
          <ul>
            {short.map((team) => (
              <li key={team.uuid}>
                {t('controls.short.team', { name: team.name, count: team.missing })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ChangeSessionButton session={session} />
      {controls.map((name) => (
        <Button
          key={name}
          variant={
            name === 'stop'
              ? 'danger'
              : name === 'pause' || name === 'forceStart'
                ? 'secondary'
                : 'primary'
          }
          onClick={() => {
            control.reset();
            setAsked(name);
          }}
        >
          {t(`controls.${name}.button`)}
        </Button>
      ))}
      {asked && (
        <ConfirmDialog
          open
          onOpenChange={close}
          title={t(`controls.${asked}.title`)}
          description={t(`controls.${asked}.description`)}
          confirmText={t(`controls.${asked}.confirm`)}
          danger={asked === 'stop'}
          pending={control.isPending}
          error={control.isError ? errorMessage(t, control.error) : null}
          onConfirm={() =>
            control.mutate(asked, {
              onSuccess: (updated) => {
                toast.success(
                  asked === 'start' && updated.status === 'lobby'
                    ? t('controls.start.waiting')
                    : t(`controls.${asked}.done`),
                );
                setAsked(null);
              },
            })
          }
        />
      )}
    </div>
  );
}
