import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { TestBrowser } from './browser.js';
import { buildAccount } from './factories.js';
import { multipart, type MultipartFile } from './multipart.js';

/** A small real PNG, optionally carrying a text chunk (metadata a logo must lose). */
export const pngLogo = async (options: { comment?: string; size?: number } = {}) => {
  const size = options.size ?? 64;
  let image = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 190, g: 222, b: 71 } },
  }).png();
  if (options.comment)
    image = image.withMetadata({ exif: { IFD0: { ImageDescription: options.comment } } });
  return new Uint8Array(await image.toBuffer());
};

export const logoFile = (
  data: Uint8Array,
  filename = 'logo.png',
  contentType = 'image/png',
): MultipartFile => ({
  filename,
  contentType,
  data,
});

export interface SessionSettings {
  missionUuid: string;
  name?: string;
  maxTeams?: number;
  playersPerTeam?: number;
  minPlayersPerTeam?: number;
  durationMinutes?: number;
  scheduledStartAt?: string;
  endWhenAllSolved?: boolean;
}

/** A trainer's session, through the API. */
export const createTrainerSession = async (trainer: TestBrowser, settings: SessionSettings) => {
  const response = await trainer.post('/api/trainer/sessions', {
    name: 'Friday exercise',
    maxTeams: 4,
    playersPerTeam: 3,
    durationMinutes: 30,
    ...settings,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session as { uuid: string; status: string };
};

/** Creates a team as a player (joining the session first), through the API. */
export const createTeam = async (
  player: TestBrowser,
  sessionUuid: string,
  name: string,
  logo?: MultipartFile,
) => {
  const form = multipart({ name, ...(logo ? { logo } : {}) });
  return player.post(`/api/sessions/${sessionUuid}/teams`, form.payload, { headers: form.headers });
};

export const createTeamOk = async (
  player: TestBrowser,
  sessionUuid: string,
  name: string,
  logo?: MultipartFile,
) => {
  const response = await createTeam(player, sessionUuid, name, logo);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().team as {
    uuid: string;
    name: string;
    token: string;
    logoUrl: string | null;
  };
};

/** A new player, signed in: `sessionWithTeams`'s usual `signIn`. */
export const signedInPlayer = async (app: FastifyInstance, db: Kysely<Database>) => {
  const account = await buildAccount(db);
  const browser = new TestBrowser(app);
  await browser.login(account.username, account.password);
  return browser;
};

/**
 * A trainer's session with `teams` teams of `size` players each (the first creates the team,
 * the others join with its token), started past its countdown unless `start` is false.
 */
export const sessionWithTeams = async <Player extends TestBrowser>(options: {
  trainer: TestBrowser;
  missionUuid: string;
  signIn: () => Promise<Player>;
  clock: { advance(ms: number): void };
  teams?: number;
  size?: number;
  start?: boolean;
  settings?: Partial<SessionSettings>;
}) => {
  const { trainer, teams = 2, size = 1, start = true } = options;
  const session = await createTrainerSession(trainer, {
    missionUuid: options.missionUuid,
    maxTeams: Math.max(teams, 1),
    playersPerTeam: Math.max(size, 1),
    ...options.settings,
  });
  const members: Player[][] = [];
  const teamUuids: string[] = [];
  for (let t = 0; t < teams; t += 1) {
    const captain = await options.signIn();
    const team = await createTeamOk(captain, session.uuid, `Team ${t} ${randomUUID().slice(0, 4)}`);
    const others = await Promise.all(Array.from({ length: size - 1 }, () => options.signIn()));
    for (const other of others) {
      const joined = await other.post(`/api/sessions/${session.uuid}/teams/join`, {
        token: team.token,
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    members.push([captain, ...others]);
    teamUuids.push(team.uuid);
  }
  if (start) {
    const started = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
      force: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    options.clock.advance(10_000); // to the end of the countdown
  }
  return { uuid: session.uuid, members, teamUuids };
};
