import { isClosedStatus, type RealtimeEventOf, type SessionStatus } from '@rampart/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';

type LabEvent = RealtimeEventOf<'lab.environment_changed'>;

/**
 * What a player is told of their team's lab environment (`lab.environment_changed` on the
 * session's stream): ready, extended, released, failed, each once per change. Nothing once the
 * session is over, when every environment is released anyway, nor for another team's.
 */
export const useLabNotices = (ownTeam: string | null, status: SessionStatus | undefined) => {
  const { t } = useTranslation(['labNotices', 'errors']);
  const seen = useRef(
    new Map<string, { phase: LabEvent['payload']['phase']; expiresAt: string }>(),
  );
  return ({ payload }: LabEvent) => {
    if (payload.teamUuid !== ownTeam || (status && isClosedStatus(status))) return;
    const before = seen.current.get(payload.environmentUuid);
    seen.current.set(payload.environmentUuid, payload);
    if (before?.phase === payload.phase && before.expiresAt === payload.expiresAt) return;
    switch (payload.phase) {
      case 'Ready':
        if (before?.phase === 'Ready') toast.info(t('extended'));
        else toast.success(t('ready'));
        return;
      case 'Released':
        toast.info(t('released'));
        return;
      case 'Failed':
        toast.error(t('errors:lab.connection_error'));
        return;
      default:
    }
  };
};
