import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestDatabase } from './database.js';
import { TestBrowser } from './browser.js';
import { buildChapter } from './content-factories.js';
import { buildAccount } from './factories.js';
import { createTeamOk, createTrainerSession } from './session-factories.js';

export type SignedIn = TestBrowser & { account: { id: string; pseudo: string } };

/** A fresh account of the role, signed in on its side. */
export const signIn = async (
  app: FastifyInstance,
  database: TestDatabase,
  role: 'player' | 'trainer' = 'player',
): Promise<SignedIn> => {
  const account = await buildAccount(database.db, { role });
  const browser = new TestBrowser(app);
  await browser.login(account.username, account.password, role);
  return Object.assign(browser, { account });
};

/**
 * A session (in its lobby: chat needs no running game) with `teams` teams of `size` players, a
 * player who joined without a team, and the trainer who created it.
 */
export const buildChatSession = async (
  app: FastifyInstance,
  database: TestDatabase,
  options: { teams?: number; size?: number; trainer?: SignedIn } = {},
) => {
  const teams = options.teams ?? 2;
  const size = options.size ?? 2;
  const trainer = options.trainer ?? (await signIn(app, database, 'trainer'));
  const chapter = await buildChapter(database.db);
  const session = await createTrainerSession(trainer, {
    missionUuid: chapter.missions[0]!.uuid,
    maxTeams: teams,
    playersPerTeam: size,
  });
  const members: SignedIn[][] = [];
  const teamUuids: string[] = [];
  for (let t = 0; t < teams; t += 1) {
    const captain = await signIn(app, database);
    const team = await createTeamOk(captain, session.uuid, `Team ${t} ${randomUUID().slice(0, 4)}`);
    const others: SignedIn[] = [];
    for (let m = 1; m < size; m += 1) {
      const other = await signIn(app, database);
      const joined = await other.post(`/api/sessions/${session.uuid}/teams/join`, {
        token: team.token,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      others.push(other);
    }
    members.push([captain, ...others]);
    teamUuids.push(team.uuid);
  }
  const teamless = await signIn(app, database);
  const joined = await teamless.post(`/api/sessions/${session.uuid}/join`);
  expect(joined.statusCode, joined.body).toBeLessThan(300);
  return { uuid: session.uuid, trainer, members, teamUuids, teamless };
};
