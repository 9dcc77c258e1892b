import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/app-info';
import {
  SessionGate,
  SessionHeader,
  TeamRoster,
  sessionStyles as styles,
  type PlayerSession,
} from '../../sessions';
import { LobbyAvatar } from '../components/lobby-avatar';
import { OwnTeamPanel } from '../components/own-team-panel';
import { StartPanel } from '../components/start-panel';

/**
 * `/sessions/{uuid}/lobby`: the team's token, the avatar, the players joined and awaited
 * (live, through the session's stream), the mission choice and the start button for the owner.
 */
export default function SessionLobbyScreen() {
  return <SessionGate screen="lobby">{(session) => <Lobby session={session} />}</SessionGate>;
}

function Lobby({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'screens']);
  useDocumentTitle(t('screens:sessionLobby.title'));
  const titleId = useId();
  const rosterId = useId();
  const team = session.gaming_session_user!.gaming_session_team!;
  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <SessionHeader eyebrow={t('lobby.eyebrow')} session={session} titleId={titleId} />
      <StartPanel session={session} />
      <div className={styles.columns}>
        <OwnTeamPanel session={session} team={team} />
        <LobbyAvatar />
      </div>
      <section className={styles.panel} aria-labelledby={rosterId}>
        <h2 id={rosterId} className={styles.panelTitle}>
          {t('lobby.teams', { count: session.teams.length, max: session.maxTeams })}
        </h2>
        <TeamRoster
          teams={session.teams}
          playersPerTeam={session.playersPerTeam}
          minPlayersPerTeam={session.minPlayersPerTeam}
          ownTeamUuid={team.uuid}
        />
      </section>
    </section>
  );
}
