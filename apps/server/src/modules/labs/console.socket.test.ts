import type { AddressInfo } from 'node:net';
import { consoleCloseCodes, consoleTicketSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { labTemplate, setMissionLab } from '../../../test/lab-factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { buildApp } from '../../app.js';
import { CONSOLE_MAX_PAYLOAD } from './console.socket.js';
import { FakeProvider } from './providers/fake-provider.js';

const ORIGIN = 'http://rampart.test';
const decoder = new TextDecoder();

/** A real WebSocket client that keeps what the server said: the terminal's text and controls. */
class ConsoleClient {
  text = '';
  controls: { t: string; [key: string]: unknown }[] = [];
  closeCode: number | undefined;
  private waiters = new Set<() => void>();

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) this.text += decoder.decode(data as Buffer);
      else this.controls.push(JSON.parse(String(data)));
      this.waiters.forEach((wake) => wake());
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      this.waiters.forEach((wake) => wake());
    });
  }

  type(text: string) {
    this.socket.send(Buffer.from(text), { binary: true });
  }

  control(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  until(condition: () => boolean, what: string, ms = 3000) {
    return new Promise<void>((resolve, reject) => {
      if (condition()) return resolve();
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.text)}`));
      }, ms);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  untilText(fragment: string) {
    return this.until(() => this.text.includes(fragment), JSON.stringify(fragment));
  }

  untilControl(t: string, code?: string) {
    return this.until(
      () => this.controls.some((c) => c.t === t && (code === undefined || c.code === code)),
      `${t} ${code ?? ''}`,
    );
  }

  untilClosed() {
    return this.until(() => this.closeCode !== undefined, 'the socket to close');
  }

  close() {
    this.socket.close();
    return this.untilClosed();
  }
}

describe(`the console WebSocket: tickets, the terminal protocol, re-attaching (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  let labMission: string;
  const clock = testClock();
  const provider = new FakeProvider({ clock });

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  /** A running session whose teams each have a Ready environment. */
  const game = async (options: { teams?: number; size?: number } = {}) => {
    const { uuid, members, teamUuids } = await sessionWithTeams({
      trainer,
      missionUuid: labMission,
      signIn: signedIn,
      clock,
      teams: options.teams ?? 2,
      size: options.size ?? 1,
      settings: { durationMinutes: 600 },
    });
    for (const team of members) {
      const allocated = await team[0]!.post(`/api/sessions/${uuid}/environment`, undefined, {
        headers: { origin: ORIGIN },
      });
      expect(allocated.statusCode, allocated.body).toBe(200);
    }
    return { uuid, members, teamUuids };
  };

  const ticketFor = async (player: TestBrowser, session: string, origin = ORIGIN) => {
    const response = await player.post(
      `/api/sessions/${session}/environment/console-tickets`,
      undefined,
      { headers: { origin } },
    );
    expect(response.statusCode, response.body).toBe(201);
    return consoleTicketSchema.parse(response.json());
  };

  /** Opens the socket; resolves with the client, or with the HTTP status that refused it. */
  const open = (url: string, origin: string | null = ORIGIN) =>
    new Promise<ConsoleClient | { refused: number; body: string }>((resolve, reject) => {
      const socket = new WebSocket(`${base}${url}`, origin ? { origin } : {});
      socket.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => resolve({ refused: response.statusCode ?? 0, body }));
      });
      socket.on('open', () => resolve(new ConsoleClient(socket)));
      socket.on('error', (error) => {
        if (!String(error).includes('Unexpected server response')) reject(error);
      });
    });

  const connect = async (player: TestBrowser, session: string) => {
    const client = await open((await ticketFor(player, session)).url);
    if (!(client instanceof ConsoleClient)) throw new Error(`refused: ${JSON.stringify(client)}`);
    await client.untilControl('attached');
    return client;
  };

  const refusal = async (url: string, origin: string | null = ORIGIN) => {
    const result = await open(url, origin);
    if (result instanceof ConsoleClient) {
      result.socket.close();
      throw new Error('the socket was accepted');
    }
    return { status: result.refused, code: JSON.parse(result.body).error.code as string };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({
        ALLOWED_ORIGINS: ORIGIN,
        LAB_CONSOLES_PER_TEAM: '3',
        LAB_MAX_ENVIRONMENTS: '200',
        LAB_MAX_ENVIRONMENTS_PER_SESSION: '10',
        LAB_CONSOLE_GRACE_SECONDS: '60',
        // Teams here get their environment on first use, as a team that joins late does.
        LAB_ALLOCATE_AT_START: 'false',
      }),
      database,
      logger: false,
      sessionClock: clock,
      labProvider: provider,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db);
    labMission = chapter.missions[0]!.uuid;
    await setMissionLab(database.db, labMission, labTemplate());
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('who may open a console', () => {
    it('gives a player a single-use ticket to their own team’s console, runs `id` there', async () => {
      const { uuid, members } = await game();
      const ticket = await ticketFor(members[0]![0]!, uuid);
      expect(ticket.expiresInSeconds).toBe(30);
      const client = await open(ticket.url);
      if (!(client instanceof ConsoleClient)) throw new Error(JSON.stringify(client));
      await client.untilControl('attached');
      client.type('id\r');
      await client.untilText('uid=1000(player)');
      await client.close();
      // Single use: the same ticket opens nothing a second time.
      expect(await refusal(ticket.url)).toEqual({
        status: 401,
        code: 'lab.console_ticket_invalid',
      });
    });

    it('refuses an unknown ticket, a missing one and one past its 30 seconds', async () => {
      const { uuid, members } = await game();
      expect(await refusal('/ws/console?ticket=not-a-ticket')).toEqual({
        status: 401,
        code: 'lab.console_ticket_invalid',
      });
      expect((await refusal('/ws/console')).status).toBe(401);
      const ticket = await ticketFor(members[0]![0]!, uuid);
      clock.advance(31_000);
      expect(await refusal(ticket.url)).toEqual({
        status: 401,
        code: 'lab.console_ticket_invalid',
      });
    });

    it('refuses a socket opened from another site’s page, or with no Origin at all', async () => {
      const { uuid, members } = await game();
      const player = members[0]![0]!;
      expect(await refusal((await ticketFor(player, uuid)).url, 'https://evil.example')).toEqual({
        status: 403,
        code: 'auth.origin_mismatch',
      });
      expect((await refusal((await ticketFor(player, uuid)).url, null)).code).toBe(
        'auth.origin_mismatch',
      );
      // Asking for a ticket from another site is refused before any ticket exists.
      const foreign = await player.post(
        `/api/sessions/${uuid}/environment/console-tickets`,
        undefined,
        {
          headers: { origin: 'https://evil.example' },
        },
      );
      expect(foreign.statusCode).toBe(403);
    });

    it('gives no ticket to a player of another session, a trainer, or a team without a lab running', async () => {
      const { uuid } = await game();
      const stranger = (await game()).members[0]![0]!;
      const asStranger = await stranger.post(
        `/api/sessions/${uuid}/environment/console-tickets`,
        undefined,
        { headers: { origin: ORIGIN } },
      );
      expect(asStranger.json().error.code).toBe('session.not_joined');
      const asTrainer = await trainer.post(
        `/api/sessions/${uuid}/environment/console-tickets`,
        undefined,
        { headers: { origin: ORIGIN } },
      );
      expect([401, 403]).toContain(asTrainer.statusCode);
      const fresh = await sessionWithTeams({
        trainer,
        missionUuid: labMission,
        signIn: signedIn,
        clock,
        teams: 1,
        settings: { durationMinutes: 600 },
      });
      const without = await fresh.members[0]![0]!.post(
        `/api/sessions/${fresh.uuid}/environment/console-tickets`,
        undefined,
        { headers: { origin: ORIGIN } },
      );
      expect({ status: without.statusCode, code: without.json().error.code }).toEqual({
        status: 404,
        code: 'lab.not_found',
      });
    });

    it('gives no ticket while the session is paused', async () => {
      const { uuid, members } = await game();
      const paused = await trainer.post(`/api/trainer/sessions/${uuid}/pause`);
      expect(paused.statusCode, paused.body).toBe(200);
      const refused = await members[0]![0]!.post(
        `/api/sessions/${uuid}/environment/console-tickets`,
        undefined,
        { headers: { origin: ORIGIN } },
      );
      expect(refused.json().error.code).toBe('session.paused');
    });

    it('reaches only the caller’s team environment: the other team’s shell is never shared', async () => {
      const { uuid, members } = await game({ teams: 2 });
      const mine = await connect(members[0]![0]!, uuid);
      const theirs = await connect(members[1]![0]!, uuid);
      mine.type('MARK=ours\recho $MARK-team\r');
      await mine.untilText('ours-team\r\n');
      theirs.type('echo $MARK-team\r');
      await theirs.untilText('\n-team\r\n');
      expect(theirs.text).not.toContain('ours');
      expect(provider.calls.filter((c) => c.operation === 'openConsole').length).toBeGreaterThan(1);
      await Promise.all([mine.close(), theirs.close()]);
    });
  });

  describe('the terminal protocol', () => {
    it('follows resizes, answers pings and tells the browser when the shell exits', async () => {
      const { uuid, members } = await game();
      const client = await connect(members[0]![0]!, uuid);
      client.control({ t: 'resize', cols: 132, rows: 40 });
      client.type('stty size\r');
      await client.untilText('40 132');
      client.control({ t: 'ping' });
      await client.untilControl('pong');
      client.type('exit\r');
      await client.untilControl('exit');
      await client.untilClosed();
      expect(client.controls).toContainEqual({ t: 'exit', code: 0 });
      expect(client.closeCode).toBe(consoleCloseCodes.ended);
    });

    it('refuses frames that are not the protocol and keeps the shell as it was', async () => {
      const { uuid, members } = await game();
      const client = await connect(members[0]![0]!, uuid);
      client.control({ t: 'resize', cols: 100, rows: 30 });
      client.socket.send('not json');
      client.control({ t: 'launch', missiles: true });
      client.control({ t: 'resize', cols: 0, rows: 0 });
      client.control({ t: 'resize', cols: 100_000, rows: 100_000 });
      client.control({ t: 'resize', cols: 80.5, rows: '24' });
      client.control([1, 2, 3]);
      await client.until(
        () => client.controls.filter((c) => c.code === 'bad_frame').length === 6,
        'six bad_frame answers',
      );
      client.type('stty size\r');
      await client.untilText('30 100');
      await client.close();
    });

    it('closes a socket sent a frame over 64 KiB, and the shell survives for a new connection', async () => {
      const { uuid, members } = await game();
      const player = members[0]![0]!;
      const client = await connect(player, uuid);
      client.type('KEPT=yes\r');
      await client.untilText('KEPT=yes');
      client.socket.send(Buffer.alloc(CONSOLE_MAX_PAYLOAD + 1, 97), { binary: true });
      await client.untilClosed();
      expect(client.closeCode).toBe(1009);
      const again = await connect(player, uuid);
      again.type('echo $KEPT-still\r');
      await again.untilText('yes-still\r\n');
      await again.close();
    });

    it('bounds a flood of input: the excess is dropped with an error, the shell still answers', async () => {
      const { uuid, members } = await game();
      const client = await connect(members[0]![0]!, uuid);
      const frame = Buffer.alloc(60 * 1024, 120);
      for (let i = 0; i < 40; i += 1) client.socket.send(frame, { binary: true });
      await client.untilControl('error', 'flood');
      await new Promise((resolve) => setTimeout(resolve, 300));
      client.type('\recho still-here\r');
      await client.untilText('still-here\r\n');
      expect(client.closeCode).toBeUndefined();
      // The shell saw at most the burst, not the 2.4 MB sent.
      expect(client.text.length).toBeLessThan(600 * 1024);
      await client.close();
    });
  });

  it('ends a console left without input past the idle timeout', async () => {
    const idleApp = await buildApp({
      config: testConfig({ ALLOWED_ORIGINS: ORIGIN, LAB_CONSOLE_IDLE_SECONDS: '1' }),
      database,
      logger: false,
      sessionClock: clock,
      labProvider: provider,
    });
    try {
      await idleApp.listen({ host: '127.0.0.1', port: 0 });
      const { uuid, members } = await game();
      const ticket = await ticketFor(members[0]![0]!, uuid);
      const port = (idleApp.server.address() as AddressInfo).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}${ticket.url}`, { origin: ORIGIN });
      const client = new ConsoleClient(socket);
      await client.untilControl('attached');
      await client.untilClosed();
      expect(client.controls).toContainEqual({ t: 'error', code: 'idle' });
      expect(client.closeCode).toBe(consoleCloseCodes.idle);
    } finally {
      await idleApp.close();
    }
  });

  describe('a trainer’s console on a team’s lab', () => {
    const trainerTicket = (session: string, team: string, browser = trainer) =>
      browser.post(
        `/api/trainer/sessions/${session}/teams/${team}/environment/console-tickets`,
        undefined,
        { headers: { origin: ORIGIN } },
      );

    it('opens any team’s console for the trainer running the session, and audits it', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2 });
      const player = await connect(members[1]![0]!, uuid);
      player.type('MARK=team-one\r');
      const response = await trainerTicket(uuid, teamUuids[1]!);
      expect(response.statusCode, response.body).toBe(201);
      const client = await open(consoleTicketSchema.parse(response.json()).url);
      if (!(client instanceof ConsoleClient)) throw new Error(JSON.stringify(client));
      await client.untilControl('attached');
      client.type('echo trainer-looks\r');
      await client.untilText('trainer-looks\r\n');
      // A shell of its own: the player's is not shared with the trainer.
      expect(player.text).not.toContain('trainer-looks');
      const audit = await database.db
        .selectFrom('trainer_audit')
        .selectAll()
        .where('session_uuid', '=', uuid)
        .where('action', '=', 'lab.console_opened')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ target_uuid: teamUuids[1] });
      await Promise.all([client.close(), player.close()]);
    });

    it('refuses the trainer route to players, a team of another session, and a team without a lab', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2 });
      const asPlayer = await trainerTicket(uuid, teamUuids[1]!, members[0]![0]!);
      expect([401, 403]).toContain(asPlayer.statusCode);
      const other = await game({ teams: 1 });
      const foreignTeam = await trainerTicket(uuid, other.teamUuids[0]!);
      expect({ status: foreignTeam.statusCode, code: foreignTeam.json().error.code }).toEqual({
        status: 404,
        code: 'team.not_found',
      });
      const fresh = await sessionWithTeams({
        trainer,
        missionUuid: labMission,
        signIn: signedIn,
        clock,
        teams: 1,
        settings: { durationMinutes: 600 },
      });
      const withoutLab = await trainerTicket(fresh.uuid, fresh.teamUuids[0]!);
      expect(withoutLab.json().error.code).toBe('lab.not_found');
      const audit = await database.db
        .selectFrom('trainer_audit')
        .select('id')
        .where('session_uuid', 'in', [uuid, fresh.uuid])
        .where('action', '=', 'lab.console_opened')
        .execute();
      expect(audit).toHaveLength(0);
    });

    it('refuses a trainer’s ticket opened from another site’s page', async () => {
      const { uuid, teamUuids } = await game({ teams: 1 });
      const response = await trainerTicket(uuid, teamUuids[0]!);
      const { url } = consoleTicketSchema.parse(response.json());
      expect(await refusal(url, 'http://evil.test')).toEqual({
        status: 403,
        code: 'auth.origin_mismatch',
      });
    });
  });

  describe('releasing the environment', () => {
    it('closes every open console of a released environment at once, with a release message, and issues no more tickets', async () => {
      const { uuid, members, teamUuids } = await game({ teams: 2, size: 2 });
      const [alice, bob] = members[0]! as [TestBrowser, TestBrowser];
      const a = await connect(alice, uuid);
      const b = await connect(bob, uuid);
      const otherTeam = await connect(members[1]![0]!, uuid);
      const released = await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`, {
        teamUuid: teamUuids[0],
      });
      expect(released.json()).toEqual({ released: 1 });
      const startedAt = Date.now();
      // Well inside the 15 s liveness interval: the release itself closes them.
      await Promise.all([a.untilClosed(), b.untilClosed()]);
      expect(Date.now() - startedAt).toBeLessThan(2000);
      for (const client of [a, b]) {
        expect(client.controls).toContainEqual({ t: 'error', code: 'released' });
        expect(client.closeCode).toBe(consoleCloseCodes.expired);
      }
      const refused = await alice.post(
        `/api/sessions/${uuid}/environment/console-tickets`,
        undefined,
        {
          headers: { origin: ORIGIN },
        },
      );
      expect({ status: refused.statusCode, code: refused.json().error.code }).toEqual({
        status: 404,
        code: 'lab.not_found',
      });
      // The other team's console is untouched.
      otherTeam.type('echo still-here\r');
      await otherTeam.untilText('still-here\r\n');
      await otherTeam.close();
    });

    it('closes the consoles of every team when the trainer releases them all', async () => {
      const { uuid, members } = await game({ teams: 2 });
      const first = await connect(members[0]![0]!, uuid);
      const second = await connect(members[1]![0]!, uuid);
      await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`, {});
      await Promise.all([first.untilClosed(), second.untilClosed()]);
      expect(first.controls).toContainEqual({ t: 'error', code: 'released' });
      expect(second.controls).toContainEqual({ t: 'error', code: 'released' });
    });
  });

  describe('reconnecting and teammates', () => {
    it('re-attaches a dropped connection to the same shell, replaying what it printed', async () => {
      const { uuid, members } = await game();
      const player = members[0]![0]!;
      const first = await connect(player, uuid);
      const opened = provider.calls.filter((c) => c.operation === 'openConsole').length;
      first.type('SECRET_WORD=sesame\r');
      first.type('echo before-the-drop\r');
      await first.untilText('before-the-drop\r\n');
      first.socket.terminate();
      await first.untilClosed();
      const second = await connect(player, uuid);
      expect(second.controls[0]).toEqual({ t: 'attached', resumed: true });
      await second.untilText('before-the-drop');
      // The variable set before the drop is still there: the same shell, not a new one.
      second.type('echo $SECRET_WORD-kept\r');
      await second.untilText('sesame-kept\r\n');
      expect(provider.calls.filter((c) => c.operation === 'openConsole').length).toBe(opened);
      await second.close();
    });

    it('gives two teammates two shells at once, and caps the shells a team holds', async () => {
      const { uuid, members } = await game({ teams: 1, size: 3 });
      const [alice, bob, carol] = members[0]! as [TestBrowser, TestBrowser, TestBrowser];
      const a = await connect(alice, uuid);
      const b = await connect(bob, uuid);
      expect(a.controls[0]).toEqual({ t: 'attached', resumed: false });
      expect(b.controls[0]).toEqual({ t: 'attached', resumed: false });
      a.type('echo from-alice\r');
      b.type('echo from-bob\r');
      await a.untilText('from-alice\r\n');
      await b.untilText('from-bob\r\n');
      expect(a.text).not.toContain('from-bob');
      expect(b.text).not.toContain('from-alice');
      const c = await connect(carol, uuid);
      // A fourth shell passes the team's limit of three.
      const fourth = await open((await ticketFor(carol, uuid)).url);
      if (!(fourth instanceof ConsoleClient)) throw new Error('refused before the upgrade');
      await fourth.untilClosed();
      expect(fourth.closeCode).toBe(consoleCloseCodes.limit);
      await Promise.all([a.close(), b.close(), c.close()]);
    });
  });
});
