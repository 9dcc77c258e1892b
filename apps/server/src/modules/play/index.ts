import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob } from '../../lib/periodic-job.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AnswersObserver } from '../../metrics/metrics.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { PipelinedEventWriter } from '../../realtime/pipelined-appends.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { createAnswerBatchRepository } from './answer-batch.repository.js';
import { createAnswersService } from './answers.service.js';
import { createHintsRepository } from './hints.repository.js';
import { createHintsService } from './hints.service.js';
import { createObjectivesService } from './objectives.service.js';
import { registerPlayRoutes } from './play.routes.js';
import { createPlayRepository } from './play.repository.js';
import { createRankingAnnouncer } from './ranking-announcer.js';
import { createRankingCache } from './ranking-cache.js';
import { createRankingReader } from './ranking-reader.service.js';
import { createRankingRepair } from './ranking-repair.js';
import { createTrainerPlay } from './trainer-play.service.js';

/**
 * How often a node looks for rankings left unannounced by a node that crashed, and how long a
 * session's last answers must be past for it to announce them in that node's place.
 */
const RANKING_REPAIR_MS = 10_000;
const RANKING_REPAIR_QUIET_MS = 2_000;

/** Play: objectives with each team's state, answers and the score ledger, ranking, trainer acts. */
export const createPlayModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  /** The event writer; its pipelined appends are the answer batches' alone. */
  events: PipelinedEventWriter;
  bus: EventBus;
  answersPerMinute: number;
  /** The sessions' time: the database's, or a test's. */
  clock: Clock;
  logger: { warn(details: object, message: string): void };
  /** Where the answer batches run (`DatabaseHandle.batches`). */
  batches: Kysely<Database>;
  /** Whether a batch may start while the previous one commits (batches on a pool of their own). */
  overlapBatches: boolean;
  /** Told each answer's outcome and each batch's size (the metrics). */
  observer?: AnswersObserver;
}) => {
  const repo = createPlayRepository(deps.db);
  const cache = createRankingCache({ repo, bus: deps.bus });
  const announcer = createRankingAnnouncer({
    events: deps.events,
    rankingRows: (trx, sessionUuid) => repo.listRankingRows(sessionUuid, trx),
    logger: deps.logger,
  });
  const answers = createAnswersService({
    batch: createAnswerBatchRepository(),
    batches: deps.batches,
    events: deps.events,
    ranking: cache,
    answersPerMinute: deps.answersPerMinute,
    // One batch in flight per lane: every batch of a session holds the session stream's
    // counter row until it commits, so a second one would mostly wait (and make the first
    // smaller). On PostgreSQL the next starts while one appends and commits, and the sessions
    // are shared between two lanes, whose batches run side by side (measured: more lanes gain
    // nothing on two cores). The embedded database has one connection: one lane. Nodes of a
    // cluster each run their own.
    parallel: 1,
    handOverAtAppend: deps.overlapBatches,
    lanes: deps.overlapBatches ? 2 : 1,
    clock: deps.clock,
    announcer,
    ...(deps.observer ? { observer: deps.observer } : {}),
  });
  const hintsRepo = createHintsRepository(deps.db);
  const hints = createHintsService({
    repo: hintsRepo,
    play: repo,
    sessions: deps.sessions,
    events: deps.events,
    ranking: cache,
    clock: deps.clock,
  });
  const objectives = createObjectivesService({
    db: deps.db,
    repo,
    hints: hintsRepo,
    sessions: deps.sessions,
    clock: deps.clock,
  });
  const trainer = createTrainerPlay({
    repo,
    sessions: deps.sessions,
    events: deps.events,
    ranking: cache,
    clock: deps.clock,
  });
  const ranking = createRankingReader({ repo, cache });
  const repair = createRankingRepair({ repo, events: deps.events, logger: deps.logger });
  let repairedOnce = false;
  return {
    repo,
    cache,
    /** Who may read a ranking, and its bytes (the hot read answers from it). */
    ranking,
    /**
     * Hints: `listTeamHints` (an objective's hints with a team's unlocks, for the trainer's
     * support thread) and `give` (a trainer unlocks one for a team, free, audited).
     */
    hints,
    hintsRepo,
    /** For content: an objective's files download while it is open to the player in a game. */
    isObjectiveOpenInPlay: async (principal: { accountId: string }, objectiveUuid: string) =>
      repo.isOpenToPlayer(principal.accountId, objectiveUuid, await deps.clock.now()),
    registerRoutes: (app: FastifyInstance) => {
      // At the start, what a crash of this node (or another) left unannounced, awaited; then,
      // what another node that crashed since left.
      registerPeriodicJob(app, {
        name: 'ranking repair',
        everyMs: RANKING_REPAIR_MS,
        run: () => {
          const quietMs = repairedOnce ? RANKING_REPAIR_QUIET_MS : 0;
          repairedOnce = true;
          return repair.repair(quietMs);
        },
        atReady: 'await',
        failure: 'ranking repair failed: tried again later',
      });
      // Once the last requests are answered: the announcements still waiting, made now.
      app.addHook('onClose', async () => announcer.close());
      registerPlayRoutes(app, { answers, objectives, ranking, trainer, hints });
    },
  };
};
