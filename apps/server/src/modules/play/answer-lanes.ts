import { createBatcher } from '../../lib/batcher.js';

/** What one answer comes to: a result, or the error it is refused or failed with. */
export type Outcome<R> = { ok: true; result: R } | { ok: false; error: unknown };

/** Answers one transaction takes at most; the rest wait for the next. */
const MAX_BATCH = 256;
/** How many times a batch that lost a deadlock or serialisation race is tried again. */
const RETRIES = 3;

const isRetryable = (error: unknown) => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return (
    code === '40001' ||
    code === '40P01' ||
    // A submission with the same client id committed first, past every check (the same id on
    // another objective): tried again, the batch finds its result.
    (code === '23505' && constraint === 'submission_client_id_key')
  );
};

/**
 * The items of a batch, each submission once: a retry that arrives with its first (the same
 * key) gets the first one's outcome. Items without a key are all distinct.
 */
const distinct = <I>(items: readonly I[], keyOf: (item: I) => string | null) => {
  const firsts = new Map<string, number>();
  const unique: I[] = [];
  const slots = items.map((item) => {
    const key = keyOf(item);
    if (key === null) return unique.push(item) - 1;
    const slot = firsts.get(key) ?? unique.push(item) - 1;
    firsts.set(key, slot);
    return slot;
  });
  return { unique, slots };
};

/**
 * How answers reach their batch. A session's answers go to one lane while any of them is in
 * flight, so its batches keep the order of its answers; a session with none in flight is given
 * the lane with the fewest answers waiting, so two sessions playing at once never share a lane
 * while another idles. Each lane is a batcher (`lib/batcher.ts`): the answers that arrive
 * together leave together, in one run of `decide`. A run that lost a deadlock or a serialisation
 * race is tried again (`RETRIES` times); a batch that fails for good is tried again answer by
 * answer, so one bad answer cannot sink the others.
 */
export const createAnswerLanes = <I, R>(options: {
  /** How many lanes. */
  lanes: number;
  /** Batches in flight at once in a lane. */
  parallel: number;
  /** Whether the next batch may start once a run calls its `handOver` (see the service). */
  handOverAtAppend: boolean;
  /** The session of an item: it decides its lane. */
  sessionOf: (item: I) => string;
  /** The same submission sent twice in one batch has the same key (null: no key). */
  submissionKeyOf: (item: I) => string | null;
  /** One try of a batch: an outcome per item, in their order. */
  decide: (items: readonly I[], handOver: () => void) => Promise<Outcome<R>[]>;
  /** Told each batch's size (the metrics). */
  batched?: (size: number) => void;
}) => {
  const runOnce = async (
    requests: readonly I[],
    handOver: () => void = () => {},
  ): Promise<Outcome<R>[]> => {
    const { unique, slots } = distinct(requests, options.submissionKeyOf);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const outcomes = await options.decide(unique, handOver);
        return slots.map((slot) => outcomes[slot] ?? failed(missing(slot)));
      } catch (error) {
        if (attempt >= RETRIES || !isRetryable(error)) throw error;
      }
    }
  };

  const createLane = () =>
    createBatcher<I, Outcome<R>>({
      maxSize: MAX_BATCH,
      parallel: options.parallel,
      run: async (items, handOver) => {
        options.batched?.(items.length);
        try {
          return await runOnce(items, options.handOverAtAppend ? handOver : undefined);
        } catch (error) {
          if (items.length === 1) return [failed<R>(error)];
          // One answer's failure is not the others': each alone, with its own outcome.
          return Promise.all(
            items.map((item) =>
              runOnce([item]).then(
                ([outcome]) => outcome ?? failed<R>(missing(0)),
                (failure: unknown) => failed<R>(failure),
              ),
            ),
          );
        }
      },
    });
  const lanes = Array.from({ length: Math.max(1, options.lanes) }, () => ({
    batcher: createLane(),
    /** Answers pushed to the lane and not yet answered. */
    waiting: 0,
  }));
  /** The sessions with answers in flight: their lane, and how many. */
  const sessions = new Map<string, { lane: (typeof lanes)[number]; inFlight: number }>();
  const quietest = () =>
    lanes.reduce((best, candidate) => (candidate.waiting < best.waiting ? candidate : best));

  return {
    /** Sends an item to its session's lane; answers its outcome once its batch is decided. */
    push: (item: I) => {
      const session = options.sessionOf(item);
      const taken = sessions.get(session) ?? { lane: quietest(), inFlight: 0 };
      sessions.set(session, taken);
      taken.inFlight += 1;
      taken.lane.waiting += 1;
      return taken.lane.batcher.push(item).finally(() => {
        taken.lane.waiting -= 1;
        taken.inFlight -= 1;
        if (taken.inFlight === 0) sessions.delete(session);
      });
    },
  };
};

const failed = <R>(error: unknown): Outcome<R> => ({ ok: false, error });

const missing = (slot: number) => new Error(`a batch answered no outcome for its item ${slot}`);
