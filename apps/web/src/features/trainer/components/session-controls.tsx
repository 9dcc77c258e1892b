import type { SessionStatus } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSessionControl, type SessionControl } from '../api/trainer-sessions';
import { ConfirmDialog } from './confirm-dialog';
import styles from './cockpit.module.css';

/** Which controls a status offers (DESIGN §5): nothing once the session has ended. */
export const controlsFor = (status: SessionStatus): SessionControl[] => {
  switch (status) {
    case 'lobby':
      return ['start', 'stop'];
    case 'countdown':
      return ['stop'];
    case 'running':
      return ['pause', 'stop'];
    case 'paused':
      return ['resume', 'stop'];
    default:
      return [];
  }
};

/**
 * Start, pause, resume and stop, each behind a confirmation. Stop says it cannot be undone. When
 * another trainer acted first, the refusal is shown and the session shows its real state.
 */
export function SessionControls({ uuid, status }: { uuid: string; status: SessionStatus }) {
  const { t } = useTranslation('trainer');
  const control = useSessionControl(uuid);
  const [asked, setAsked] = useState<SessionControl | null>(null);
  const controls = controlsFor(status);
  if (controls.length === 0) return null;
  const close = (open: boolean) => {
    if (!open) {
      setAsked(null);
      control.reset();
    }
  };
  return (
    <div className={styles.controls} role="group" aria-label={t('controls.label')}>
      {controls.map((name) => (
        <Button
          key={name}
          variant={name === 'stop' ? 'danger' : name === 'pause' ? 'secondary' : 'primary'}
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
              onSuccess: () => {
                toast.success(t(`controls.${asked}.done`));
                setAsked(null);
              },
            })
          }
        />
      )}
    </div>
  );
}
