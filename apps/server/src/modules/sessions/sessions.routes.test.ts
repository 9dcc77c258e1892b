import { randomUUID } from 'node:crypto';
import { getHome, getSession, getTrainerSession, postTeam } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { openEventStream, type EventStreamClient } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import {
  createTeam,
  createTeamOk,
  createTrainerSession,
  logoFile,
  pngLogo,
  sessionWithTeams,
  type SessionSettings,
} from '../../../test/session-factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { testClock } from '../../../test/clock.js';

type TeamsBody = { teams: { logoUrl: string | null }[] };
type TrainerBody = { session: TeamsBody };

/** A clock the test moves by hand: session rules read it instead of the database's clock. */
describe(`gaming sessions and teams (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  let chapter: BuiltChapter;
  let otherChapter: BuiltChapter;
  const clock = testClock();
  const streams: EventStreamClient[] = [];

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  const newSession = (settings: Partial<SessionSettings> = {}) =>
    createTrainerSession(trainer, { missionUuid: chapter.missions[0]!.uuid, ...settings });

  const detail = async (browser: TestBrowser, uuid: string) => {
    const response = await browser.get(`/api/sessions/${uuid}`);
    expect(response.statusCode, response.body).toBe(200);
    return getSession.responses[200].parse(response.json()).session;
  };

  const trainerView = async (uuid: string) => {
    const response = await trainer.get(`/api/trainer/sessions/${uuid}`);
    expect(response.statusCode, response.body).toBe(200);
    return getTrainerSession.responses[200].parse(response.json()).session;
  };

  const sessionEvents = async (uuid: string) =>
    (await readEventsAfter(database.db, sessionStream(uuid), 0, 1000)).map((event) => ({
      type: event.type,
      audience: event.audience,
      payload: event.payload as Record<string, unknown>,
    }));

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const objectives = [{ type: 'flag' as const }, { type: 'single_choice' as const }];
    chapter = await buildChapter(database.db, {
      visibility: 'open',
      missions: [{ objectives }, { objectives: [{ type: 'flag' as const }] }],
    });
    otherChapter = await buildChapter(database.db, {
      visibility: 'open',
      missions: [{ objectives }],
    });
  });

  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('creating and reading', () => {
    it('lets a trainer create a session in the lobby, with the spec’s fields', async () => {
      const created = await newSession({ maxTeams: 3, playersPerTeam: 2 });
      expect(created.status).toBe('lobby');
      const view = await trainerView(created.uuid);
      expect(view).toMatchObject({
        status: 'lobby',
        maxTeams: 3,
        playersPerTeam: 2,
        minPlayersPerTeam: 1,
        durationMinutes: 30,
        teamsCount: 0,
        completed_objectives: 0,
        total_objectives: 2,
        progress_percentage: 0,
      });
    });

    it.each([
      [{ maxTeams: 0 }, 'body.maxTeams'],
      [{ playersPerTeam: 0 }, 'body.playersPerTeam'],
      [{ durationMinutes: 0 }, 'body.durationMinutes'],
      [{ name: '' }, 'body.name'],
      [{ minPlayersPerTeam: 5, playersPerTeam: 2 }, 'body.minPlayersPerTeam'],
      [{ scheduledStartAt: 'tomorrow' }, 'body.scheduledStartAt'],
    ])('refuses %j with the failing field and stores nothing', async (override, path) => {
      const before = await snapshotDatabase(database.db);
      const response = await trainer.post('/api/trainer/sessions', {
        missionUuid: chapter.missions[0]!.uuid,
        name: 'x',
        maxTeams: 2,
        playersPerTeam: 2,
        durationMinutes: 10,
        ...override,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(
        path,
      );
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });

    it('answers 404 for an unknown mission or session', async () => {
      const response = await trainer.post('/api/trainer/sessions', {
        missionUuid: randomUUID(),
        name: 'x',
        maxTeams: 2,
        playersPerTeam: 2,
        durationMinutes: 10,
      });
      expect(response.json().error.code).toBe('content.mission_not_found');
      const player = await signedIn();
      const unknown = await player.get(`/api/sessions/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('session.not_found');
    });

    it('shows a session’s teams only to its players, and the token only to its own team', async () => {
      const session = await newSession();
      const [alice, bob, stranger] = await Promise.all([signedIn(), signedIn(), signedIn()]);
      const red = await createTeamOk(alice, session.uuid, 'Red');
      expect(red.token).toMatch(/^[A-Za-z0-9_-]{27}$/);
      await createTeamOk(bob, session.uuid, 'Blue');

      const seenByStranger = await detail(stranger, session.uuid);
      expect(seenByStranger.teams).toEqual([]);
      expect(seenByStranger.gaming_session_user).toBeNull();
      expect(seenByStranger.teamsCount).toBe(2);

      const seenByAlice = await detail(alice, session.uuid);
      expect(seenByAlice.teams.map((team) => team.name).sort()).toEqual(['Blue', 'Red']);
      expect(seenByAlice.gaming_session_user?.gaming_session_team).toMatchObject({
        name: 'Red',
        token: red.token,
        rank: 1,
      });
      const body = JSON.stringify((await alice.get(`/api/sessions/${session.uuid}`)).json());
      const blueToken = (await trainerView(session.uuid)).teams.find(
        (t) => t.name === 'Blue',
      )!.token;
      expect(body).not.toContain(blueToken);
    });
  });

  describe('teams', () => {
    it('lets teammates join with the token, and everyone sees them in the team', async () => {
      const session = await newSession();
      const [alice, bob] = await Promise.all([signedIn(), signedIn()]);
      const team = await createTeamOk(alice, session.uuid, 'Tea Leaves');
      const joined = await bob.post(`/api/sessions/${session.uuid}/teams/join`, {
        token: team.token,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json().team.members.map((m: { pseudo: string }) => m.pseudo)).toEqual([
        alice.account.pseudo,
        bob.account.pseudo,
      ]);
      expect((await sessionEvents(session.uuid)).map((event) => event.type)).toEqual([
        'team.created',
        'team.member_joined',
      ]);
    });

    it('says "maximum number of teams reached" and "maximum number of players reached in this team"', async () => {
      const session = await newSession({ maxTeams: 1, playersPerTeam: 1 });
      const [alice, bob, carol] = await Promise.all([signedIn(), signedIn(), signedIn()]);
      const team = await createTeamOk(alice, session.uuid, 'Only');
      const secondTeam = await createTeam(bob, session.uuid, 'Second');
      expect(secondTeam.statusCode).toBe(409);
      expect(secondTeam.json().error).toMatchObject({
        code: 'team.max_teams_reached',
        message: 'Maximum number of teams reached.',
      });
      const full = await carol.post(`/api/sessions/${session.uuid}/teams/join`, {
        token: team.token,
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().error).toMatchObject({
        code: 'team.full',
        message: 'Maximum number of players reached in this team.',
      });
    });

    it('lets exactly 2 of 30 racing players into the last 2 places', async () => {
      const session = await newSession({ maxTeams: 1, playersPerTeam: 3 });
      const owner = await signedIn();
      const team = await createTeamOk(owner, session.uuid, 'Crowded');
      const racers = await Promise.all(Array.from({ length: 30 }, () => signedIn()));
      const answers = await Promise.all(
        racers.map((racer) =>
          racer.post(`/api/sessions/${session.uuid}/teams/join`, { token: team.token }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(28);
      const members = await database.db
        .selectFrom('gaming_session_player')
        .select('account_id')
        .where('team_uuid', '=', team.uuid)
        .execute();
      expect(members).toHaveLength(3);
    });

    it('creates one team when "create team" is double-clicked, and one per racing player up to the limit', async () => {
      const session = await newSession({ maxTeams: 3 });
      const alice = await signedIn();
      const clicks = await Promise.all([
        createTeam(alice, session.uuid, 'Twice'),
        createTeam(alice, session.uuid, 'Twice'),
      ]);
      expect(clicks.map((click) => click.statusCode).sort()).toEqual([201, 409]);
      const racers = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
      const created = await Promise.all(
        racers.map((racer, index) => createTeam(racer, session.uuid, `Team ${index}`)),
      );
      expect(created.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
      const teams = await database.db
        .selectFrom('gaming_session_team')
        .select('uuid')
        .where('session_uuid', '=', session.uuid)
        .execute();
      expect(teams).toHaveLength(3);
    });

    it('keeps a team name as text, and refuses empty, overlong, invisible and duplicate names', async () => {
      const session = await newSession({ maxTeams: 10 });
      const hostile = '<img src=x onerror=alert(1)>';
      const team = await createTeamOk(await signedIn(), session.uuid, hostile);
      expect(team.name).toBe(hostile);
      const events = await sessionEvents(session.uuid);
      expect(events.at(-1)?.payload.name).toBe(hostile);

      const before = await snapshotDatabase(database.db);
      for (const name of ['', '   ', 'x'.repeat(10_000), 'bad\u202ename']) {
        const response = await createTeam(await signedIn(), session.uuid, name);
        expect(response.statusCode, name.slice(0, 20)).toBe(422);
        expect(response.json().error.code).toBe('request.invalid');
      }
      const duplicate = await createTeam(
        await signedIn(),
        session.uuid,
        ' <IMG src=x onerror=alert(1)> ',
      );
      expect(duplicate.json().error.code).toBe('team.name_taken');
      // Only the accounts made for the attempts differ: no team, player or event was stored.
      const after = await snapshotDatabase(database.db);
      for (const table of ['gaming_session_team', 'gaming_session_player', 'event_log'])
        expect(after[table], table).toEqual(before[table]);
    });

    it('refuses a token of another session, a malformed one and an unknown one', async () => {
      const [sessionA, sessionB] = await Promise.all([newSession(), newSession()]);
      const [alice, mallory] = await Promise.all([signedIn(), signedIn()]);
      const teamB = await createTeamOk(alice, sessionB.uuid, 'B team');
      const crossSession = await mallory.post(`/api/sessions/${sessionA.uuid}/teams/join`, {
        token: teamB.token,
      });
      expect(crossSession.statusCode).toBe(404);
      expect(crossSession.json().error.code).toBe('team.invalid_token');
      const malformed = await mallory.post(`/api/sessions/${sessionA.uuid}/teams/join`, {
        token: '../../etc/passwd',
      });
      expect(malformed.statusCode).toBe(422);
      const unknown = await mallory.post(`/api/sessions/${sessionB.uuid}/teams/join`, {
        token: 'A'.repeat(27),
      });
      expect(unknown.json().error.code).toBe('team.invalid_token');
      expect(await detail(mallory, sessionB.uuid)).toMatchObject({ gaming_session_user: null });
    });

    it('limits token guesses per player and session', async () => {
      const session = await newSession();
      const guesser = await signedIn();
      const codes: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const response = await guesser.post(`/api/sessions/${session.uuid}/teams/join`, {
          token: randomUUID().replaceAll('-', ''),
        });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, 10).every((code) => code === 404)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    });

    it('keeps a player of session A out of session B’s teams and logos', async () => {
      const [sessionA, sessionB] = await Promise.all([newSession(), newSession()]);
      const [alice, bob] = await Promise.all([signedIn(), signedIn()]);
      await createTeamOk(alice, sessionA.uuid, 'A');
      const teamB = await createTeamOk(bob, sessionB.uuid, 'B', logoFile(await pngLogo()));
      expect((await detail(alice, sessionB.uuid)).teams).toEqual([]);
      const logo = await alice.get(`/api/sessions/${sessionB.uuid}/teams/${teamB.uuid}/logo`);
      expect(logo.statusCode).toBe(403);
      // Through her own session's path, B's team is not found either.
      const crossPath = await alice.get(`/api/sessions/${sessionA.uuid}/teams/${teamB.uuid}/logo`);
      expect(crossPath.statusCode).toBe(404);
      const stream = await fetch(`${base}/api/sessions/${sessionB.uuid}/events`, {
        headers: { cookie: alice.cookieHeader() },
      });
      expect(stream.status).toBe(403);
      await stream.body?.cancel();
    });

    it('lets a player leave in the lobby; the last one out removes the team', async () => {
      const session = await newSession();
      const [alice, bob] = await Promise.all([signedIn(), signedIn()]);
      const team = await createTeamOk(alice, session.uuid, 'Leavers');
      await bob.post(`/api/sessions/${session.uuid}/teams/join`, { token: team.token });
      expect((await bob.post(`/api/sessions/${session.uuid}/teams/leave`)).statusCode).toBe(200);
      expect((await detail(alice, session.uuid)).teams[0]!.members).toHaveLength(1);
      await alice.post(`/api/sessions/${session.uuid}/teams/leave`);
      expect((await detail(alice, session.uuid)).teams).toEqual([]);
      const left = (await sessionEvents(session.uuid)).filter((e) => e.type === 'team.member_left');
      expect(left.map((event) => event.payload.teamRemoved)).toEqual([false, true]);
    });
  });

  describe('logos', () => {
    it('accepts a PNG, re-encodes it without its metadata and serves it as an image', async () => {
      const session = await newSession();
      const alice = await signedIn();
      const secret = `GPS-${randomUUID()}`;
      const original = await pngLogo({ comment: secret, size: 600 });
      expect(Buffer.from(original).toString('latin1')).toContain(secret);
      const team = await createTeamOk(alice, session.uuid, 'Pictured', logoFile(original));
      const logo = await alice.get(team.logoUrl!);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['x-content-type-options']).toBe('nosniff');
      expect(logo.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
      expect(logo.rawPayload.toString('latin1')).not.toContain(secret);
      // Shrunk to the size a logo is shown at.
      expect(logo.rawPayload.readUInt32BE(16)).toBe(256);
    });

    it('shows trainers every logo through the URLs of their screens, and no other session’s player', async () => {
      const session = await newSession();
      const [alice, bob, mallory] = await Promise.all([signedIn(), signedIn(), signedIn()]);
      const pictured = await createTeamOk(alice, session.uuid, 'Logo', logoFile(await pngLogo()));
      await createTeamOk(bob, session.uuid, 'Plain');
      await createTeamOk(mallory, (await newSession()).uuid, 'Elsewhere');
      const started = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`);
      expect(started.statusCode, started.body).toBe(200);
      clock.advance(10_000);

      const urlsOf = async (path: string, teams: (body: never) => { logoUrl: string | null }[]) => {
        const response = await trainer.get(path);
        expect(response.statusCode, response.body).toBe(200);
        return teams(response.json() as never)
          .map((team) => team.logoUrl)
          .filter((url): url is string => url !== null);
      };
      const screens = [
        ...(await urlsOf(
          `/api/trainer/sessions/${session.uuid}`,
          (body: TrainerBody) => body.session.teams,
        )),
        ...(await urlsOf(
          `/api/trainer/sessions/${session.uuid}/cockpit`,
          (body: TeamsBody) => body.teams,
        )),
        ...(await urlsOf(
          `/api/trainer/sessions/${session.uuid}/stats`,
          (body: TeamsBody) => body.teams,
        )),
      ];
      expect(screens).toHaveLength(3);
      for (const url of screens) {
        const logo = await trainer.get(url);
        expect(logo.statusCode, url).toBe(200);
        expect(logo.headers['content-type']).toBe('image/png');
        expect(logo.headers['x-content-type-options']).toBe('nosniff');
      }
      const trainerUrl = screens[0]!;
      expect(trainerUrl).toBe(`/api/trainer/sessions/${session.uuid}/teams/${pictured.uuid}/logo`);
      // Players read it through their own route; a trainer's route is no way around the session.
      expect((await alice.get(pictured.logoUrl!)).statusCode).toBe(200);
      expect((await mallory.get(pictured.logoUrl!)).statusCode).toBe(403);
      const asPlayer = await mallory.get(trainerUrl);
      expect(asPlayer.statusCode).toBe(401);
      expect(asPlayer.json().error.code).toBe('auth.unauthenticated');
      expect(
        (await trainer.get(`/api/trainer/sessions/${session.uuid}/teams/${randomUUID()}/logo`))
          .statusCode,
      ).toBe(404);
    });

    it.each([
      ['a renamed HTML file', 'logo.png', 'image/png', '<html><script>alert(1)</script></html>'],
      [
        'an SVG',
        'logo.svg',
        'image/svg+xml',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      ],
      ['a GIF', 'logo.gif', 'image/gif', 'GIF89a\x01\x00\x01\x00\x00\x00\x00;'],
      ['a truncated PNG', 'logo.png', 'image/png', '\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR'],
    ])('refuses %s and stores nothing', async (_label, filename, type, content) => {
      const session = await newSession();
      const alice = await signedIn();
      const before = await snapshotDatabase(database.db);
      const data = new Uint8Array(Buffer.from(content, 'latin1'));
      const response = await createTeam(
        alice,
        session.uuid,
        'Logo',
        logoFile(data, filename, type),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('team.logo_invalid');
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });

    it('refuses a 50 MB logo with 413 and stores nothing', async () => {
      const session = await newSession();
      const alice = await signedIn();
      const before = await snapshotDatabase(database.db);
      const huge = new Uint8Array(50 * 1024 * 1024);
      huge.set(await pngLogo());
      const response = await createTeam(alice, session.uuid, 'Huge', logoFile(huge));
      expect(response.statusCode).toBe(413);
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });

    it('answers a JSON body on the multipart route with 415', async () => {
      const session = await newSession();
      const response = await (
        await signedIn()
      ).post(`/api/sessions/${session.uuid}/teams`, {
        name: 'json',
      });
      expect(response.statusCode).toBe(415);
      expect(postTeam.consumes).toBe('multipart/form-data');
    });
  });

  describe('the lifecycle', () => {
    it('cancels a game stopped during its countdown: no stats transition, survey or history', async () => {
      const session = await newSession();
      const alice = await signedIn();
      await createTeamOk(alice, session.uuid, 'Early birds');
      const started = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`);
      expect(started.json().session.status).toBe('countdown');
      const stream = await openEventStream(`${base}/api/sessions/${session.uuid}/events`, {
        cookie: alice.cookieHeader(),
      });
      streams.push(stream);
      clock.advance(3_000);
      const stopped = await trainer.post(`/api/trainer/sessions/${session.uuid}/stop`);
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().session).toMatchObject({ status: 'canceled', startsAt: null });
      const announced = () =>
        stream.messages.find((message) => message.event === 'session.status_changed');
      await stream.waitUntil(() => announced() !== undefined);
      expect(announced()!.data).toMatchObject({ payload: { status: 'canceled' } });
      // Long after the planned start, it stays a game that never began.
      clock.advance(60 * 60_000);
      expect(await detail(alice, session.uuid)).toMatchObject({ status: 'canceled', endsAt: null });
      const survey = await alice.post(`/api/sessions/${session.uuid}/survey`, {
        rating: 'satisfied',
      });
      expect(survey.statusCode).toBe(403);
      expect(survey.json().error.code).toBe('survey.not_played');
      const stats = await alice.get(`/api/sessions/${session.uuid}/stats`);
      expect(stats.statusCode).toBe(409);
      expect(stats.json().error.code).toBe('debrief.not_played');
      const history = await alice.get('/api/profile/history');
      expect(history.json().history).toEqual([]);
    });

    it('waits for players, starts the countdown when a team fills, then runs and ends on time', async () => {
      const session = await newSession({ playersPerTeam: 2, minPlayersPerTeam: 2 });
      const [alice, bob] = await Promise.all([signedIn(), signedIn()]);
      const team = await createTeamOk(alice, session.uuid, 'Pair');

      const asked = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`);
      expect(asked.json().session).toMatchObject({
        status: 'lobby',
        startPhase: 'waiting_for_players',
      });
      await bob.post(`/api/sessions/${session.uuid}/teams/join`, { token: team.token });
      const counting = await detail(alice, session.uuid);
      expect(counting.status).toBe('countdown');
      expect(Date.parse(counting.startsAt!) - Date.parse(counting.serverTime)).toBe(10_000);

      clock.advance(10_000);
      expect((await detail(alice, session.uuid)).status).toBe('running');
      clock.advance(30 * 60_000 - 1);
      expect((await detail(alice, session.uuid)).remainingMs).toBe(1);
      clock.advance(1);
      expect((await detail(alice, session.uuid)).status).toBe('finished');
      const late = await (await signedIn()).post(`/api/sessions/${session.uuid}/join`);
      expect(late.json().error.code).toBe('session.ended');

      const statuses = (await sessionEvents(session.uuid))
        .filter((event) => event.type === 'session.status_changed')
        .map((event) => [event.payload.status, event.payload.startPhase]);
      expect(statuses).toEqual([
        ['lobby', 'waiting_for_players'],
        ['countdown', 'idle'],
      ]);
    });

    it('holds a start for short teams, names them to the trainer, who may force it on record', async () => {
      const session = await newSession({ playersPerTeam: 3, minPlayersPerTeam: 2 });
      const [alice, bob, carol] = await Promise.all([signedIn(), signedIn(), signedIn()]);
      const solo = await createTeamOk(alice, session.uuid, 'Solo');
      const pair = await createTeamOk(bob, session.uuid, 'Pair');
      await carol.post(`/api/sessions/${session.uuid}/teams/join`, { token: pair.token });

      const asked = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`);
      expect(asked.statusCode, asked.body).toBe(200);
      const waiting = getTrainerSession.responses[200].parse(asked.json()).session;
      expect(waiting).toMatchObject({ status: 'lobby', startPhase: 'waiting_for_players' });
      expect(waiting.shortTeams).toEqual([{ uuid: solo.uuid, name: 'Solo', missing: 1 }]);
      // The players are told the start waits for players.
      expect(await detail(alice, session.uuid)).toMatchObject({
        status: 'lobby',
        startPhase: 'waiting_for_players',
      });

      const forced = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
        force: true,
      });
      expect(forced.json().session.status).toBe('countdown');
      const audit = await trainer.get(`/api/trainer/sessions/${session.uuid}/audit`);
      expect(audit.statusCode, audit.body).toBe(200);
      const starts = audit
        .json()
        .entries.filter((entry: { action: string }) => entry.action === 'session.started');
      expect(starts.map((entry: { details: unknown }) => entry.details)).toEqual([
        { force: true },
        {},
      ]);
    });

    it('cancels a start that waited too long for players', async () => {
      const session = await newSession({ minPlayersPerTeam: 2 });
      await createTeamOk(await signedIn(), session.uuid, 'Alone');
      await trainer.post(`/api/trainer/sessions/${session.uuid}/start`);
      clock.advance(120_000);
      expect((await trainerView(session.uuid)).status).toBe('canceled');
      const joinAfter = await createTeam(await signedIn(), session.uuid, 'Too late');
      expect(joinAfter.json().error.code).toBe('session.ended');
    });

    it('lets a trainer force the start, pause, resume and stop for good', async () => {
      const session = await newSession({ minPlayersPerTeam: 3 });
      const noTeam = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
        force: true,
      });
      expect(noTeam.json().error.code).toBe('session.no_team');
      const alice = await signedIn();
      await createTeamOk(alice, session.uuid, 'Forced');
      const forced = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
        force: true,
      });
      expect(forced.json().session.status).toBe('countdown');
      const tooEarly = await trainer.post(`/api/trainer/sessions/${session.uuid}/pause`);
      expect(tooEarly.statusCode).toBe(409);
      clock.advance(10_000 + 60_000);
      const paused = await trainer.post(`/api/trainer/sessions/${session.uuid}/pause`);
      expect(paused.json().session).toMatchObject({ status: 'paused', remainingMs: 29 * 60_000 });
      clock.advance(5 * 60_000);
      expect(await detail(alice, session.uuid)).toMatchObject({
        status: 'paused',
        remainingMs: 29 * 60_000,
      });
      const resumed = await trainer.post(`/api/trainer/sessions/${session.uuid}/resume`);
      expect(resumed.json().session).toMatchObject({ status: 'running', remainingMs: 29 * 60_000 });
      const leave = await alice.post(`/api/sessions/${session.uuid}/teams/leave`);
      expect(leave.json().error.code).toBe('team.leave_closed');
      const stopped = await trainer.post(`/api/trainer/sessions/${session.uuid}/stop`);
      expect(stopped.json().session).toMatchObject({ status: 'stopped', remainingMs: 0 });
      const latecomer = await signedIn();
      const before = await snapshotDatabase(database.db);
      for (const attempt of [
        () => latecomer.post(`/api/sessions/${session.uuid}/join`),
        () => createTeam(latecomer, session.uuid, 'After the stop'),
        () => latecomer.post(`/api/sessions/${session.uuid}/teams/join`, { token: 'A'.repeat(27) }),
      ]) {
        const refused = await attempt();
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.code).toBe('session.ended');
      }
      const after = await snapshotDatabase(database.db);
      for (const table of ['gaming_session_team', 'gaming_session_player', 'event_log'])
        expect(after[table], table).toEqual(before[table]);
      for (const action of ['start', 'pause', 'resume', 'stop']) {
        const again = await trainer.post(`/api/trainer/sessions/${session.uuid}/${action}`);
        expect(again.statusCode, action).toBe(409);
        expect(again.json().error.code).toBe('session.ended');
      }
    });

    it('starts a scheduled session by itself once it is due and its teams are ready', async () => {
      const startAt = new Date(clock.now().getTime() + 60_000);
      const session = await newSession({ scheduledStartAt: startAt.toISOString() });
      await createTeamOk(await signedIn(), session.uuid, 'Punctual');
      // Each node looks for due schedules every second: nothing happens before the instant.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await trainerView(session.uuid)).status).toBe('lobby');
      clock.advance(60_000);
      await expect
        .poll(async () => (await trainerView(session.uuid)).status, { timeout: 5000 })
        .toBe('countdown');
    });
  });

  describe('sessions players create', () => {
    it('lets a player create a session of a chapter they may open, switch its mission and start it', async () => {
      const owner = await signedIn();
      const created = await owner.post('/api/sessions', {
        missionUuid: chapter.missions[0]!.uuid,
      });
      expect(created.statusCode, created.body).toBe(201);
      const session = created.json().session;
      expect(session).toMatchObject({ isOwner: true, ownerKind: 'player', status: 'lobby' });

      const sibling = await owner.put(`/api/sessions/${session.uuid}/mission`, {
        missionUuid: chapter.missions[1]!.uuid,
      });
      expect(sibling.json().session.mission.uuid).toBe(chapter.missions[1]!.uuid);
      const foreign = await owner.put(`/api/sessions/${session.uuid}/mission`, {
        missionUuid: otherChapter.missions[0]!.uuid,
      });
      expect(foreign.json().error.code).toBe('session.mission_not_allowed');

      const stranger = await signedIn();
      const notOwner = await stranger.post(`/api/sessions/${session.uuid}/start`);
      expect(notOwner.json().error.code).toBe('session.not_owner');

      await createTeamOk(owner, session.uuid, 'Solo');
      const started = await owner.post(`/api/sessions/${session.uuid}/start`);
      expect(started.json().session.status).toBe('countdown');
      const closed = await owner.post(`/api/sessions/${session.uuid}/close`);
      // Closed before play began: the game is canceled.
      expect(closed.json().session.status).toBe('canceled');
      const reopen = await owner.post(`/api/sessions/${session.uuid}/start`);
      expect(reopen.json().error.code).toBe('session.ended');
    });

    it('refuses a mission of a chapter the player may not open', async () => {
      const reserved = await buildChapter(database.db, { visibility: 'assigned' });
      const response = await (
        await signedIn()
      ).post('/api/sessions', {
        missionUuid: reserved.missions[0]!.uuid,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('session.mission_not_allowed');
    });

    it('lists the player’s current sessions and fills home', async () => {
      const player = await signedIn();
      const trainerSession = await newSession({ name: 'Joinable' });
      const mine = await player.post('/api/sessions', { missionUuid: chapter.missions[0]!.uuid });
      const current = (await player.get('/api/me/sessions')).json().sessions;
      expect(current.map((s: { uuid: string }) => s.uuid)).toEqual([mine.json().session.uuid]);
      const home = (await player.get('/api/home')).json();
      expect(home.ongoingSessions.map((s: { uuid: string }) => s.uuid)).toEqual([
        mine.json().session.uuid,
      ]);
      expect(home.ongoingMissions[0]).toMatchObject({ missionUuid: chapter.missions[0]!.uuid });
      expect(home.joinableSessions.map((s: { uuid: string }) => s.uuid)).toContain(
        trainerSession.uuid,
      );
    });
  });

  describe('home’s ongoing sessions', () => {
    it('show what the player’s team solved and, once play began, its rank', async () => {
      const objectives = chapter.missions[0]!.objectives;
      const game = await sessionWithTeams({
        trainer,
        missionUuid: chapter.missions[0]!.uuid,
        signIn: signedIn,
        clock,
        teams: 3,
        start: false,
      });
      const [alice, bob, carol] = game.members.map(([player]) => player!);
      const cardOf = async (player: TestBrowser) => {
        const response = await player.get('/api/home');
        expect(response.statusCode, response.body).toBe(200);
        return getHome.responses[200]
          .parse(response.json())
          .ongoingSessions.find((card) => card.uuid === game.uuid)!;
      };
      // In the lobby, nobody has a rank yet.
      expect(await cardOf(alice!)).toMatchObject({ completed_objectives: 0, rank: null });
      await trainer.post(`/api/trainer/sessions/${game.uuid}/start`, { force: true });
      clock.advance(10_000);
      const single = objectives.find((objective) => objective.type === 'single_choice')!;
      const solved = await bob!.post(
        `/api/sessions/${game.uuid}/objectives/${single.uuid}/answers`,
        {
          answer: 'a',
        },
      );
      expect(solved.statusCode, solved.body).toBe(200);

      expect(await cardOf(bob!)).toMatchObject({
        status: 'running',
        completed_objectives: 1,
        total_objectives: 2,
        progress_percentage: 50,
        rank: 1,
        teamsCount: 3,
      });
      expect(await cardOf(alice!)).toMatchObject({ completed_objectives: 0, rank: 2 });
      expect(await cardOf(carol!)).toMatchObject({ completed_objectives: 0, rank: 2 });
    });
  });

  describe('a trainer’s score adjustment', () => {
    it('reaches every player live, and stays in the adjusted team’s view with its reason', async () => {
      const game = await sessionWithTeams({
        trainer,
        missionUuid: chapter.missions[0]!.uuid,
        signIn: signedIn,
        clock,
      });
      const [alice, bob] = game.members.map(([player]) => player!);
      const [red] = game.teamUuids;
      const stream = await openEventStream(`${base}/api/sessions/${game.uuid}/events`, {
        cookie: bob!.cookieHeader(),
      });
      streams.push(stream);
      for (const [points, reason] of [
        [7, 'Helped another team'],
        [-3, 'Shared a flag'],
      ] as const) {
        const adjusted = await trainer.post(
          `/api/trainer/sessions/${game.uuid}/teams/${red}/adjustments`,
          { points, reason },
        );
        expect(adjusted.statusCode, adjusted.body).toBe(201);
        clock.advance(1_000);
      }
      const announced = () =>
        stream.messages.filter((message) => message.event === 'score.adjusted');
      await stream.waitUntil(() => announced().length === 2);
      // Another team learns of the points, never of the trainer's reason.
      expect(announced()[0]!.data).toMatchObject({
        payload: { teamUuid: red, points: 7, reason: null, score: 7 },
      });
      expect(JSON.stringify(stream.messages)).not.toContain('Helped another team');
      const own = await detail(alice!, game.uuid);
      expect(own.scoreAdjustments).toEqual([
        { points: -3, reason: 'Shared a flag', at: expect.any(String) },
        { points: 7, reason: 'Helped another team', at: expect.any(String) },
      ]);
      expect(own.gaming_session_user?.gaming_session_team?.score).toBe(4);
      // Another team's view lists only its own.
      expect((await detail(bob!, game.uuid)).scoreAdjustments).toEqual([]);
    });
  });

  describe('the session stream', () => {
    it('reaches the players of the session live, and no other team’s private events', async () => {
      const session = await newSession();
      const [alice, bob] = await Promise.all([signedIn(), signedIn()]);
      const red = await createTeamOk(alice, session.uuid, 'Red');
      const blue = await createTeamOk(bob, session.uuid, 'Blue');
      // From the start of the log: what came before the stream opened is replayed first.
      const stream = await openEventStream(
        `${base}/api/sessions/${session.uuid}/events?lastEventId=0`,
        {
          cookie: alice.cookieHeader(),
        },
      );
      streams.push(stream);
      await app.realtime.events.transaction(async ({ append }) => {
        await append({
          stream: sessionStream(session.uuid),
          audience: `team:${blue.uuid}`,
          type: 'team.member_joined',
          payload: { teamUuid: blue.uuid, pseudo: 'blue secret' },
        });
        await append({
          stream: sessionStream(session.uuid),
          audience: `team:${red.uuid}`,
          type: 'team.member_joined',
          payload: { teamUuid: red.uuid, pseudo: 'red only' },
        });
      });
      const carol = await signedIn();
      await carol.post(`/api/sessions/${session.uuid}/teams/join`, { token: red.token });
      // Alice's own arrival (team.presence_changed, to Red) may come in between: not the point.
      const teamEvents = () =>
        stream.messages.filter((message) => message.event !== 'team.presence_changed');
      await stream.waitUntil(() => teamEvents().length >= 4);
      expect(teamEvents().map((message) => message.event)).toEqual([
        'team.created',
        'team.created',
        'team.member_joined',
        'team.member_joined',
      ]);
      expect(JSON.stringify(stream.messages)).not.toContain('blue secret');
      expect(JSON.stringify(stream.messages)).toContain('red only');
    });

    it('tells in each view where the stream stood, so that nothing between is lost', async () => {
      const session = await newSession();
      const [alice, bob] = await Promise.all([signedIn(), signedIn()]);
      const red = await createTeamOk(alice, session.uuid, 'Red');
      const seen = await detail(alice, session.uuid);
      const head = (await sessionEvents(session.uuid)).length;
      expect(seen.streamPosition).toBe(head);
      expect((await trainerView(session.uuid)).streamPosition).toBe(head);

      // Bob joins after alice's read and before her stream opens: opened from where her view
      // stood, the stream tells her; opened from its end (no id), it would not.
      await bob.post(`/api/sessions/${session.uuid}/join`);
      const joined = await bob.post(`/api/sessions/${session.uuid}/teams/join`, {
        token: red.token,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      const stream = await openEventStream(
        `${base}/api/sessions/${session.uuid}/events?lastEventId=${seen.streamPosition}`,
        { cookie: alice.cookieHeader() },
      );
      streams.push(stream);
      await stream.waitUntil(() =>
        stream.messages.some((message) => message.event === 'team.member_joined'),
      );
      expect(
        stream.messages
          .filter((message) => message.event !== 'team.presence_changed')
          .map((message) => message.event),
      ).toEqual(['session.player_joined', 'team.member_joined']);
      expect((await detail(alice, session.uuid)).streamPosition).toBeGreaterThan(head);
      // A visitor who has not joined watches no count move with the teams' events.
      const visitor = await signedIn();
      expect((await detail(visitor, session.uuid)).streamPosition).toBe(0);
    });
  });

  it('reads multipart fields as the contract says (no extra fields)', async () => {
    const session = await newSession();
    const form = multipart({ name: 'Extra', admin: 'true' });
    const response = await (
      await signedIn()
    ).post(`/api/sessions/${session.uuid}/teams`, form.payload, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(422);
  });
});
