import type { EventWriter } from '../../realtime/event-writer.js';
import { rankingEvent, rankingEventOf } from './ranking-announcer.js';
import type { PlayRepository } from './play.repository.js';

/**
 * What a ranking says, in a form two of them compare by: each team's place, name, score and
 * solved count.
 */
const standingsOf = (payload: unknown) =>
  JSON.stringify(
    ((payload as { teams?: unknown[] } | null)?.teams ?? []).map((team) => {
      const { uuid, name, score, rank, eliminated, completed_objectives } = team as Record<
        string,
        unknown
      >;
      return [uuid, name, score, rank, eliminated, completed_objectives];
    }),
  );

/**
 * A node announces a burst's last ranking changes at the end of their interval, from memory
 * (answers.service.ts): a node that crashes first loses them, and the stream's newest ranking
 * would stay older than the ledger until the next change. Every node looks, at its start and
 * from time to time, for sessions whose answers came after their newest ranking, and announces
 * the ranking again where it differs from the ledger.
 */
export const createRankingRepair = (deps: {
  repo: PlayRepository;
  events: EventWriter;
  logger: { warn(details: object, message: string): void };
}) => ({
  /**
   * Re-announces the rankings left unannounced. `quietMs`: how long a session's last answers
   * must be past, so that a live node announcing them itself is not doubled (0 at a start).
   * Returns the sessions it announced.
   */
  async repair(quietMs: number): Promise<string[]> {
    const announced: string[] = [];
    for (const session of await deps.repo.listSessionsWithAnswersAfterRanking(quietMs)) {
      try {
        // Most sessions found had only answers that moved no score: their ranking is read
        // without holding their stream (which would make their answers wait).
        const current = rankingEventOf(session, await deps.repo.listRankingRows(session));
        if (
          standingsOf(await deps.repo.findLatestRanking(session)) === standingsOf(current.payload)
        )
          continue;
        // Compared again once the stream is held: nothing is appended to it meanwhile.
        const appended = await deps.events.transaction(async ({ trx, append }) => {
          const event = await rankingEvent(deps.repo, trx, session);
          const latest = await deps.repo.findLatestRanking(session, trx);
          if (standingsOf(latest) === standingsOf(event.payload)) return false;
          await append(event);
          return true;
        });
        if (appended) announced.push(session);
      } catch (error) {
        deps.logger.warn({ err: error, session }, 'ranking repair failed: tried again later');
      }
    }
    return announced;
  },
});
