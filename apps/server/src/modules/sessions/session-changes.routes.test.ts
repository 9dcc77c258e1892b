import { auditEntrySchema, getSession, getTrainerSession } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { testClock } from '../../../test/clock.js';
import {
  createTeamOk,
  createTrainerSession,
  sessionWithTeams,
} from '../../../test/session-factories.js';
import { openEventStream, type EventStreamClient } from '../../../test/event-stream.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream, userStream } from '../../realtime/streams.js';

type Player = TestBrowser & { account: { id: string; pseudo: string } };

describe(`changing a session under way and fixing its teams (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let chapter: BuiltChapter;
  let base: string;
  const clock = testClock();
  const streams: EventStreamClient[] = [];

  const signedIn = async (): Promise<Player> => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  const game = (options: { teams?: number; size?: number; start?: boolean; maxTeams?: number }) =>
    sessionWithTeams({
      trainer,
      missionUuid: chapter.missions[0]!.uuid,
      signIn: signedIn,
      clock,
      teams: options.teams ?? 2,
      size: options.size ?? 1,
      start: options.start ?? true,
      ...(options.maxTeams ? { settings: { maxTeams: options.maxTeams } } : {}),
    });

  const patch = (uuid: string, body: unknown) =>
    trainer.request({
      method: 'PATCH',
      url: `/api/trainer/sessions/${uuid}`,
      payload: body as never,
    });

  const trainerView = async (uuid: string) => {
    const response = await trainer.get(`/api/trainer/sessions/${uuid}`);
    expect(response.statusCode, response.body).toBe(200);
    return getTrainerSession.responses[200].parse(response.json()).session;
  };

  const detail = async (player: TestBrowser, uuid: string) => {
    const response = await player.get(`/api/sessions/${uuid}`);
    expect(response.statusCode, response.body).toBe(200);
    return getSession.responses[200].parse(response.json()).session;
  };

  const eventsOf = async (uuid: string) =>
    (await readEventsAfter(database.db, sessionStream(uuid), 0, 10_000)).map((event) => ({
      type: event.type,
      payload: event.payload as Record<string, unknown>,
    }));

  const auditOf = async (uuid: string) => {
    const response = await trainer.get(`/api/trainer/sessions/${uuid}/audit`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().entries as unknown[]).map((entry) => auditEntrySchema.parse(entry));
  };

  const codeOf = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    code: (response.json() as { error?: { code: string } }).error?.code,
  });

  const solve = async (player: TestBrowser, uuid: string) => {
    const objective = chapter.missions[0]!.objectives[0]!;
    if (objective.answer.kind !== 'flag') throw new Error('a flag objective was expected');
    const response = await player.post(
      `/api/sessions/${uuid}/objectives/${objective.uuid}/answers`,
      { answer: objective.answer.accepted[0] },
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    chapter = await buildChapter(database.db, {
      visibility: 'open',
      missions: [{ objectives: [{ type: 'flag' as const }, { type: 'flag' as const }] }],
    });
  });

  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('changing a session under way', () => {
    it('adds minutes to a running game: the end moves, players are told, the audit says so', async () => {
      const { uuid, members } = await game({});
      const before = await trainerView(uuid);
      const response = await patch(uuid, { addMinutes: 5, name: 'Friday, extended' });
      expect(response.statusCode, response.body).toBe(200);
      const after = getTrainerSession.responses[200].parse(response.json()).session;
      expect(Date.parse(after.endsAt!) - Date.parse(before.endsAt!)).toBe(5 * 60_000);
      expect(after).toMatchObject({ name: 'Friday, extended', durationMinutes: 35 });
      expect((await detail(members[0]![0]!, uuid)).endsAt).toBe(after.endsAt);

      const changed = (await eventsOf(uuid)).find((e) => e.type === 'session.settings_changed');
      expect(changed?.payload).toMatchObject({
        name: 'Friday, extended',
        minutesAdded: 5,
        endsAt: after.endsAt,
        status: 'running',
      });
      const own = await readEventsAfter(
        database.db,
        userStream((members[0]![0] as Player).account.id),
        0,
        100,
      );
      expect(own.map((event) => event.type)).toContain('session.changed');
      const [entry] = await auditOf(uuid);
      expect(entry).toMatchObject({
        action: 'session.updated',
        details: {
          addMinutes: 5,
          from: { name: 'Friday exercise', durationMinutes: 30 },
          to: { name: 'Friday, extended', durationMinutes: 35 },
        },
      });
    });

    it('refuses to remove minutes that would end the game now, and removes those that would not', async () => {
      const { uuid } = await game({});
      clock.advance(20 * 60_000); // 10 of the 30 minutes left
      expect(codeOf(await patch(uuid, { addMinutes: -10 }))).toEqual({
        status: 409,
        code: 'session.would_end',
      });
      expect(codeOf(await patch(uuid, { addMinutes: -15 }))).toEqual({
        status: 409,
        code: 'session.would_end',
      });
      expect((await trainerView(uuid)).durationMinutes).toBe(30);
      const shortened = await patch(uuid, { addMinutes: -9 });
      expect(shortened.statusCode, shortened.body).toBe(200);
      expect((await trainerView(uuid)).remainingMs).toBe(60_000);
    });

    it('changes a paused game’s minutes, and refuses an ended one', async () => {
      const { uuid } = await game({});
      expect((await trainer.post(`/api/trainer/sessions/${uuid}/pause`)).statusCode).toBe(200);
      clock.advance(60 * 60_000); // paused: the end waits
      expect((await patch(uuid, { addMinutes: -20 })).statusCode).toBe(200);
      const paused = await trainerView(uuid);
      expect(paused).toMatchObject({ status: 'paused', remainingMs: 10 * 60_000 });
      expect((await trainer.post(`/api/trainer/sessions/${uuid}/stop`)).statusCode).toBe(200);
      expect(codeOf(await patch(uuid, { name: 'Too late' }))).toEqual({
        status: 409,
        code: 'session.ended',
      });
    });

    it('raises and lowers the limits, never below the teams and players already there', async () => {
      const { uuid } = await game({ teams: 2, size: 2, start: false, maxTeams: 3 });
      expect(codeOf(await patch(uuid, { maxTeams: 1 }))).toEqual({
        status: 409,
        code: 'session.max_teams_below_teams',
      });
      expect(codeOf(await patch(uuid, { playersPerTeam: 1 }))).toEqual({
        status: 409,
        code: 'session.players_per_team_below_members',
      });
      const changed = await patch(uuid, { maxTeams: 2, playersPerTeam: 5 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await trainerView(uuid)).toMatchObject({ maxTeams: 2, playersPerTeam: 5 });
      expect(codeOf(await patch(uuid, {}))).toMatchObject({ status: 422 });
      expect(codeOf(await patch(uuid, { addMinutes: 0 }))).toMatchObject({ status: 422 });
    });

    it('keeps a team within its players when a lower limit races a join', async () => {
      for (let round = 0; round < 6; round += 1) {
        const session = await createTrainerSession(trainer, {
          missionUuid: chapter.missions[0]!.uuid,
          playersPerTeam: 3,
        });
        const [captain, joiner] = await Promise.all([signedIn(), signedIn()]);
        const team = await createTeamOk(captain, session.uuid, 'Racers');
        const [lowered, joined] = await Promise.all([
          patch(session.uuid, { playersPerTeam: 1 }),
          joiner.post(`/api/sessions/${session.uuid}/teams/join`, { token: team.token }),
        ]);
        const view = await trainerView(session.uuid);
        const size = view.teams[0]!.members.length;
        expect(size).toBeLessThanOrEqual(view.playersPerTeam);
        // Exactly one of them won: the limit with one player, or the join under the old limit.
        if (lowered.statusCode === 200) {
          expect(codeOf(joined)).toEqual({ status: 409, code: 'team.full' });
          expect(size).toBe(1);
        } else {
          expect(codeOf(lowered).code).toBe('session.players_per_team_below_members');
          expect(joined.statusCode).toBe(200);
          expect(size).toBe(2);
        }
      }
    });
  });

  describe('fixing teams', () => {
    it('moves a player; the solves and points stay with the team that earned them', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2, size: 2 });
      const mover = members[0]![1] as Player;
      await solve(mover, uuid);
      const before = await trainerView(uuid);
      const scoreOf = (view: typeof before, team: string) =>
        view.teams.find((t) => t.uuid === team)!.score;
      expect(scoreOf(before, teamUuids[0]!)).toBeGreaterThan(0);

      const response = await trainer.post(
        `/api/trainer/sessions/${uuid}/players/${mover.account.id}/move`,
        { teamUuid: teamUuids[1] },
      );
      expect(response.statusCode, response.body).toBe(409); // the other team is full (2 of 2)
      expect(codeOf(response).code).toBe('team.full');
      expect((await patch(uuid, { playersPerTeam: 3 })).statusCode).toBe(200);
      const moved = await trainer.post(
        `/api/trainer/sessions/${uuid}/players/${mover.account.id}/move`,
        { teamUuid: teamUuids[1] },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const after = await trainerView(uuid);
      expect(scoreOf(after, teamUuids[0]!)).toBe(scoreOf(before, teamUuids[0]!));
      expect(scoreOf(after, teamUuids[1]!)).toBe(0);
      const seen = await detail(mover, uuid);
      expect(seen.gaming_session_user?.gaming_session_team?.uuid).toBe(teamUuids[1]);
      expect(seen.completed_objectives).toBe(0);
      expect((await eventsOf(uuid)).find((e) => e.type === 'team.member_moved')?.payload).toEqual({
        teamUuid: teamUuids[1],
        fromTeamUuid: teamUuids[0],
        pseudo: mover.account.pseudo,
      });
      expect((await auditOf(uuid))[0]).toMatchObject({
        action: 'player.moved',
        targetUuid: mover.account.id,
      });
    });

    it('ends the open stream of a moved player, whose new stream reads the new team only', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2, size: 2 });
      expect((await patch(uuid, { playersPerTeam: 3 })).statusCode).toBe(200);
      const mover = members[0]![1] as Player;
      const url = `${base}/api/sessions/${uuid}/events`;
      const before = await openEventStream(url, { cookie: mover.cookieHeader() });
      streams.push(before);
      const moved = await trainer.post(
        `/api/trainer/sessions/${uuid}/players/${mover.account.id}/move`,
        { teamUuid: teamUuids[1] },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      await Promise.race([
        before.finished,
        new Promise((_resolve, reject) =>
          setTimeout(() => reject(new Error('the stream was left open')), 8000),
        ),
      ]);
      expect(before.messages.at(-1)).toMatchObject({ event: 'session.access_changed' });

      // Back with what it may read now: the old team's chat no longer reaches it.
      const after = await openEventStream(`${url}?lastEventId=${before.ids().at(-1)}`, {
        cookie: mover.cookieHeader(),
      });
      streams.push(after);
      const oldMate = members[0]![0]!;
      const newMate = members[1]![0]!;
      const say = async (player: TestBrowser, text: string) => {
        const { threads } = (await player.get(`/api/session/${uuid}/chat/threads`)).json() as {
          threads: { uuid: string; channel: string }[];
        };
        const team = threads.find((thread) => thread.channel === 'team')!;
        return player.post(`/api/session/${uuid}/chat/messages`, { threadId: team.uuid, text });
      };
      expect((await say(oldMate, 'old team secret')).statusCode).toBe(201);
      expect((await say(newMate, 'welcome aboard')).statusCode).toBe(201);
      await after.waitUntil(() => JSON.stringify(after.messages).includes('welcome aboard'), 8000);
      expect(JSON.stringify(after.messages)).not.toContain('old team secret');
    });

    it('lets exactly one of a move and a join take a team’s last place', async () => {
      for (let round = 0; round < 6; round += 1) {
        const { uuid, members, teamUuids } = await game({ teams: 2, size: 1, start: false });
        expect((await patch(uuid, { playersPerTeam: 2 })).statusCode).toBe(200);
        const target = (await trainerView(uuid)).teams.find((t) => t.uuid === teamUuids[1])!;
        const joiner = await signedIn();
        const mover = members[0]![0] as Player;
        const [moved, joined] = await Promise.all([
          trainer.post(`/api/trainer/sessions/${uuid}/players/${mover.account.id}/move`, {
            teamUuid: target.uuid,
          }),
          joiner.post(`/api/sessions/${uuid}/teams/join`, { token: target.token }),
        ]);
        const statuses = [moved.statusCode, joined.statusCode].sort();
        expect(statuses).toEqual([200, 409]);
        const loser = moved.statusCode === 409 ? moved : joined;
        expect(codeOf(loser).code).toBe('team.full');
        const view = await trainerView(uuid);
        expect(view.teams.find((t) => t.uuid === target.uuid)!.members).toHaveLength(2);
      }
    });

    it('removes a player: their team keeps its points, they are told, and may not read the game', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2, size: 2 });
      const removed = members[0]![0] as Player;
      await solve(removed, uuid);
      const score = (await trainerView(uuid)).teams.find((t) => t.uuid === teamUuids[0])!.score;
      const response = await trainer.delete(
        `/api/trainer/sessions/${uuid}/players/${removed.account.id}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const view = getTrainerSession.responses[200].parse(response.json()).session;
      const team = view.teams.find((t) => t.uuid === teamUuids[0])!;
      expect(team.score).toBe(score);
      expect(team.members).toHaveLength(1);
      expect((await detail(removed, uuid)).gaming_session_user).toBeNull();
      expect((await removed.get(`/api/sessions/${uuid}/objectives`)).statusCode).toBe(403);
      const told = await readEventsAfter(database.db, userStream(removed.account.id), 0, 100);
      expect(told.at(-1)).toMatchObject({
        type: 'session.changed',
        payload: { sessionUuid: uuid, removed: true },
      });
      expect((await eventsOf(uuid)).find((e) => e.type === 'session.player_left')).toMatchObject({
        type: 'session.player_left',
        payload: { pseudo: removed.account.pseudo, removed: true, teamRemoved: false },
      });
      expect((await auditOf(uuid))[0]).toMatchObject({ action: 'player.removed' });
      expect(
        codeOf(await trainer.delete(`/api/trainer/sessions/${uuid}/players/${removed.account.id}`)),
      ).toEqual({ status: 404, code: 'session.player_not_found' });
    });

    it('dissolves a team: deleted in the lobby, kept eliminated with its points once play began', async () => {
      const lobby = await game({ teams: 2, size: 2, start: false });
      const gone = await trainer.post(
        `/api/trainer/sessions/${lobby.uuid}/teams/${lobby.teamUuids[0]}/dissolve`,
      );
      expect(gone.statusCode, gone.body).toBe(200);
      const lobbyView = getTrainerSession.responses[200].parse(gone.json()).session;
      expect(lobbyView.teams.map((t) => t.uuid)).toEqual([lobby.teamUuids[1]]);
      expect(lobbyView.playersWithoutTeam).toHaveLength(2);

      const running = await game({ teams: 2, size: 2 });
      await solve(running.members[0]![0]!, running.uuid);
      const dissolved = await trainer.post(
        `/api/trainer/sessions/${running.uuid}/teams/${running.teamUuids[0]}/dissolve`,
        { reason: 'Split up to balance the class' },
      );
      expect(dissolved.statusCode, dissolved.body).toBe(200);
      const view = getTrainerSession.responses[200].parse(dissolved.json()).session;
      const team = view.teams.find((t) => t.uuid === running.teamUuids[0])!;
      expect(team).toMatchObject({ eliminated: true, members: [] });
      expect(team.score).toBeGreaterThan(0);
      expect(view.playersWithoutTeam).toHaveLength(2);
      const types = (await eventsOf(running.uuid)).map((e) => e.type);
      expect(types.slice(-4)).toEqual([
        'team.dissolved',
        'session.access_changed',
        'session.access_changed',
        'ranking.changed',
      ]);
      expect((await auditOf(running.uuid))[0]).toMatchObject({
        action: 'team.dissolved',
        reason: 'Split up to balance the class',
      });
    });

    it('reinstates an eliminated team, which may answer again', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2 });
      const eliminated = await trainer.post(
        `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/eliminate`,
        { reason: 'Attacked the scoreboard' },
      );
      expect(eliminated.statusCode, eliminated.body).toBe(200);
      const reinstated = await trainer.post(
        `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/reinstate`,
      );
      expect(reinstated.statusCode, reinstated.body).toBe(200);
      const team = getTrainerSession.responses[200]
        .parse(reinstated.json())
        .session.teams.find((t) => t.uuid === teamUuids[0])!;
      expect(team).toMatchObject({ eliminated: false, eliminationReason: null });
      await solve(members[0]![0]!, uuid);
      const types = (await eventsOf(uuid)).map((e) => e.type);
      expect(types).toContain('team.reinstated');
      expect((await auditOf(uuid)).map((entry) => entry.action)).toContain('team.reinstated');
      expect(
        codeOf(await trainer.post(`/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/reinstate`)),
      ).toEqual({ status: 409, code: 'team.not_eliminated' });
    });
  });

  describe('leaving a session', () => {
    it('lets a player leave a running game: their team keeps its points, the list forgets it', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2, size: 2 });
      const leaver = members[0]![0] as Player;
      await solve(leaver, uuid);
      const score = (await trainerView(uuid)).teams.find((t) => t.uuid === teamUuids[0])!.score;
      const left = await leaver.post(`/api/sessions/${uuid}/leave`);
      expect(left.statusCode, left.body).toBe(200);
      expect(left.json()).toEqual({ left: true });
      const team = (await trainerView(uuid)).teams.find((t) => t.uuid === teamUuids[0])!;
      expect(team.score).toBe(score);
      expect(team.members).toHaveLength(1);
      const current = (await leaver.get('/api/me/sessions')).json().sessions as { uuid: string }[];
      expect(current.map((s) => s.uuid)).not.toContain(uuid);
      expect(codeOf(await leaver.post(`/api/sessions/${uuid}/leave`))).toEqual({
        status: 403,
        code: 'session.not_joined',
      });
    });

    it('cancels a player’s session that everyone left before it was played', async () => {
      const [owner, friend] = await Promise.all([signedIn(), signedIn()]);
      const created = await owner.post('/api/sessions', { missionUuid: chapter.missions[0]!.uuid });
      expect(created.statusCode, created.body).toBe(201);
      const uuid = created.json().session.uuid as string;
      expect((await friend.post(`/api/sessions/${uuid}/join`)).statusCode).toBe(200);

      expect((await owner.post(`/api/sessions/${uuid}/leave`)).statusCode).toBe(200);
      // The owner left; the player who joined next holds the session now.
      expect((await detail(friend, uuid)).isOwner).toBe(true);
      expect((await friend.post(`/api/sessions/${uuid}/leave`)).statusCode).toBe(200);
      expect((await trainerView(uuid)).status).toBe('canceled');
      const listed = (await friend.get('/api/me/sessions')).json().sessions as { uuid: string }[];
      expect(listed.map((s) => s.uuid)).not.toContain(uuid);
    });
  });
});
