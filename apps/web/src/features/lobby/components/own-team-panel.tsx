import type { ownTeamSchema } from '@rampart/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import {
  CopyToken,
  LeaveSessionButton,
  TeamLogo,
  sessionStyles as styles,
  useLeaveTeam,
  type PlayerSession,
} from '../../sessions';

/** The player's team in the lobby: its banner, its token to share, and a way out. */
export function OwnTeamPanel({
  session,
  team,
}: {
  session: PlayerSession;
  team: z.infer<typeof ownTeamSchema>;
}) {
  const { t } = useTranslation(['sessions', 'errors']);
  const titleId = useId();
  const leave = useLeaveTeam();
  const open = session.playersPerTeam - team.members.length;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.actions}>
        <TeamLogo name={team.name} url={team.logoUrl} size={56} />
        <div>
          <h2 id={titleId} className={styles.panelTitle}>
            {team.name}
          </h2>
          <p className={styles.subtitle}>
            {open > 0 ? t('lobby.openPlaces', { count: open }) : t('lobby.teamFull')}
          </p>
        </div>
      </div>
      <CopyToken token={team.token} />
      {leave.isError && (
        <p className={styles.notice} role="alert">
          {errorMessage(t, leave.error, 'session')}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="ghost"
          disabled={leave.isPending}
          onClick={() => leave.mutate(session.uuid)}
        >
          {t('lobby.leave')}
        </Button>
        <LeaveSessionButton session={session} />
      </div>
    </section>
  );
}
