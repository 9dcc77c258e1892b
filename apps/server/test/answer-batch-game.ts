import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { buildChapter } from './content-factories.js';
import { buildAccount } from './factories.js';

/** Tables a game fills while it is played: a plan must never read one of them whole. */
export const GROWING = [
  'gaming_session',
  'gaming_session_player',
  'gaming_session_team',
  'team_objective_state',
  'team_wrong_answer',
  'score_entry',
  'submission',
];

/** A node of a plan as `explain (format json)` gives it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The tables a plan reads whole. */
export const scansOf = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' ? [node['Relation Name']!] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

/**
 * A started game of one mission with two objectives (the first with a penalty of 2), owned by
 * a new player, for up to `maxTeams` teams of one; `fillGame` then gives it teams and a past.
 */
export const startPlansGame = async (db: Kysely<Database>, maxTeams: number) => {
  const chapter = await buildChapter(db, { missions: [{ objectives: [{ penalty: 2 }, {}] }] });
  const mission = chapter.missions[0]!;
  const player = await buildAccount(db);
  const session = randomUUID();
  await db
    .insertInto('gaming_session')
    .values({
      uuid: session,
      name: 'plans',
      mission_uuid: mission.uuid,
      owner_id: player.id,
      owner_kind: 'player',
      max_teams: maxTeams,
      players_per_team: 1,
      min_players_per_team: 1,
      duration_ms: 3_600_000,
      countdown_ms: 0,
      start_wait_ms: 0,
      starts_at: new Date(),
    })
    .execute();
  return {
    session,
    mission: mission.uuid,
    player: player.id,
    objectives: mission.objectives.map((objective) => objective.uuid),
  };
};

/**
 * A game under way on an instance with a past: `pastSessions` ended sessions of two teams, and
 * `teams` teams of one player in the game (the first is `player`'s); every team has its state on
 * both objectives, a wrong answer and a penalty.
 */
export const fillGame = async (
  db: Kysely<Database>,
  { session, mission, player }: { session: string; mission: string; player: string },
  { teams, pastSessions }: { teams: number; pastSessions: number },
  [objective, other]: string[],
) => {
  await sql`
    insert into gaming_session (uuid, name, mission_uuid, owner_id, owner_kind, max_teams,
      players_per_team, min_players_per_team, duration_ms, countdown_ms, start_wait_ms, stopped_at)
    select gen_random_uuid(), 'past ' || n, ${mission}, ${player}, 'player', 10, 1, 1, 60000, 0, 0,
      now()
    from generate_series(1, ${pastSessions}::int) n`.execute(db);
  await sql`
    insert into gaming_session_team (uuid, session_uuid, name, name_key, token)
    select gen_random_uuid(), ${session}, 'team ' || n, 'team ' || n, md5(${session} || n)
    from generate_series(1, ${teams}::int) n
    union all
    select gen_random_uuid(), g.uuid, 'team ' || n, 'team ' || n, md5(g.uuid::text || n)
    from gaming_session g, generate_series(1, 2) n where g.name like 'past %'`.execute(db);
  await sql`
    insert into account (username, password_hash, role, pseudo, locale)
    select 'plans_' || n, 'x', 'player', 'Player ' || n, 'en'
    from generate_series(2, ${teams}::int) n`.execute(db);
  await sql`
    insert into gaming_session_player (session_uuid, account_id, team_uuid, team_joined_at)
    select t.session_uuid, a.id, t.uuid, now()
    from (select id, row_number() over (order by id = ${player} desc, id) as n from account
          where username like 'plans\_%' or id = ${player}) a
    join (select uuid, session_uuid,
            row_number() over (partition by session_uuid order by name) as n
          from gaming_session_team) t using (n)`.execute(db);
  await sql`
    insert into team_objective_state (team_uuid, objective_uuid, session_uuid, attempts)
    select t.uuid, o.uuid, t.session_uuid, 1
    from gaming_session_team t, (values (${objective}::uuid), (${other}::uuid)) o(uuid)`.execute(
    db,
  );
  await sql`
    insert into team_wrong_answer (team_uuid, objective_uuid, answer_digest)
    select uuid, ${objective}, md5(uuid::text) from gaming_session_team`.execute(db);
  await sql`
    insert into score_entry (session_uuid, team_uuid, objective_uuid, kind, points)
    select session_uuid, uuid, ${objective}, 'penalty', -2 from gaming_session_team`.execute(db);
};

/** The team `player` plays in once `fillGame` has given the game its teams. */
export const teamOf = async (db: Kysely<Database>, player: string): Promise<string> =>
  (
    await db
      .selectFrom('gaming_session_player')
      .select('team_uuid')
      .where('account_id', '=', player)
      .executeTakeFirstOrThrow()
  ).team_uuid!;
