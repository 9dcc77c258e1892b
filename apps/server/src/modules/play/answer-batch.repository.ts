import type { ObjectiveType } from '@rampart/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database, ObjectiveAnswer, ScoreEntryKind } from '../../db/schema.js';

type Trx = Transaction<Database>;

/** Rows handed to a statement as one JSON parameter, read back with `jsonb_to_recordset`. */
const rowsOf = (rows: readonly object[]) => JSON.stringify(rows);

/** One JSON value a statement answers, built by the database (`json_build_object`). */
const dataOf = async <T>(query: Promise<{ rows: { data: T }[] }>) => (await query).rows[0]!.data;

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
  limits: { key: string; hits: number }[];
  states: { team_uuid: string; objective_uuid: string; attempts: number; solved: boolean }[];
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
  /** Each answering team before the batch: score, objectives solved, the mission's total. */
  progress: { uuid: string; score: number; completed: number; total: number }[];
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
 * The SQL of a batch of answers: four statements whatever the size of the batch, each one round
 * trip (DESIGN §10: an answer is one short transaction; here many answers share one).
 *
 * 1. `lock` takes the locks, in key order, so batches on other connections or nodes wait for each
 *    other instead of deadlocking: the sessions (KEY SHARE: a pause waits for the answers in
 *    flight), the brute-force counters, each team's state on each objective (created if needed)
 *    and the teams. It answers what the locks protect, read after them.
 * 2. `facts` reads, in a statement of its own (so with a snapshot taken once the locks are held),
 *    what the decisions need besides: the time, trainer unlocks, solved prerequisites, running
 *    speedruns, the wrong answers the teams already gave, and each team's score and progress
 *    (which only this batch can change now: the batch holds the teams' rows).
 * 3. `write` records the outcome: wrong answers, ledger rows (a first blood only if no other
 *    transaction wrote one first), team states and scores.
 * 4. `standings` reads the rankings after it, for the sessions whose ranking is announced now.
 */
export const createAnswerBatchRepository = () => ({
  lock: (
    trx: Trx,
    items: readonly { i: number; session: string; account: string; objective: string }[],
    windowSeconds: number,
  ) =>
    dataOf<LockedBatch>(
      sql<{ data: LockedBatch }>`
        with r as (
          select * from jsonb_to_recordset(${rowsOf(items)}::jsonb)
            as r(i integer, session uuid, account uuid, objective uuid)
        ),
        members as (
          select r.i, r.objective, r.session, p.team_uuid, t.name as team_name,
            t.eliminated_at is not null as eliminated
          from r
          join gaming_session_player p on p.session_uuid = r.session and p.account_id = r.account
          left join gaming_session_team t on t.uuid = p.team_uuid
        ),
        sessions as (
          select uuid, mission_uuid, duration_ms, countdown_ms, start_wait_ms, scheduled_start_at,
            start_requested_at, starts_at, paused_at, paused_ms, stopped_at
          from gaming_session where uuid in (select session from members)
          order by uuid for key share
        ),
        objectives as (
          select o.uuid, o.mission_uuid, o.type, o.points, o.penalty, o.max_attempts,
            o.first_blood_bonus, o.locked, o.prerequisites, o.choices, o.answer
          from objective o where o.uuid in (select objective from members)
        ),
        limits as (
          insert into rate_limit_bucket as bucket (key, hits, reset_at)
          select 'answer:' || m.team_uuid || ':' || m.objective, count(*),
            now() + make_interval(secs => ${windowSeconds})
          from members m where m.team_uuid is not null
          group by 1 order by 1
          on conflict (key) do update set
            hits = case when bucket.reset_at <= now()
              then excluded.hits else bucket.hits + excluded.hits end,
            reset_at = case when bucket.reset_at <= now()
              then excluded.reset_at else bucket.reset_at end
          returning key, hits
        ),
        states as (
          insert into team_objective_state as s (team_uuid, objective_uuid, session_uuid)
          select distinct m.team_uuid, m.objective, m.session
          from members m
          join sessions g on g.uuid = m.session
          join objectives o on o.uuid = m.objective and o.mission_uuid = g.mission_uuid
          where m.team_uuid is not null
          order by 1, 2
          on conflict (team_uuid, objective_uuid) do update set attempts = s.attempts
          returning s.team_uuid, s.objective_uuid, s.attempts, s.solved_at is not null as solved
        ),
        teams as (
          select uuid from gaming_session_team
          where uuid in (select team_uuid from states)
          order by uuid for no key update
        )
        select json_build_object(
          'members', (select coalesce(json_agg(m), '[]') from (
            select i, team_uuid, team_name, eliminated from members) m),
          'sessions', (select coalesce(json_agg(g), '[]') from sessions g),
          'objectives', (select coalesce(json_agg(o), '[]') from objectives o),
          'limits', (select coalesce(json_agg(l), '[]') from limits l),
          'states', (select coalesce(json_agg(s), '[]') from states s),
          'teams', (select count(*) from teams)
        ) as data`.execute(trx),
    ),

  facts: (
    trx: Trx,
    rows: readonly {
      session: string;
      team: string;
      objective: string;
      locked: boolean;
      correct: boolean;
      digest: string | null;
    }[],
  ) =>
    dataOf<BatchFacts>(
      sql<{ data: BatchFacts }>`
        with r as (
          select * from jsonb_to_recordset(${rowsOf(rows)}::jsonb)
            as r(session uuid, team uuid, objective uuid, locked boolean, correct boolean,
                 digest text)
        )
        select json_build_object(
          'now', clock_timestamp(),
          'unlocked', (select coalesce(json_agg(u), '[]') from (
            select distinct u.session_uuid, u.objective_uuid
            from r join objective_unlock u
              on u.session_uuid = r.session and u.objective_uuid = r.objective
            where r.locked) u),
          'solved', (select coalesce(json_agg(s), '[]') from (
            select distinct s.team_uuid, s.objective_uuid
            from r
            join objective o on o.uuid = r.objective
            join team_objective_state s on s.team_uuid = r.team
              and s.objective_uuid = any(o.prerequisites)
            where r.locked and s.solved_at is not null) s),
          'speedruns', (select coalesce(json_agg(x), '[]') from (
            select distinct x.session_uuid, x.objective_uuid, x.launched_at, x.paused_ms_at_launch
            from r join speedrun x
              on x.session_uuid = r.session and x.objective_uuid = r.objective
            where r.correct) x),
          'known', (select coalesce(json_agg(w), '[]') from (
            select distinct w.team_uuid, w.objective_uuid, w.answer_digest
            from r join team_wrong_answer w on w.team_uuid = r.team
              and w.objective_uuid = r.objective and w.answer_digest = r.digest) w),
          'progress', (select coalesce(json_agg(p), '[]') from (
            select t.uuid, t.score,
              (select count(*) from team_objective_state s
                where s.team_uuid = t.uuid and s.solved_at is not null) as completed,
              (select count(*) from objective o where o.mission_uuid = g.mission_uuid) as total
            from gaming_session_team t join gaming_session g on g.uuid = t.session_uuid
            where t.uuid in (select team from r)) p)
        ) as data`.execute(trx),
    ),

  write: (
    trx: Trx,
    changes: {
      wrongAnswers: readonly { team: string; objective: string; digest: string }[];
      ledger: readonly LedgerRow[];
      states: readonly {
        team: string;
        objective: string;
        attempts: number;
        solver: string | null;
      }[];
    },
  ) =>
    dataOf<{ bloods: { team_uuid: string; objective_uuid: string }[] }>(
      sql<{ data: { bloods: { team_uuid: string; objective_uuid: string }[] } }>`
        with wrong as (
          insert into team_wrong_answer (team_uuid, objective_uuid, answer_digest)
          select w.team, w.objective, w.digest
          from jsonb_to_recordset(${rowsOf(changes.wrongAnswers)}::jsonb)
            as w(team uuid, objective uuid, digest text)
          on conflict do nothing
        ),
        ledger as (
          insert into score_entry (session_uuid, team_uuid, objective_uuid, kind, points, account_id)
          select l.session, l.team, l.objective, l.kind, l.points, l.account
          from jsonb_to_recordset(${rowsOf(changes.ledger)}::jsonb)
            as l(key integer, session uuid, team uuid, objective uuid, kind text, points integer,
                 account uuid)
          order by l.key
          on conflict (session_uuid, objective_uuid) where kind = 'first_blood' do nothing
          returning team_uuid, objective_uuid, kind, points
        ),
        states as (
          update team_objective_state s set
            attempts = c.attempts,
            solved_at = case when c.solver is null then s.solved_at else clock_timestamp() end,
            solved_by = coalesce(c.solver, s.solved_by),
            first_attempt_at = coalesce(s.first_attempt_at, clock_timestamp())
          from jsonb_to_recordset(${rowsOf(changes.states)}::jsonb)
            as c(team uuid, objective uuid, attempts integer, solver uuid)
          where s.team_uuid = c.team and s.objective_uuid = c.objective
        ),
        deltas as (
          select team_uuid, sum(points) as delta from ledger group by team_uuid
        ),
        scores as (
          update gaming_session_team t set
            score = t.score + d.delta,
            score_reached_at = clock_timestamp()
          from deltas d where t.uuid = d.team_uuid and d.delta <> 0
        )
        select json_build_object(
          'bloods', (select coalesce(json_agg(b), '[]') from (
            select team_uuid, objective_uuid from ledger where kind = 'first_blood') b)
        ) as data`.execute(trx),
    ),

  standings: (trx: Trx, rankedSessions: readonly string[]) =>
    dataOf<{
      ranking: {
        session_uuid: string;
        uuid: string;
        name: string;
        score: number;
        score_reached_at: string | null;
        eliminated_at: string | null;
      }[];
    }>(
      sql<{ data: never }>`
        select json_build_object(
          'ranking', (select coalesce(json_agg(k), '[]') from (
            select t.session_uuid, t.uuid, t.name, t.score, t.score_reached_at, t.eliminated_at
            from gaming_session_team t
            where t.session_uuid in (
              select value::uuid from jsonb_array_elements_text(${JSON.stringify(rankedSessions)}::jsonb))) k)
        ) as data`.execute(trx),
    ),
});

export type AnswerBatchRepository = ReturnType<typeof createAnswerBatchRepository>;
