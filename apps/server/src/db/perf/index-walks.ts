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

/**
 * The embedded database's one session plans no sequential scan (a scan is still chosen where no
 * index serves, so every read keeps working). The retention job's `vacuum (analyze)` runs at each
 * start, often while a game's tables hold a few rows; PGlite has no auto-analyze, so those
 * statistics stay until the next one, a day later by default, and every statement prepared meanwhile
 * (the dialect prepares again every few hundred runs) was planned as a scan of tables that have
 * grown to thousands of rows. Hash and merge joins stay allowed: the trainers' reads join whole
 * sessions, which a nested loop would make slower.
 */
export const EMBEDDED_INDEX_WALKS = `set enable_seqscan = off`;
