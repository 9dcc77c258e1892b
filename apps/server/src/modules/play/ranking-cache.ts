import { rankTeamRows } from '@rampart/contracts';
import type { Ranking } from '@rampart/contracts';
import type { EventBus } from '../../realtime/event-bus.js';
import { logoUrlOf } from '../sessions/session-view.js';
import type { PlayRepository } from './play.repository.js';

interface Entry {
  bytes: Buffer;
}

/** Sessions whose ranking a node keeps at once; the least recently built goes first. */
const MAX_ENTRIES = 1000;

/**
 * The ranking of each session, serialised once per change and served as bytes (no
 * query per read). A change of scores always comes with an event on the session's stream, so a
 * stream head announced by any node (this one included) drops the session's entry; the next read
 * rebuilds it. A generation counter keeps a rebuild that raced an invalidation from storing an
 * old table.
 */
export const createRankingCache = (deps: { repo: PlayRepository; bus: EventBus }) => {
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  const invalidate = (sessionUuid: string) => {
    entries.delete(sessionUuid);
    generations.set(sessionUuid, (generations.get(sessionUuid) ?? 0) + 1);
  };
  deps.bus.onHeads((heads) => {
    for (const stream of heads.keys())
      if (stream.startsWith('session:')) invalidate(stream.slice('session:'.length));
  });
  deps.bus.onReconnected(() => {
    for (const sessionUuid of [...entries.keys()]) invalidate(sessionUuid);
  });

  const build = async (sessionUuid: string): Promise<Ranking> => {
    const rows = await deps.repo.listRankingRows(sessionUuid);
    const ranked = rankTeamRows(rows);
    return {
      teams: ranked.map((team) => ({
        uuid: team.uuid,
        name: team.name,
        logoUrl: team.has_logo ? logoUrlOf(sessionUuid, team.uuid) : null,
        score: team.score,
        rank: team.rank,
        eliminated: team.eliminated,
        completed_objectives: Number(team.completed ?? 0),
      })),
    };
  };

  return {
    invalidate,
    /** The session's ranking as JSON bytes: from memory, or built once and kept. */
    async read(sessionUuid: string): Promise<Buffer> {
      const cached = entries.get(sessionUuid);
      if (cached) return cached.bytes;
      const generation = generations.get(sessionUuid) ?? 0;
      const bytes = Buffer.from(JSON.stringify(await build(sessionUuid)));
      if ((generations.get(sessionUuid) ?? 0) === generation) {
        entries.set(sessionUuid, { bytes });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      return bytes;
    },
    /** The session's ranking as JSON bytes if this node holds it, without building it. */
    peek: (sessionUuid: string): Buffer | undefined => entries.get(sessionUuid)?.bytes,
    /** Entries held (tests check that reads do not rebuild). */
    size: () => entries.size,
  };
};

export type RankingCache = ReturnType<typeof createRankingCache>;
