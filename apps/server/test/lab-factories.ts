import { randomBytes, randomUUID } from 'node:crypto';
import { labTemplateSchema, type LabTemplate, type LabTemplateInput } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { buildChapter } from './content-factories.js';
import { buildAccount } from './factories.js';

/** A small valid lab: a workstation (the console's) and a web target. */
export const labTemplate = (overrides: Partial<LabTemplateInput> = {}): LabTemplate =>
  labTemplateSchema.parse({
    machines: [
      { name: 'workstation', image: 'rampart/workstation:1' },
      { name: 'web', image: 'rampart/web:1', ports: [{ port: 80 }], env: { FLAG: 'RAMPART{lab}' } },
    ],
    consoleMachine: 'workstation',
    ttlSeconds: 1800,
    maxTtlSeconds: 3600,
    readyTimeoutSeconds: 60,
    ...overrides,
  });

/** Gives a mission a lab (or takes it away), as a pack import would. */
export const setMissionLab = (db: Kysely<Database>, missionUuid: string, lab: LabTemplate | null) =>
  db
    .updateTable('mission')
    .set({ lab: lab ? JSON.stringify(lab) : null })
    .where('uuid', '=', missionUuid)
    .execute();

/**
 * A gaming session with `teams` teams written straight into the tables, playing a mission with
 * a lab; running since `startsAt` (now by default) for `durationMs`.
 */
export const buildLabSession = async (
  db: Kysely<Database>,
  options: {
    teams?: number;
    lab?: LabTemplate | null;
    startsAt?: Date | null;
    durationMs?: number;
    missionUuid?: string;
  } = {},
) => {
  const owner = await buildAccount(db, { role: 'trainer' });
  let missionUuid = options.missionUuid;
  if (!missionUuid) {
    const chapter = await buildChapter(db);
    missionUuid = chapter.missions[0]!.uuid;
    await setMissionLab(db, missionUuid, options.lab === undefined ? labTemplate() : options.lab);
  }
  const uuid = randomUUID();
  await db
    .insertInto('gaming_session')
    .values({
      uuid,
      name: `Lab session ${uuid.slice(0, 4)}`,
      mission_uuid: missionUuid,
      owner_id: owner.id,
      owner_kind: 'trainer',
      max_teams: Math.max(options.teams ?? 2, 1),
      players_per_team: 3,
      min_players_per_team: 1,
      duration_ms: options.durationMs ?? 3600_000,
      countdown_ms: 0,
      start_wait_ms: 120_000,
      scheduled_start_at: null,
      start_requested_at: null,
      starts_at: options.startsAt === undefined ? new Date(Date.now() - 1000) : options.startsAt,
      paused_at: null,
      stopped_at: null,
    })
    .execute();
  const teamUuids: string[] = [];
  for (let index = 0; index < (options.teams ?? 2); index += 1) {
    const teamUuid = randomUUID();
    const name = `Team ${index} ${randomBytes(2).toString('hex')}`;
    await db
      .insertInto('gaming_session_team')
      .values({
        uuid: teamUuid,
        session_uuid: uuid,
        name,
        name_key: name.toLowerCase(),
        token: randomBytes(8).toString('hex'),
        logo: null,
        logo_type: null,
        created_by: null,
        score_reached_at: null,
        eliminated_at: null,
        elimination_reason: null,
      })
      .execute();
    teamUuids.push(teamUuid);
  }
  return { uuid, missionUuid, teamUuids };
};
