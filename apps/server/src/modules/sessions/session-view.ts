import {
  getTeamLogo,
  getTrainerTeamLogo,
  toColonPath,
  progressPercentage,
  rankTeamRows,
  type AvatarId,
  type LocalizedText,
  type Locale,
  type SessionStatus,
} from '@rampart/contracts';
import type { SessionListRow, SessionRow } from './sessions.repository.js';
import { deriveSessionState, type SessionTimeline } from './session-state.js';

/** The stored instants of a session row, as the pure state functions read them. */
/** The stored columns a session's time is derived from. */
export type TimelineColumns = Pick<
  SessionRow,
  | 'duration_ms'
  | 'countdown_ms'
  | 'start_wait_ms'
  | 'scheduled_start_at'
  | 'start_requested_at'
  | 'starts_at'
  | 'paused_at'
  | 'paused_ms'
  | 'stopped_at'
>;

export const timelineOf = (row: TimelineColumns): SessionTimeline => ({
  durationMs: Number(row.duration_ms),
  countdownMs: row.countdown_ms,
  startWaitMs: row.start_wait_ms,
  scheduledStartAt: row.scheduled_start_at,
  startRequestedAt: row.start_requested_at,
  startsAt: row.starts_at,
  pausedAt: row.paused_at,
  pausedMs: Number(row.paused_ms),
  stoppedAt: row.stopped_at,
});

export const statusOf = (row: SessionRow, now: Date): SessionStatus =>
  deriveSessionState(timelineOf(row), now).status;

const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

/** Status and times of a session at `now` (the database's time), as every answer carries them. */
export const sessionTimes = (row: TimelineColumns, now: Date) => {
  const state = deriveSessionState(timelineOf(row), now);
  return {
    status: state.status,
    startPhase: state.startPhase,
    startWaitEndsAt: iso(state.startWaitEndsAt),
    scheduledStartAt: iso(row.scheduled_start_at),
    startsAt: iso(state.startsAt),
    endsAt: iso(state.endsAt),
    remainingMs: Math.max(0, Math.round(state.remainingMs)),
    serverTime: now.toISOString(),
  };
};

/**
 * Where a team's logo is read: players of the session through theirs, trainers through their own
 * route (a trainer holds no player credential).
 */
export const logoUrlOf = (
  sessionUuid: string,
  teamUuid: string,
  reader: 'player' | 'trainer' = 'player',
) =>
  toColonPath((reader === 'trainer' ? getTrainerTeamLogo : getTeamLogo).path)
    .replace(':uuid', encodeURIComponent(sessionUuid))
    .replace(':teamUuid', encodeURIComponent(teamUuid));

export interface TeamRow {
  uuid: string;
  name: string;
  token: string;
  has_logo: boolean;
  score: number;
  score_reached_at: Date | null;
  eliminated_at: Date | null;
  elimination_reason: string | null;
}

export interface PlayerRow {
  account_id: string;
  team_uuid: string | null;
  pseudo: string;
  avatar_id: string | null;
  online: boolean;
}

/** Teams with their members, ranked by the scoring rules (score, then who reached it first). */
export const rankedTeams = (
  sessionUuid: string,
  teams: readonly TeamRow[],
  players: readonly PlayerRow[],
  callerId: string | null,
  reader: 'player' | 'trainer' = 'player',
) =>
  rankTeamRows(teams).map((team) => ({
    uuid: team.uuid,
    name: team.name,
    logoUrl: team.has_logo ? logoUrlOf(sessionUuid, team.uuid, reader) : null,
    members: players
      .filter((player) => player.team_uuid === team.uuid)
      .map((player) => ({
        pseudo: player.pseudo,
        avatarId: player.avatar_id as AvatarId | null,
        isSelf: player.account_id === callerId,
        online: player.online,
      })),
    score: team.score,
    rank: team.rank,
    eliminated: team.eliminated,
    token: team.token,
    eliminationReason: team.elimination_reason,
  }));

/**
 * A team as the other teams see it: without its token, nor the reason a trainer eliminated it
 * (that reason is for the team itself and the trainers).
 */
export const withoutToken = <T extends { token: string; eliminationReason: string | null }>({
  token: _token,
  eliminationReason: _reason,
  ...team
}: T) => team;

/** The teams below the minimum size, in the order given, with how many players each still needs. */
export const shortTeamsOf = (
  teams: readonly { uuid: string; name: string; members: readonly unknown[] }[],
  minPlayersPerTeam: number,
) =>
  teams
    .filter((team) => team.members.length < minPlayersPerTeam)
    .map((team) => ({
      uuid: team.uuid,
      name: team.name,
      missing: minPlayersPerTeam - team.members.length,
    }));

export const progressOf = (completed: number, total: number) => ({
  completed_objectives: completed,
  total_objectives: total,
  progress_percentage: progressPercentage(completed, total),
});

export const listItemOf = (row: SessionListRow, now: Date, locale: Locale) => ({
  ...sessionTimes(row, now),
  uuid: row.uuid,
  name: row.name,
  missionUuid: row.mission_uuid,
  missionTitle: (row.mission_title as LocalizedText)[locale],
  chapter_uuid: row.chapter_uuid,
  teamsCount: Number(row.teams_count ?? 0),
  playersCount: Number(row.players_count ?? 0),
  maxTeams: row.max_teams,
  playersPerTeam: row.players_per_team,
});
