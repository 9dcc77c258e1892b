/**
 * The session settings of the connections the answer batches run on (PostgreSQL): no sequential
 * scan, hash or merge join is planned there, so every statement of a batch stays an index walk
 * whatever the statistics were when its generic plan was cached. The tables of a game grow from
 * empty while it is played, and a plan made while one was small scans it whole at every batch
 * until the next analyze (seen: batches four times slower for the rest of a run).
 *
 * Set once when such a connection opens rather than at each batch: a statement less per batch,
 * on a path bound by round trips. The batch's statements are written for it: every lookup is a
 * lateral probe of an index (`modules/play/answer-batch.repository.ts`), checked by
 * `answer-batch.plans.test.ts`.
 */
export const INDEX_WALKS_ONLY = `select set_config('enable_seqscan', 'off', false),
  set_config('enable_hashjoin', 'off', false), set_config('enable_mergejoin', 'off', false)`;
