import type { AnswerResult, ObjectiveType } from '@rampart/contracts';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { Database, ObjectiveAnswer, ScoreEntryKind } from '../../db/schema.js';
import type { AppendedEvent, EventToAppend } from '../../realtime/event-log.repository.js';
import { appendingEvents, type AppendedRow } from '../../realtime/pipelined-appends.js';

type Trx = Transaction<Database>;

/** Rows handed to a statement as one JSON parameter, read back with `jsonb_to_recordset`. */
const rowsOf = (rows: readonly object[]) => JSON.stringify(rows);

/** One JSON value a statement answers, built by the database (`json_build_object`). */
const dataOf = async <T>(query: Promise<{ rows: { data: T }[] }>) => (await query).rows[0]!.data;

/**
 * Runs one of the statements below: their texts are fixed, written once, so nothing builds SQL
 * per batch, and the driver sends the same text every time (prepared once per connection).
 */
const run = <T>(trx: Trx, text: string, parameters: readonly unknown[]) =>
  dataOf<T>(trx.executeQuery<{ data: T }>(CompiledQuery.raw(text, [...parameters])));

export interface LockedBatch {
  members: {
    i: number;
    team_uuid: string | null;
    team_name: string | null;
    eliminated: boolean;
  }[];
  sessions: {
    uuid: string;
    mission_uuid: string;
    duration_ms: number;
    countdown_ms: number;
    start_wait_ms: number;
    scheduled_start_at: string | null;
    start_requested_at: string | null;
    starts_at: string | null;
    paused_at: string | null;
    paused_ms: number;
    stopped_at: string | null;
    /** The objectives of the session's mission. */
    objectives: number;
    /** Speedruns launched in the session so far (counted under the row lock a launch holds). */
    speedruns_launched: number;
    end_when_all_solved: boolean;
    all_solved_at: string | null;
  }[];
  objectives: {
    uuid: string;
    mission_uuid: string;
    type: ObjectiveType;
    points: number;
    penalty: number;
    max_attempts: number | null;
    first_blood_bonus: number;
    locked: boolean;
    prerequisites: string[];
    choices: { id: string }[];
    answer: ObjectiveAnswer;
  }[];
  /**
   * Each team's state on each objective of the batch, with the answers counted against the
   * brute-force bound (the batch's included) and when that count starts again from zero.
   */
  states: {
    team_uuid: string;
    objective_uuid: string;
    attempts: number;
    solved: boolean;
    hits: number;
    reset_at: string;
  }[];
  /**
   * The teams answering, locked, as they are now (a locked row is read in its latest version,
   * whatever the statement's snapshot): score and objectives solved before the batch.
   */
  teams: { uuid: string; score: number; completed: number }[];
  /**
   * The batch's objectives (with a first-blood bonus) whose first blood in their session is
   * taken, committed: no answer of the batch can win it. Where it is not, another transaction
   * may be winning it now; only the write can tell.
   */
  bloods: { session_uuid: string; objective_uuid: string }[];
  /**
   * The results of the batch's answers that repeat a submission already decided (same team,
   * same client id), as committed when the statement began.
   */
  receipts: { i: number; result: AnswerResult }[];
  /** The database's time once every lock above is held. */
  now: string;
}

export interface BatchFacts {
  now: string;
  unlocked: { session_uuid: string; objective_uuid: string }[];
  solved: { team_uuid: string; objective_uuid: string }[];
  speedruns: {
    session_uuid: string;
    objective_uuid: string;
    launched_at: string;
    paused_ms_at_launch: number;
  }[];
  known: { team_uuid: string; objective_uuid: string; answer_digest: string }[];
  /** Results of submissions with the client ids of the batch, committed once the locks are held. */
  receipts: { team_uuid: string; client_id: string; result: AnswerResult }[];
}

/** One decided answer as trainers read it, text included; `blood` counts only if it was won. */
export interface SubmissionRow {
  session: string;
  team: string;
  objective: string;
  account: string;
  answer: string;
  correct: boolean;
  points: number;
  blood: number;
  client: string | null;
  /**
   * The result answered, with a first blood counted as won: the statement corrects it (points,
   * first blood, the team's score) where another transaction won it first.
   */
  result: AnswerResult | null;
}

export interface LedgerRow {
  key: number;
  session: string;
  team: string;
  objective: string;
  kind: ScoreEntryKind;
  points: number;
  account: string;
}

/**
 * The texts of the batch's statements, written once: a batch only binds its rows, as JSON
 * parameters. `answer-batch.sql.test.ts` keeps a copy of each, and of its plan, beside it.
 */
export const ANSWER_BATCH_SQL = {
  lock: `
    with r as (
      select * from jsonb_to_recordset($1::jsonb)
        as r(i integer, session uuid, account uuid, objective uuid, client text)
    ),
    members as (
      select r.i, r.objective, r.session, r.client, p.team_uuid, t.name as team_name,
        t.eliminated_at is not null as eliminated
      from r
      cross join lateral (
        select p.team_uuid from gaming_session_player p
        where p.session_uuid = r.session and p.account_id = r.account limit 1) p
      left join lateral (
        select t.name, t.eliminated_at from gaming_session_team t
        where t.uuid = p.team_uuid limit 1) t on true
    ),
    sessions as (
      select g.*, (select count(*) from objective o where o.mission_uuid = g.mission_uuid)
        as objectives
      from (select distinct session from members order by session) m
      cross join lateral (
        select uuid, mission_uuid, duration_ms, countdown_ms, start_wait_ms,
          scheduled_start_at, start_requested_at, starts_at, paused_at, paused_ms, stopped_at,
          speedruns_launched, end_when_all_solved, all_solved_at
        from gaming_session where uuid = m.session limit 1 for key share) g
    ),
    objectives as (
      select o.* from (select distinct objective from members) m
      cross join lateral (
        select o.uuid, o.mission_uuid, o.type, o.points, o.penalty, o.max_attempts,
          o.first_blood_bonus, o.locked, o.prerequisites, o.choices, o.answer
        from objective o where o.uuid = m.objective limit 1) o
    ),
    receipts as (
      select m.i, s.result from members m
      cross join lateral (
        select s.result from submission s
        where s.team_uuid = m.team_uuid and s.client_id = m.client limit 1) s
      where m.client is not null
    ),
    -- Each team's state on each objective, created if needed, locked, and with the batch's
    -- answers counted against the brute-force bound (a retry of a decided submission is not
    -- counted, and a batch of retries alone leaves the count and its window as they were).
    states as (
      insert into team_objective_state as s
        (team_uuid, objective_uuid, session_uuid, answer_hits, answer_window_ends_at)
      select m.team_uuid, m.objective, m.session,
        count(*) filter (where x.i is null), now() + make_interval(secs => $2)
      from members m
      left join receipts x on x.i = m.i
      join sessions g on g.uuid = m.session
      join objectives o on o.uuid = m.objective and o.mission_uuid = g.mission_uuid
      where m.team_uuid is not null
      group by 1, 2, 3
      order by 1, 2
      on conflict (team_uuid, objective_uuid) do update set
        answer_hits = case
          when excluded.answer_hits = 0 then s.answer_hits
          when s.answer_window_ends_at is null or s.answer_window_ends_at <= now()
            then excluded.answer_hits
          else s.answer_hits + excluded.answer_hits end,
        answer_window_ends_at = case
          when excluded.answer_hits = 0 then s.answer_window_ends_at
          when s.answer_window_ends_at is null or s.answer_window_ends_at <= now()
            then excluded.answer_window_ends_at
          else s.answer_window_ends_at end
      returning s.team_uuid, s.objective_uuid, s.attempts, s.solved_at is not null as solved,
        s.answer_hits as hits, s.answer_window_ends_at as reset_at
    ),
    teams as (
      select t.* from (select distinct team_uuid from states order by team_uuid) s
      cross join lateral (
        select uuid, score, completed_objectives as completed from gaming_session_team
        where uuid = s.team_uuid limit 1 for no key update) t
    ),
    bloods as (
      select b.session_uuid, b.objective_uuid
      from (select distinct session, objective from members) m
      join objectives o on o.uuid = m.objective and o.first_blood_bonus > 0
      cross join lateral (
        select e.session_uuid, e.objective_uuid from score_entry e
        where e.session_uuid = m.session and e.objective_uuid = m.objective
          and e.kind = 'first_blood' limit 1) b
    )
    select json_build_object(
      'members', (select coalesce(json_agg(m), '[]') from (
        select i, team_uuid, team_name, eliminated from members) m),
      'sessions', (select coalesce(json_agg(g), '[]') from sessions g),
      'objectives', (select coalesce(json_agg(o), '[]') from objectives o),
      'states', (select coalesce(json_agg(s), '[]') from states s),
      'teams', (select coalesce(json_agg(t), '[]') from teams t),
      'bloods', (select coalesce(json_agg(b), '[]') from bloods b),
      'receipts', (select coalesce(json_agg(x), '[]') from receipts x),
      -- Last: the arguments are evaluated in order, so this is read once the locks are held.
      'now', clock_timestamp()
    ) as data`,
  facts: `
    with r as (
      select * from jsonb_to_recordset($1::jsonb)
        as r(session uuid, team uuid, objective uuid, locked boolean, correct boolean,
             digest text, client text)
    )
    select json_build_object(
      'now', clock_timestamp(),
      'unlocked', (select coalesce(json_agg(u), '[]') from (
        select distinct u.session_uuid, u.objective_uuid
        from r cross join lateral (
          select u.session_uuid, u.objective_uuid from objective_unlock u
          where u.session_uuid = r.session and u.objective_uuid = r.objective limit 1) u
        where r.locked) u),
      'solved', (select coalesce(json_agg(s), '[]') from (
        select distinct s.team_uuid, s.objective_uuid
        from r
        cross join lateral (
          select o.prerequisites from objective o where o.uuid = r.objective limit 1) o
        cross join lateral unnest(o.prerequisites) as p(uuid)
        cross join lateral (
          select s.team_uuid, s.objective_uuid from team_objective_state s
          where s.team_uuid = r.team and s.objective_uuid = p.uuid
            and s.solved_at is not null limit 1) s
        where r.locked) s),
      'speedruns', (select coalesce(json_agg(x), '[]') from (
        select distinct x.session_uuid, x.objective_uuid, x.launched_at, x.paused_ms_at_launch
        from r cross join lateral (
          select x.session_uuid, x.objective_uuid, x.launched_at, x.paused_ms_at_launch
          from speedrun x
          where x.session_uuid = r.session and x.objective_uuid = r.objective limit 1) x
        where r.correct) x),
      'known', (select coalesce(json_agg(w), '[]') from (
        select distinct w.team_uuid, w.objective_uuid, w.answer_digest
        from r cross join lateral (
          select w.team_uuid, w.objective_uuid, w.answer_digest from team_wrong_answer w
          where w.team_uuid = r.team and w.objective_uuid = r.objective
            and w.answer_digest = r.digest limit 1) w) w),
      'receipts', (select coalesce(json_agg(x), '[]') from (
        select r.team as team_uuid, r.client as client_id, s.result
        from r cross join lateral (
          select s.result from submission s
          where s.team_uuid = r.team and s.client_id = r.client limit 1) s
        where r.client is not null) x)
    ) as data`,
  standings: `
    select json_build_object(
      'ranking', (select coalesce(json_agg(k), '[]') from (
        select t.session_uuid, t.uuid, t.name, t.score, t.score_reached_at, t.eliminated_at,
          t.logo is not null as has_logo, t.completed_objectives as completed
        from jsonb_array_elements_text($1::jsonb) as g(uuid)
        cross join lateral (
          select * from gaming_session_team t where t.session_uuid = g.uuid::uuid offset 0) t) k)
    ) as data`,
} as const;

/**
 * The write's text, with the events' CTEs (`APPENDING_CTES`) before its own or without events; its
 * own parameters follow the `p` of the events. A few texts at most, each made once, found by the
 * events' text itself (a constant: its hash is computed once, not at every batch).
 */
const writeTexts = new Map<string | null, { p: number; text: string }>();
export const writeStatement = (appended: string | null, p: number) => {
  const kept = writeTexts.get(appended);
  let text = kept?.p === p ? kept.text : undefined;
  if (text === undefined) {
    text = `
    with ${appended ? `${appended},` : ''}
    wrong as (
      insert into team_wrong_answer (team_uuid, objective_uuid, answer_digest)
      select w.team, w.objective, w.digest
      from jsonb_to_recordset($${p + 1}::jsonb) as w(team uuid, objective uuid, digest text)
      on conflict do nothing
    ),
    ledger as (
      insert into score_entry (session_uuid, team_uuid, objective_uuid, kind, points, account_id)
      select l.session, l.team, l.objective, l.kind, l.points, l.account
      from jsonb_to_recordset($${p + 2}::jsonb)
        as l(key integer, session uuid, team uuid, objective uuid, kind text, points integer,
             account uuid)
      order by l.key
      on conflict (session_uuid, objective_uuid) where kind = 'first_blood' do nothing
      returning team_uuid, objective_uuid, kind, points
    ),
    changes as (
      select * from jsonb_to_recordset($${p + 3}::jsonb)
        as c(team uuid, objective uuid, session uuid, attempts integer, solver uuid)
    ),
    states as (
      insert into team_objective_state as s
        (team_uuid, objective_uuid, session_uuid, attempts, solved_at, solved_by,
         first_attempt_at)
      select c.team, c.objective, c.session, c.attempts,
        case when c.solver is null then null else clock_timestamp() end, c.solver,
        clock_timestamp()
      from changes c
      on conflict (team_uuid, objective_uuid) do update set
        attempts = excluded.attempts,
        solved_at = case when excluded.solved_by is null then s.solved_at
          else excluded.solved_at end,
        solved_by = coalesce(excluded.solved_by, s.solved_by),
        first_attempt_at = coalesce(s.first_attempt_at, excluded.first_attempt_at)
    ),
    moves as (
      select m.team_uuid, sum(m.points) as delta, sum(m.solves) as solves from (
        select team_uuid, points, 0 as solves from ledger
        union all
        select team, 0, 1 from changes where solver is not null) m
      group by m.team_uuid
    ),
    scores as (
      update gaming_session_team t set
        (score, completed_objectives, score_reached_at) = (
          select t.score + m.delta, t.completed_objectives + m.solves,
            case when m.delta <> 0 then clock_timestamp() else t.score_reached_at end
          from moves m where m.team_uuid = t.uuid)
      where t.uuid = any(array(
        select team_uuid from moves where delta <> 0 or solves <> 0))
    ),
    decided as (
      select s.*, s.blood <> 0 and exists (
          select 1 from ledger l where l.kind = 'first_blood'
            and l.team_uuid = s.team and l.objective_uuid = s.objective) as won
      from jsonb_to_recordset($${p + 4}::jsonb)
        as s(session uuid, team uuid, objective uuid, account uuid, answer text,
             correct boolean, points integer, blood integer, client text, result jsonb)
    ),
    -- The first bloods each team was assumed to win and another transaction won first.
    lost as (
      select team, sum(blood) as blood from decided where blood <> 0 and not won group by team
    ),
    submissions as (
      insert into submission
        (session_uuid, team_uuid, objective_uuid, account_id, answer, correct, points,
         client_id, result)
      select s.session, s.team, s.objective, s.account, s.answer, s.correct,
        s.points + case when s.won then s.blood else 0 end, s.client,
        -- A first blood another transaction won is neither in the points nor in the score.
        case when s.result is not null then s.result || jsonb_build_object(
          'points', s.points + case when s.won then s.blood else 0 end,
          'firstBlood', s.won,
          'score', (s.result->>'score')::integer - coalesce(l.blood, 0)) end
      from decided s left join lost l on l.team = s.team
    )
    select json_build_object(
      'bloods', (select coalesce(json_agg(b), '[]') from (
        select team_uuid, objective_uuid from ledger where kind = 'first_blood') b),
      'appended', ${appended ? `(select coalesce(json_agg(a), '[]') from appended a)` : `'[]'::json`}
    ) as data`;
    if (writeTexts.size >= 8) writeTexts.clear();
    writeTexts.set(appended, { p, text });
  }
  return text;
};

/**
 * The SQL of a batch of answers: at most four statements whatever the size of the batch, each one
 * round trip (an answer is one short transaction; here many answers share one).
 *
 * 1. `lock` takes the locks, in key order, so batches on other connections or nodes wait for each
 *    other instead of deadlocking: the sessions (KEY SHARE: a pause waits for the answers in
 *    flight), each team's state on each objective (created if needed, the batch's answers counted
 *    on it against the brute-force bound) and the teams. It answers what the locks protect, read
 *    with them: a locked row comes back in its latest version, so the teams' scores and solved
 *    counts are those no one else can change until the batch commits. It also says which of the
 *    batch's first bloods are taken already: a batch that cannot win one has nothing to learn
 *    from its write, whose statement then appends the batch's events too (`answers.service.ts`).
 * 2. `facts` reads, in a statement of its own (so with a snapshot taken once the locks are held),
 *    what the decisions need besides: the time, trainer unlocks, solved prerequisites, running
 *    speedruns and the wrong answers the teams already gave: rows that other transactions may
 *    have inserted while this one waited for a lock, which the first statement cannot see. A
 *    batch of correct answers on open objectives, in sessions where no speedrun was ever
 *    launched (a count on the session's row, read with its lock), needs none of them: it skips
 *    this statement and takes the time the first one read after its locks.
 * 3. `write` records the outcome: wrong answers, ledger rows (a first blood only if no other
 *    transaction wrote one first), team states, the teams' scores and solved counts, and every
 *    decided submission with its text for the trainers' feed (one insert of the batch's rows,
 *    not read back: the trainers' event only says how many arrived).
 * 4. `standings` reads the rankings after it, for the sessions whose ranking is announced now.
 *
 * The plans must stay index walks whatever the statistics were when they were cached: the tables
 * of a game grow from empty while it is played, and a plan made while one was small scans it
 * whole at every batch until the next analyze (seen on PostgreSQL: batches four times slower for
 * the rest of a run). So every lookup is a lateral probe of an index (`limit 1`, or `offset 0`
 * for several rows), the team states are written by an upsert and the scores by an `= any(...)`
 * of the teams' keys, and on PostgreSQL the batches run on connections that plan index walks
 * only (`db/perf/index-walks.ts`), even on a table analyzed while it held a few rows. The embedded
 * database plans each statement afresh, from the tables' sizes as they are.
 */
export const createAnswerBatchRepository = () => ({
  lock: (
    trx: Trx,
    items: readonly {
      i: number;
      session: string;
      account: string;
      objective: string;
      client: string | null;
    }[],
    windowSeconds: number,
  ) => run<LockedBatch>(trx, ANSWER_BATCH_SQL.lock, [rowsOf(items), windowSeconds]),

  facts: (
    trx: Trx,
    rows: readonly {
      session: string;
      team: string;
      objective: string;
      locked: boolean;
      correct: boolean;
      digest: string | null;
      client: string | null;
    }[],
  ) => run<BatchFacts>(trx, ANSWER_BATCH_SQL.facts, [rowsOf(rows)]),

  write: async (
    trx: Trx,
    changes: {
      wrongAnswers: readonly { team: string; objective: string; digest: string }[];
      ledger: readonly LedgerRow[];
      states: readonly {
        team: string;
        session: string;
        objective: string;
        attempts: number;
        solver: string | null;
      }[];
      submissions: readonly SubmissionRow[];
    },
    /** Events appended by the same statement (`appendingEvents`): they may not depend on its answer. */
    events: readonly EventToAppend[] = [],
  ): Promise<{
    bloods: { team_uuid: string; objective_uuid: string }[];
    appended: AppendedEvent[];
  }> => {
    const append = events.length > 0 ? appendingEvents(events) : null;
    // The events' CTEs come first, with their own parameters; the write's follow them.
    const data = await run<{
      bloods: { team_uuid: string; objective_uuid: string }[];
      appended: AppendedRow[];
    }>(trx, writeStatement(append?.text ?? null, append?.parameters.length ?? 0), [
      ...(append?.parameters ?? []),
      rowsOf(changes.wrongAnswers),
      rowsOf(changes.ledger),
      rowsOf(changes.states),
      rowsOf(changes.submissions),
    ]);
    return { bloods: data.bloods, appended: append ? append.sequences(data.appended) : [] };
  },

  /**
   * Takes the session's row for the early end, after the batch's own locks and before its writes
   * and events: of two batches completing the last two teams at once, the second waits here
   * until the first commits, then reads its solve (each statement of a transaction sees what was
   * committed before it began). Neither can miss the other, and the end is written once.
   */
  lockSessionForEnd: (trx: Trx, session: string) =>
    sql`select uuid from gaming_session where uuid = ${session} for no key update`.execute(trx),

  /** The teams of the session as committed now: whether each plays on, and how far it got. */
  teamsProgress: (trx: Trx, session: string) =>
    trx
      .selectFrom('gaming_session_team')
      .select(['uuid', 'completed_objectives as completed', 'eliminated_at'])
      .where('session_uuid', '=', session)
      .execute(),

  /** Ends the play at `now`, once: its duration becomes what was played (a positive one). */
  endAllSolved: (trx: Trx, session: string, now: Date) =>
    trx
      .updateTable('gaming_session')
      .set({
        all_solved_at: now,
        duration_ms: sql<number>`greatest(1, floor(extract(epoch from (${now}::timestamptz
          - starts_at)) * 1000)::bigint - paused_ms)`,
      })
      .where('uuid', '=', session)
      .where('all_solved_at', 'is', null)
      .where('starts_at', 'is not', null)
      .returningAll()
      .executeTakeFirst(),

  standings: (trx: Trx, rankedSessions: readonly string[]) =>
    run<{
      ranking: {
        session_uuid: string;
        uuid: string;
        name: string;
        score: number;
        score_reached_at: string | null;
        eliminated_at: string | null;
        has_logo: boolean;
        completed: number;
      }[];
    }>(trx, ANSWER_BATCH_SQL.standings, [JSON.stringify(rankedSessions)]),
});

export type AnswerBatchRepository = ReturnType<typeof createAnswerBatchRepository>;
