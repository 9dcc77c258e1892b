import { randomBytes, randomUUID } from 'node:crypto';
import { auditEntrySchema, displayLinkSchema, displaySnapshotSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { openEventStream } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { testClock } from '../../../test/clock.js';
import { openPostgres } from '../../db/database.js';

const FLAG = 'RAMPART{pr0j3ct0r}';

describe(`display links and the projector view (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  let trainerPseudo: string;
  let otherTrainer: TestBrowser;
  const clock = testClock();
  let missionUuid: string;
  let objective: Record<'flag' | 'free', string>;

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  const game = async (teams = 2) => {
    const { uuid, members, teamUuids } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams,
    });
    return { uuid, players: members.map(([player]) => player!), teamUuids };
  };

  const answer = (player: TestBrowser, session: string, objectiveUuid: string, value: unknown) =>
    player.post(`/api/sessions/${session}/objectives/${objectiveUuid}/answers`, { answer: value });

  const issue = async (session: string, by = trainer) => {
    const response = await by.post(`/api/trainer/sessions/${session}/display-links`);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { token: string; path: string; link: { uuid: string } };
    return body;
  };

  /** The display asks without any cookie: a plain client with the token only. */
  const display = (path: string) =>
    app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'Projector/1.0' } });

  const snapshotOf = async (token: string) => {
    const response = await display(`/api/display/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    return displaySnapshotSchema.parse(response.json());
  };

  const auditOf = async (session: string) => {
    const response = await trainer.get(`/api/trainer/sessions/${session}/audit`);
    return (response.json().entries as unknown[]).map((entry) => auditEntrySchema.parse(entry));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainerPseudo = account.pseudo;
    trainer = new TestBrowser(app);
    await trainer.login(account.username, account.password, 'trainer');
    const other = await buildAccount(database.db, { role: 'trainer' });
    otherTrainer = new TestBrowser(app);
    await otherTrainer.login(other.username, other.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', points: 100, firstBloodBonus: 20, flag: { accepted: [FLAG] } },
            { type: 'flag', points: 50, flag: { accepted: ['FREE'] }, maxAttempts: null },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    const [flag, free] = chapter.missions[0]!.objectives.map((o) => o.uuid);
    objective = { flag: flag!, free: free! };
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets only the session’s own trainer issue a link, lists it and audits it', async () => {
    const { uuid } = await game(1);
    const byOther = await otherTrainer.post(`/api/trainer/sessions/${uuid}/display-links`);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.code).toBe('display.not_session_trainer');
    const player = await signedIn();
    const byPlayer = await player.post(`/api/trainer/sessions/${uuid}/display-links`);
    expect([401, 403]).toContain(byPlayer.statusCode);
    const unknown = await trainer.post(`/api/trainer/sessions/${randomUUID()}/display-links`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('session.not_found');

    const created = await issue(uuid);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.path).toBe(`/display/${created.token}`);
    const listed = await trainer.get(`/api/trainer/sessions/${uuid}/display-links`);
    expect(listed.statusCode).toBe(200);
    const links = (listed.json().links as unknown[]).map((link) => displayLinkSchema.parse(link));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      uuid: created.link.uuid,
      createdBy: { pseudo: trainerPseudo },
      revokedAt: null,
    });
    // The token is shown once: neither the list nor the database holds it.
    expect(listed.body).not.toContain(created.token);
    const stored = await database.db.selectFrom('display_link').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect((await auditOf(uuid))[0]).toMatchObject({
      action: 'display_link.created',
      targetUuid: created.link.uuid,
    });
  });

  it('shows the clock, the ranking, the solves and the eliminations, never an answer', async () => {
    const { uuid, players, teamUuids } = await game(3);
    const [alice, bob] = players;
    const { token } = await issue(uuid);
    expect((await answer(alice!, uuid, objective.flag, 'wrong-guess-123')).statusCode).toBe(200);
    expect((await answer(alice!, uuid, objective.flag, FLAG)).statusCode).toBe(200);
    expect((await answer(bob!, uuid, objective.free, 'FREE')).statusCode).toBe(200);
    await trainer.post(`/api/trainer/sessions/${uuid}/teams/${teamUuids[2]}/eliminate`, {
      reason: 'Scanned the scoring server',
    });

    const response = await display(`/api/display/${token}`);
    expect(response.headers['cache-control']).toBe('no-store');
    // The token is in the path: neither the page nor the API may send it on as a referrer.
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect((await display(`/display/${token}`)).headers['referrer-policy']).toBe('no-referrer');
    const snapshot = displaySnapshotSchema.parse(response.json());
    expect(snapshot.session).toMatchObject({ uuid, name: 'Friday exercise', status: 'running' });
    expect(snapshot.teams.map((team) => [team.uuid, team.score, team.rank])).toEqual([
      [teamUuids[0], 120, 1],
      [teamUuids[1], 50, 2],
      [teamUuids[2], 0, 3],
    ]);
    expect(snapshot.teams[0]!.awards).toEqual([{ kind: 'first_blood', count: 1 }]);
    expect(
      snapshot.solves.map((solve) => [solve.teamUuid, solve.points, solve.firstBlood]),
    ).toEqual([
      [teamUuids[1], 50, false],
      [teamUuids[0], 120, true],
    ]);
    expect(snapshot.eliminations).toEqual([
      { teamUuid: teamUuids[2], teamName: snapshot.teams[2]!.name },
    ]);
    for (const secret of [FLAG, 'wrong-guess-123', 'Scanned the scoring server'])
      expect(response.body).not.toContain(secret);
    for (const player of players)
      expect(response.body).not.toContain(
        (player as unknown as { account: { pseudo: string } }).account.pseudo,
      );

    // A solve after the read: a stream opened from where the snapshot stood tells it, and
    // none of the solves the snapshot already showed. (The ranking of the earlier solves may
    // be announced after the read, as rankings are announced at most a few times a second.)
    expect((await answer(bob!, uuid, objective.flag, FLAG)).statusCode).toBe(200);
    const stream = await openEventStream(`${base}/api/display/${token}/events`, {
      'last-event-id': String(snapshot.streamPosition),
    });
    try {
      await stream.waitUntil(() =>
        stream.messages.some((message) => message.event === 'objective.solved'),
      );
      expect(stream.ids().every((id) => Number(id) > snapshot.streamPosition)).toBe(true);
      const solves = stream.messages
        .filter((message) => message.event === 'objective.solved')
        .map(
          (message) =>
            (message.data as { payload: { teamUuid: string; objectiveUuid: string } }).payload,
        );
      expect(solves).toEqual([
        expect.objectContaining({ teamUuid: teamUuids[1], objectiveUuid: objective.flag }),
      ]);
    } finally {
      await stream.close();
    }
  });

  it('follows the game on its stream, replays from Last-Event-ID, cut for the wall', async () => {
    const { uuid, players, teamUuids } = await game(2);
    const { token } = await issue(uuid);
    const stream = await openEventStream(`${base}/api/display/${token}/events`);
    try {
      expect(stream.response.status).toBe(200);
      await trainer.post(`/api/trainer/sessions/${uuid}/speedruns`, {
        objectiveUuid: objective.free,
        title: 'Quick!',
        description: 'The description stays with the players',
      });
      expect((await answer(players[0]!, uuid, objective.free, 'FREE')).statusCode).toBe(200);
      await trainer.post(`/api/trainer/sessions/${uuid}/teams/${teamUuids[1]}/eliminate`, {
        reason: 'Reason for the players only',
      });
      await trainer.post(`/api/trainer/sessions/${uuid}/pause`);
      await stream.waitUntil(() =>
        stream.messages.some((message) => message.event === 'session.status_changed'),
      );
      const types = stream.messages.map((message) => message.event);
      expect(types).toEqual(
        expect.arrayContaining([
          'speedrun.launched',
          'objective.solved',
          'ranking.changed',
          'team.eliminated',
          'session.status_changed',
        ]),
      );
      const text = JSON.stringify(stream.messages);
      expect(text).not.toContain('The description stays with the players');
      expect(text).not.toContain('Reason for the players only');
      // Only what every player reads: no team's, user's or trainers' audience.
      expect(
        stream.messages.every((m) => (m.data as { audience: string }).audience === 'session'),
      ).toBe(true);
      const solved = stream.messages.find((m) => m.event === 'objective.solved')!;
      expect((solved.data as { payload: { speedrun: boolean } }).payload.speedrun).toBe(true);

      // A display that lost its connection resumes where it was.
      const firstId = stream.messages[0]!.id!;
      const resumed = await openEventStream(`${base}/api/display/${token}/events`, {
        'last-event-id': firstId,
      });
      try {
        await resumed.waitForMessages(stream.messages.length - 1);
        expect(resumed.ids()).toEqual(stream.ids().slice(1));
      } finally {
        await resumed.close();
      }
    } finally {
      await stream.close();
    }
  });

  it('ends the link’s open streams at once on revocation and refuses it from then on', async () => {
    const { uuid } = await game(1);
    const { token, link } = await issue(uuid);
    const kept = await issue(uuid);
    const stream = await openEventStream(`${base}/api/display/${token}/events`);
    const other = await openEventStream(`${base}/api/display/${kept.token}/events`);
    try {
      expect(stream.response.status).toBe(200);
      const revoked = await trainer.delete(
        `/api/trainer/sessions/${uuid}/display-links/${link.uuid}`,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().link.revokedBy).toMatchObject({ pseudo: trainerPseudo });
      // The server ends the response: the stream's body finishes (never by the client here).
      await Promise.race([
        stream.finished,
        new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 5_000)),
      ]);
      expect(stream.ended).toBe(true);
      expect(other.ended).toBe(false);

      for (const path of [`/api/display/${token}`, `/api/display/${token}/events`]) {
        const refused = await display(path);
        expect(refused.statusCode, path).toBe(403);
        expect(refused.json().error.code).toBe('display.link_revoked');
      }
      expect((await display(`/api/display/${kept.token}`)).statusCode).toBe(200);
      expect((await auditOf(uuid))[0]).toMatchObject({
        action: 'display_link.revoked',
        targetUuid: link.uuid,
      });
      // Again: the same answer, nothing more recorded.
      await trainer.delete(`/api/trainer/sessions/${uuid}/display-links/${link.uuid}`);
      const revocations = (await auditOf(uuid)).filter((e) => e.action === 'display_link.revoked');
      expect(revocations).toHaveLength(1);
      const elsewhere = await trainer.delete(
        `/api/trainer/sessions/${(await game(1)).uuid}/display-links/${kept.link.uuid}`,
      );
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().error.code).toBe('display.link_not_found');
    } finally {
      await stream.close();
      await other.close();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'ends a display’s stream on another node at once when the link is revoked',
    async () => {
      const handle = openPostgres(database.url!, 4, { warn: () => {} });
      const other = await createTestApp(handle, {}, undefined, undefined, clock);
      try {
        const otherBase = await other.listen({ host: '127.0.0.1', port: 0 });
        const { uuid } = await game(1);
        const { token, link } = await issue(uuid);
        const stream = await openEventStream(`${otherBase}/api/display/${token}/events`);
        expect(stream.response.status).toBe(200);
        const revoked = await trainer.delete(
          `/api/trainer/sessions/${uuid}/display-links/${link.uuid}`,
        );
        expect(revoked.statusCode).toBe(200);
        // Well before the node's own periodic check of the link: the revocation's event ends it.
        await Promise.race([
          stream.finished,
          new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 5_000)),
        ]);
        const refused = await other.inject({ method: 'GET', url: `/api/display/${token}` });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('display.link_revoked');
      } finally {
        await other.close();
        await handle.close();
      }
    },
  );

  it('refuses an unknown or forged token on every display route', async () => {
    const { uuid, teamUuids } = await game(1);
    const { token } = await issue(uuid);
    const forged = [
      randomBytes(32).toString('base64url'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'x',
    ];
    for (const bad of forged)
      for (const path of [
        `/api/display/${bad}`,
        `/api/display/${bad}/events`,
        `/api/display/${bad}/teams/${teamUuids[0]}/logo`,
      ]) {
        const response = await display(path);
        expect(response.statusCode, path).toBe(401);
        expect(response.json().error.code).toBe('display.link_invalid');
      }
  });

  it('reads nothing of another session with a session’s token', async () => {
    const a = await game(1);
    const b = await game(1);
    const { token } = await issue(a.uuid);
    const stream = await openEventStream(`${base}/api/display/${token}/events`);
    try {
      const snapshot = await snapshotOf(token);
      expect(snapshot.session.uuid).toBe(a.uuid);
      expect(snapshot.teams.map((team) => team.uuid)).toEqual(a.teamUuids);
      const logo = await display(`/api/display/${token}/teams/${b.teamUuids[0]}/logo`);
      expect(logo.statusCode).toBe(404);
      expect((await answer(b.players[0]!, b.uuid, objective.free, 'FREE')).statusCode).toBe(200);
      expect((await answer(a.players[0]!, a.uuid, objective.flag, FLAG)).statusCode).toBe(200);
      await stream.waitUntil(() => stream.messages.some((m) => m.event === 'objective.solved'));
      const solved = stream.messages.filter((m) => m.event === 'objective.solved');
      expect(
        solved.map((m) => (m.data as { payload: { teamUuid: string } }).payload.teamUuid),
      ).toEqual([a.teamUuids[0]]);
    } finally {
      await stream.close();
    }
  });

  it('shows the podium with the awards once the game is over', async () => {
    const { uuid, players, teamUuids } = await game(2);
    const { token } = await issue(uuid);
    expect((await answer(players[1]!, uuid, objective.flag, FLAG)).statusCode).toBe(200);
    expect((await trainer.post(`/api/trainer/sessions/${uuid}/stop`)).statusCode).toBe(200);
    const snapshot = await snapshotOf(token);
    expect(snapshot.session).toMatchObject({ status: 'stopped', over: true });
    expect(snapshot.teams[0]).toMatchObject({ uuid: teamUuids[1], rank: 1 });
    expect(snapshot.teams[0]!.awards.map((award) => award.kind)).toEqual(['winner', 'first_blood']);
    // The link lapses a while after the end, by itself.
    clock.advance(3 * 60 * 60 * 1000);
    const lapsed = await display(`/api/display/${token}`);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().error.code).toBe('display.link_expired');
  });
});
