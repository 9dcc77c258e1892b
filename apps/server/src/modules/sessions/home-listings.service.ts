import { rankTeamRows } from '@rampart/contracts';
import type { LocalizedText, Locale } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import type { ContentSessions } from '../content/index.js';
import type { Principal } from '../identity/auth.service.js';
import type { SessionListRow, SessionsRepository } from './sessions.repository.js';
import { progressOf, sessionTimes } from './session-view.js';

/** The player's team in a session: what it solved, and its rank once play began. */
type Standing = { completed: number; rank: number | null };

const summaryOf = (
  row: SessionListRow,
  now: Date,
  locale: Locale,
  totals: Map<string, number>,
  standing: Standing = { completed: 0, rank: null },
) => {
  const times = sessionTimes(row, now);
  return {
    uuid: row.uuid,
    name: row.name,
    status: times.status,
    missionUuid: row.mission_uuid,
    missionTitle: (row.mission_title as LocalizedText)[locale],
    teamsCount: Number(row.teams_count ?? 0),
    maxTeams: row.max_teams,
    playersPerTeam: row.players_per_team,
    startsAt: times.startsAt,
    endsAt: times.endsAt,
    ...progressOf(standing.completed, totals.get(row.mission_uuid) ?? 0),
    rank: standing.rank,
  };
};

/** The player's team's standing in each of these sessions, by the scoring rules' ranking. */
const standingsOf = async (
  repo: SessionsRepository,
  sessions: readonly SessionListRow[],
  accountId: string,
  now: Date,
) => {
  const teams = await repo.listStandings(
    sessions.map((row) => row.uuid),
    accountId,
  );
  const standings = new Map<string, Standing>();
  for (const row of sessions) {
    const mine = rankTeamRows(teams.filter((team) => team.session_uuid === row.uuid)).find(
      (team) => team.mine,
    );
    if (!mine) continue;
    const started = ['running', 'paused'].includes(sessionTimes(row, now).status);
    standings.set(row.uuid, {
      completed: Number(mine.completed ?? 0),
      rank: started ? mine.rank : null,
    });
  }
  return standings;
};

/**
 * What home shows of gaming sessions: the ones this player is in and that have not ended, their
 * missions, and the trainers' lobbies of chapters this player may open that they have not joined.
 */
export const createHomeListings = (deps: {
  repo: SessionsRepository;
  clock: Clock;
}): ContentSessions['homeListings'] => {
  const { repo } = deps;
  return async (principal: Principal, locale: Locale) => {
    const [mine, lobbies, openable, now] = await Promise.all([
      repo.listSessions({ joinedBy: principal.accountId }),
      repo.listSessions({ lobbyOnly: true, ownerKind: 'trainer' }),
      repo.listOpenableChapterUuids(principal.accountId),
      deps.clock.now(),
    ]);
    const mineUuids = new Set(mine.map((row) => row.uuid));
    const chapters = new Set(openable);
    const ongoing = mine.filter((row) =>
      ['lobby', 'countdown', 'running', 'paused'].includes(sessionTimes(row, now).status),
    );
    const joinable = lobbies.filter(
      (row) =>
        !mineUuids.has(row.uuid) &&
        chapters.has(row.chapter_uuid) &&
        sessionTimes(row, now).status === 'lobby',
    );
    const [totals, standings] = await Promise.all([
      repo.countObjectivesOf([
        ...new Set([...ongoing, ...joinable].map((row) => row.mission_uuid)),
      ]),
      standingsOf(repo, ongoing, principal.accountId, now),
    ]);
    return {
      ongoingSessions: ongoing.map((row) =>
        summaryOf(row, now, locale, totals, standings.get(row.uuid)),
      ),
      ongoingMissions: ongoing.map((row) => ({
        missionUuid: row.mission_uuid,
        missionTitle: (row.mission_title as LocalizedText)[locale],
        chapter_uuid: row.chapter_uuid,
        chapterTitle: (row.chapter_title as LocalizedText)[locale],
        sessionUuid: row.uuid,
        sessionStatus: sessionTimes(row, now).status,
      })),
      joinableSessions: joinable.map((row) => summaryOf(row, now, locale, totals)),
    };
  };
};
