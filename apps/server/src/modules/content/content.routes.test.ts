import { randomUUID } from 'node:crypto';
import {
  getChapter,
  getHome,
  trainerChapterSchema,
  trainerMissionSchema,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import {
  assignChapter,
  bilingual,
  buildChapter,
  recordMissionResult,
} from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { openEventStream, type EventStreamClient } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { userStream } from '../../realtime/streams.js';

type Account = Awaited<ReturnType<typeof buildAccount>>;

describe(`content API (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  const streams: EventStreamClient[] = [];

  const signedIn = async (overrides: Parameters<typeof buildAccount>[1] = {}) => {
    const account = await buildAccount(database.db, overrides);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return { account, browser };
  };

  const homeOf = async (browser: TestBrowser, query = '') => {
    const response = await browser.get(`/api/home${query}`);
    expect(response.statusCode).toBe(200);
    return getHome.responses[200].parse(response.json());
  };

  const chapterOf = async (browser: TestBrowser, uuid: string, query = '') => {
    const response = await browser.get(`/api/chapters/${uuid}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return getChapter.responses[200].parse(response.json()).chapter;
  };

  const userEvents = async (account: Account) =>
    (await readEventsAfter(database.db, userStream(account.id), 0, 100)).map((event) => ({
      type: event.type,
      payload: event.payload,
    }));

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
  });

  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('GET /api/home', () => {
    it('lists the open chapters and the caller’s assigned ones, never another player’s', async () => {
      const { account: alice, browser } = await signedIn();
      const { account: bob } = await signedIn();
      const open = await buildChapter(database.db, { visibility: 'open' });
      const mine = await buildChapter(database.db, { visibility: 'assigned' });
      const bobs = await buildChapter(database.db, { visibility: 'assigned' });
      const nobodys = await buildChapter(database.db, { visibility: 'assigned' });
      await assignChapter(database.db, mine.uuid, alice.id);
      await assignChapter(database.db, bobs.uuid, bob.id);

      const home = await homeOf(browser);
      const listed = home.chapters.map((chapter) => chapter.chapter_uuid);
      expect(listed).toContain(open.uuid);
      expect(listed).toContain(mine.uuid);
      expect(listed).not.toContain(bobs.uuid);
      expect(listed).not.toContain(nobodys.uuid);
      expect(home.assignedChapters.map((chapter) => chapter.chapter_uuid)).toEqual([mine.uuid]);
      expect(home.assignedChapters[0]).toMatchObject({ assigned: true, visibility: 'assigned' });
      expect(home.chapters.find((c) => c.chapter_uuid === open.uuid)).toMatchObject({
        assigned: false,
        assignedAt: null,
      });
      expect(home.ongoingMissions).toEqual([]);
      expect(home.ongoingSessions).toEqual([]);
      expect(home.joinableSessions).toEqual([]);
    });

    it('orders chapters by position then title, assigned ones by latest assignment', async () => {
      const { account, browser } = await signedIn();
      const build = (position: number, title: string) =>
        buildChapter(database.db, { visibility: 'assigned', position, title: bilingual(title) });
      const zulu = await build(5, 'Zulu');
      const alpha = await build(5, 'Alpha');
      const mike = await build(1, 'Mike');
      await assignChapter(database.db, zulu.uuid, account.id, new Date('2025-01-01T10:00:00Z'));
      await assignChapter(database.db, alpha.uuid, account.id, new Date('2025-01-03T10:00:00Z'));
      await assignChapter(database.db, mike.uuid, account.id, new Date('2025-01-02T10:00:00Z'));
      const ours = new Set([zulu.uuid, alpha.uuid, mike.uuid]);

      const home = await homeOf(browser);
      const order = home.chapters.map((c) => c.chapter_uuid).filter((uuid) => ours.has(uuid));
      expect(order).toEqual([mike.uuid, alpha.uuid, zulu.uuid]);
      expect(home.assignedChapters.map((c) => c.chapter_uuid)).toEqual([
        alpha.uuid,
        mike.uuid,
        zulu.uuid,
      ]);
      expect(home.assignedChapters[0]?.assignedAt).toBe('2025-01-03T10:00:00.000Z');
    });

    it('summarises each chapter: counts, points, difficulty span, categories, completions', async () => {
      const { account, browser } = await signedIn();
      const chapter = await buildChapter(database.db, {
        missions: [
          {
            difficulty: 1,
            objectives: [
              { points: 100, category: 'web' },
              { points: 50, category: 'osint', type: 'single_choice' },
            ],
          },
          { difficulty: 4, objectives: [{ points: 200, category: 'crypto' }] },
        ],
      });
      await recordMissionResult(database.db, {
        missionUuid: chapter.missions[1]!.uuid,
        accountId: account.id,
        bestScore: 200,
        result: 'success',
      });

      const home = await homeOf(browser);
      expect(home.chapters.find((c) => c.chapter_uuid === chapter.uuid)).toMatchObject({
        missionCount: 2,
        objectiveCount: 3,
        totalPoints: 350,
        difficulty: { min: 1, max: 4 },
        categories: ['web', 'crypto', 'osint'],
        completedMissions: 1,
      });
    });

    it('gives each chapter its summary’s first paragraph as text runs, in the language asked', async () => {
      const { browser } = await signedIn();
      const chapter = await buildChapter(database.db, {
        visibility: 'open',
        summary: {
          en: 'Read **access logs** <img src=x onerror=alert(1)> like [an analyst](https://example.org).\n\nMore.',
          fr: 'Lire des `journaux`.\n\nEncore.',
        },
      });

      const excerptIn = async (locale: string) =>
        (await homeOf(browser, `?locale=${locale}`)).chapters.find(
          (c) => c.chapter_uuid === chapter.uuid,
        )?.excerpt;
      expect(await excerptIn('en')).toEqual([
        { text: 'Read ', marks: [] },
        { text: 'access logs', marks: ['strong'] },
        { text: '  like an analyst.', marks: [] },
      ]);
      expect(await excerptIn('fr')).toEqual([
        { text: 'Lire des ', marks: [] },
        { text: 'journaux', marks: ['code'] },
        { text: '.', marks: [] },
      ]);
    });
  });

  describe('GET /api/chapters/:uuid', () => {
    it('returns the missions in order with what a player reads and their best score', async () => {
      const { account, browser } = await signedIn();
      const chapter = await buildChapter(database.db, {
        missions: [
          {
            title: bilingual('First mission', 'Première mission'),
            brief: bilingual('Get in.', 'Entrez.'),
            difficulty: 1,
            durationMinutes: 45,
            objectives: [
              { points: 100, category: 'web', title: bilingual('Login page', 'Page de connexion') },
              { points: 50, category: 'crypto', type: 'single_choice' },
            ],
          },
          {
            difficulty: 4,
            successRule: { kind: 'min_points', points: 150 },
            objectives: [
              {
                points: 200,
                category: 'network',
                locked: true,
                speedrun: true,
                firstBloodBonus: 20,
                difficulty: 5,
              },
              { points: 30, category: 'web', type: 'multiple_choice' },
            ],
          },
        ],
      });
      const [first, second] = chapter.missions;
      await recordMissionResult(database.db, {
        missionUuid: first!.uuid,
        accountId: account.id,
        bestScore: 150,
        result: 'failure',
      });

      const detail = await chapterOf(browser, chapter.uuid);
      expect(detail.chapter_uuid).toBe(chapter.uuid);
      expect(detail.missions.map((mission) => mission.uuid)).toEqual([first!.uuid, second!.uuid]);
      expect(detail.missions[0]).toEqual({
        uuid: first!.uuid,
        position: 0,
        title: 'First mission',
        brief: 'Get in.',
        scenario: 'Scenario',
        rules: 'Rules',
        difficulty: 1,
        durationMinutes: 45,
        points: 150,
        objectiveCount: 2,
        flagCount: 1,
        categories: ['web', 'crypto'],
        successRule: { kind: 'required_objectives' },
        objectives: [
          {
            uuid: first!.objectives[0]!.uuid,
            title: 'Login page',
            category: 'web',
            difficulty: 2,
            points: 100,
            type: 'flag',
            locked: false,
            speedrun: false,
            firstBloodBonus: 0,
          },
          expect.objectContaining({ type: 'single_choice', points: 50 }),
        ],
        bestScore: 150,
        result: 'failure',
      });
      expect(detail.missions[1]).toMatchObject({
        points: 230,
        flagCount: 1,
        successRule: { kind: 'min_points', points: 150 },
        bestScore: null,
        result: null,
        objectives: [
          { locked: true, speedrun: true, firstBloodBonus: 20, difficulty: 5 },
          { type: 'multiple_choice' },
        ],
      });
    });

    it('answers 404 for an unknown chapter', async () => {
      const { browser } = await signedIn();
      const response = await browser.get(`/api/chapters/${randomUUID()}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('content.chapter_not_found');
    });

    it('answers the same 404 when bob asks for a chapter assigned only to alice', async () => {
      const { account: alice, browser: aliceBrowser } = await signedIn();
      const { browser: bob } = await signedIn();
      const chapter = await buildChapter(database.db, { visibility: 'assigned' });
      await assignChapter(database.db, chapter.uuid, alice.id);

      expect((await aliceBrowser.get(`/api/chapters/${chapter.uuid}`)).statusCode).toBe(200);
      const refused = await bob.get(`/api/chapters/${chapter.uuid}`);
      const unknown = await bob.get(`/api/chapters/${randomUUID()}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(unknown.json());
    });

    it('is closed to a trainer’s cookie and to visitors', async () => {
      const chapter = await buildChapter(database.db);
      expect((await trainer.get(`/api/chapters/${chapter.uuid}`)).statusCode).toBe(401);
      expect((await new TestBrowser(app).get(`/api/chapters/${chapter.uuid}`)).statusCode).toBe(
        401,
      );
    });
  });

  describe('language of the content', () => {
    it('follows ?locale=, and the account’s language when absent', async () => {
      const { browser: english } = await signedIn({ locale: 'en' });
      const { browser: french } = await signedIn({ locale: 'fr' });
      const chapter = await buildChapter(database.db, {
        title: bilingual('Perimeter', 'Périmètre'),
        summary: bilingual('Guard the gate.', 'Gardez la porte.'),
        missions: [
          {
            title: bilingual('Night shift', 'Quart de nuit'),
            brief: bilingual('Stay awake.', 'Restez éveillé.'),
            objectives: [{ title: bilingual('Find the log', 'Trouvez le journal') }],
          },
        ],
      });

      const en = await chapterOf(english, chapter.uuid, '?locale=en');
      const fr = await chapterOf(english, chapter.uuid, '?locale=fr');
      expect([en.title, en.summary, en.missions[0]?.title, en.missions[0]?.brief]).toEqual([
        'Perimeter',
        'Guard the gate.',
        'Night shift',
        'Stay awake.',
      ]);
      expect(en.missions[0]?.objectives[0]?.title).toBe('Find the log');
      expect([fr.title, fr.summary, fr.missions[0]?.title, fr.missions[0]?.brief]).toEqual([
        'Périmètre',
        'Gardez la porte.',
        'Quart de nuit',
        'Restez éveillé.',
      ]);
      expect(fr.missions[0]?.objectives[0]?.title).toBe('Trouvez le journal');

      expect((await chapterOf(french, chapter.uuid)).title).toBe('Périmètre');
      expect((await chapterOf(english, chapter.uuid)).title).toBe('Perimeter');

      const home = await homeOf(french, '?locale=en');
      expect(home.locale).toBe('en');
      expect(home.chapters.find((c) => c.chapter_uuid === chapter.uuid)?.title).toBe('Perimeter');
      expect((await homeOf(french)).locale).toBe('fr');
    });

    it('refuses a language it does not offer', async () => {
      const { browser } = await signedIn();
      const response = await browser.get('/api/home?locale=de');
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('request.invalid');
    });
  });

  describe('GET /api/objectives/:objectiveUuid/files/:fileUuid', () => {
    const fileUrl = (objectiveUuid: string, fileUuid: string) =>
      `/api/objectives/${objectiveUuid}/files/${fileUuid}`;

    it('downloads as an attachment with a safe type, no sniffing, no caching, sandboxed', async () => {
      const { browser } = await signedIn();
      const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
      const chapter = await buildChapter(database.db, {
        missions: [
          {
            objectives: [
              {
                files: [
                  { name: 'access.log', content: 'GET /admin 200\n' },
                  { name: 'capture.pcap', content: bytes },
                ],
              },
            ],
          },
        ],
      });
      const objective = chapter.missions[0]!.objectives[0]!;
      const [log, capture] = objective.files;

      const response = await browser.get(fileUrl(objective.uuid, log!.uuid));
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('GET /admin 200\n');
      expect(response.headers).toMatchObject({
        'content-disposition': `attachment; filename="access.log"; filename*=UTF-8''access.log`,
        'content-type': 'text/plain; charset=utf-8',
        'content-length': '15',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-security-policy': 'sandbox',
      });

      const binary = await browser.get(fileUrl(objective.uuid, capture!.uuid));
      expect(binary.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
      expect(new Uint8Array(binary.rawPayload)).toEqual(bytes);
    });

    it('serves a stored type that the name does not give as plain bytes', async () => {
      const { browser } = await signedIn();
      const chapter = await buildChapter(database.db, {
        missions: [
          {
            objectives: [
              {
                files: [
                  { name: 'page.html', content: '<script>1</script>', contentType: 'text/html' },
                ],
              },
            ],
          },
        ],
      });
      const objective = chapter.missions[0]!.objectives[0]!;
      const response = await browser.get(fileUrl(objective.uuid, objective.files[0]!.uuid));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
    });

    it('refuses a locked objective’s file, another player’s chapter and a mismatched pair', async () => {
      const { account: alice, browser: aliceBrowser } = await signedIn();
      const { browser: bob } = await signedIn();
      const chapter = await buildChapter(database.db, {
        visibility: 'assigned',
        missions: [
          {
            objectives: [
              { files: [{ name: 'open.txt' }] },
              { locked: true, files: [{ name: 'locked.txt' }] },
            ],
          },
        ],
      });
      await assignChapter(database.db, chapter.uuid, alice.id);
      const [open, locked] = chapter.missions[0]!.objectives;
      const openFile = open!.files[0]!;
      const lockedFile = locked!.files[0]!;

      expect((await aliceBrowser.get(fileUrl(open!.uuid, openFile.uuid))).statusCode).toBe(200);
      const refusals = [
        await aliceBrowser.get(fileUrl(locked!.uuid, lockedFile.uuid)),
        await aliceBrowser.get(fileUrl(open!.uuid, lockedFile.uuid)),
        await aliceBrowser.get(fileUrl(locked!.uuid, openFile.uuid)),
        await aliceBrowser.get(fileUrl(open!.uuid, randomUUID())),
        await bob.get(fileUrl(open!.uuid, openFile.uuid)),
      ];
      for (const response of refusals) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('content.file_not_found');
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    });
  });

  describe('trainer routes', () => {
    const trainerRoutes = (uuid: string) => [
      ['GET', '/api/trainer/chapters'],
      ['GET', '/api/trainer/missions'],
      ['GET', `/api/trainer/missions/${uuid}`],
      ['GET', `/api/trainer/objectives/${uuid}/files/${uuid}`],
      ['PUT', `/api/trainer/chapters/${uuid}/assignments`],
    ];

    it('are closed to players, even with a valid player session', async () => {
      const { account, browser } = await signedIn();
      const chapter = await buildChapter(database.db);
      const before = await snapshotDatabase(database.db);
      for (const [method, url] of trainerRoutes(chapter.uuid)) {
        const response = await browser.request({
          method: method as 'GET' | 'PUT',
          url: url!,
          ...(method === 'PUT' ? { payload: { playerIds: [account.id] } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });

    it('list every chapter with its missions and assignees', async () => {
      const { account } = await signedIn();
      const chapter = await buildChapter(database.db, {
        visibility: 'assigned',
        position: 7,
        title: bilingual('Blue team', 'Équipe bleue'),
        missions: [{ difficulty: 3, objectives: [{ points: 10 }, { points: 15 }] }],
      });
      await assignChapter(database.db, chapter.uuid, account.id);

      const response = await trainer.get('/api/trainer/chapters');
      expect(response.statusCode).toBe(200);
      const listed = (response.json().chapters as unknown[]).map((c) =>
        trainerChapterSchema.parse(c),
      );
      expect(listed.find((c) => c.chapter_uuid === chapter.uuid)).toEqual({
        chapter_uuid: chapter.uuid,
        title: { en: 'Blue team', fr: 'Équipe bleue' },
        visibility: 'assigned',
        position: 7,
        missions: [
          {
            uuid: chapter.missions[0]!.uuid,
            title: chapter.missions[0]!.title,
            difficulty: 3,
            objectiveCount: 2,
            points: 25,
          },
        ],
        assignees: [{ id: account.id, username: account.username, pseudo: account.pseudo }],
      });
    });

    it('replace a chapter’s assignees and tell each added and removed player', async () => {
      const { account: alice, browser: aliceBrowser } = await signedIn({
        username: 'a_' + randomUUID().slice(0, 8),
      });
      const { account: bob } = await signedIn({ username: 'b_' + randomUUID().slice(0, 8) });
      const { account: carol, browser: carolBrowser } = await signedIn({
        username: 'c_' + randomUUID().slice(0, 8),
      });
      const chapter = await buildChapter(database.db, {
        visibility: 'assigned',
        title: bilingual('Red team', 'Équipe rouge'),
      });
      const url = `/api/trainer/chapters/${chapter.uuid}/assignments`;
      const live = await openEventStream(`${base}/api/me/events`, {
        cookie: aliceBrowser.cookieHeader(),
      });
      streams.push(live);

      const first = await trainer.put(url, { playerIds: [alice.id, bob.id, alice.id] });
      expect(first.statusCode).toBe(200);
      expect(first.json().chapter.assignees.map((a: { id: string }) => a.id)).toEqual([
        alice.id,
        bob.id,
      ]);
      await live.waitForMessages(1);
      expect(live.messages[0]).toMatchObject({
        event: 'chapter.assigned',
        data: {
          payload: { chapterUuid: chapter.uuid, title: { en: 'Red team', fr: 'Équipe rouge' } },
        },
      });
      expect((await homeOf(aliceBrowser)).assignedChapters[0]?.chapter_uuid).toBe(chapter.uuid);

      const second = await trainer.put(url, { playerIds: [bob.id, carol.id] });
      expect(second.statusCode).toBe(200);
      expect(second.json().chapter.assignees.map((a: { id: string }) => a.id)).toEqual([
        bob.id,
        carol.id,
      ]);

      const assigned = {
        type: 'chapter.assigned',
        payload: { chapterUuid: chapter.uuid, title: { en: 'Red team', fr: 'Équipe rouge' } },
      };
      const unassigned = { type: 'chapter.unassigned', payload: { chapterUuid: chapter.uuid } };
      expect(await userEvents(alice)).toEqual([assigned, unassigned]);
      expect(await userEvents(bob)).toEqual([assigned]);
      expect(await userEvents(carol)).toEqual([assigned]);
      await live.waitForMessages(2);
      expect(live.messages[1]?.event).toBe('chapter.unassigned');

      expect((await aliceBrowser.get(`/api/chapters/${chapter.uuid}`)).statusCode).toBe(404);
      expect((await carolBrowser.get(`/api/chapters/${chapter.uuid}`)).statusCode).toBe(200);

      const cleared = await trainer.put(url, { playerIds: [] });
      expect(cleared.json().chapter.assignees).toEqual([]);
      expect(await userEvents(bob)).toEqual([assigned, unassigned]);
    });

    it('apply racing replacements one after the other, telling each player exactly once per change', async () => {
      const players = await Promise.all([1, 2, 3, 4].map(() => buildAccount(database.db)));
      const chapter = await buildChapter(database.db, { visibility: 'assigned' });
      const url = `/api/trainer/chapters/${chapter.uuid}/assignments`;
      const sets = [
        [players[0]!.id, players[1]!.id],
        [players[2]!.id, players[3]!.id],
        [players[1]!.id, players[2]!.id],
      ];
      const responses = await Promise.all(sets.map((playerIds) => trainer.put(url, { playerIds })));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);

      const final = (await trainer.get('/api/trainer/chapters'))
        .json()
        .chapters.find((c: { chapter_uuid: string }) => c.chapter_uuid === chapter.uuid);
      const finalIds = new Set<string>(final.assignees.map((a: { id: string }) => a.id));
      expect(sets.map((set) => [...set].sort().join())).toContain([...finalIds].sort().join());
      for (const player of players) {
        // Whatever the order, a player's events alternate and end on their final state.
        const types = (await userEvents(player)).map((event) => event.type);
        types.forEach((type, index) =>
          expect(type).toBe(index % 2 === 0 ? 'chapter.assigned' : 'chapter.unassigned'),
        );
        expect(types.at(-1) === 'chapter.assigned').toBe(finalIds.has(player.id));
      }
    });

    it('refuse unknown ids and trainer accounts with 422, naming them, and write nothing', async () => {
      const { account: player } = await signedIn();
      const other = await buildAccount(database.db, { role: 'trainer' });
      const chapter = await buildChapter(database.db, { visibility: 'assigned' });
      const stranger = randomUUID();
      const before = await snapshotDatabase(database.db);

      const response = await trainer.put(`/api/trainer/chapters/${chapter.uuid}/assignments`, {
        playerIds: [player.id, stranger, other.id],
      });
      expect(response.statusCode).toBe(422);
      const { error } = response.json();
      expect(error.code).toBe('content.unknown_players');
      expect(error.issues).toEqual([
        { path: 'body.playerIds.1', message: expect.stringContaining(stranger) },
        { path: 'body.playerIds.2', message: expect.stringContaining(other.id) },
      ]);
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });

    it('answer 404 for assignments of an unknown chapter', async () => {
      const response = await trainer.put(`/api/trainer/chapters/${randomUUID()}/assignments`, {
        playerIds: [],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('content.chapter_not_found');
    });

    it('show a mission with its answers and files, and list every mission', async () => {
      const prerequisite = randomUUID();
      const chapter = await buildChapter(database.db, {
        title: bilingual('Forensics', 'Criminalistique'),
        missions: [
          {
            durationMinutes: 90,
            objectives: [
              {
                uuid: prerequisite,
                flag: { accepted: ['FLAG{one}', 'FLAG{uno}'], caseInsensitive: true },
                files: [{ name: 'disk.img' }],
                maxAttempts: 3,
                penalty: 5,
              },
              {
                type: 'multiple_choice',
                correctChoices: ['a', 'c'],
                locked: true,
                prerequisites: [prerequisite],
                required: false,
              },
            ],
          },
        ],
      });
      const mission = chapter.missions[0]!;
      const [flag, choice] = mission.objectives;

      const list = await trainer.get('/api/trainer/missions');
      expect(list.statusCode).toBe(200);
      expect(list.json().missions).toContainEqual({
        uuid: mission.uuid,
        chapter_uuid: chapter.uuid,
        chapterTitle: { en: 'Forensics', fr: 'Criminalistique' },
        title: mission.title,
        difficulty: 2,
        durationMinutes: 90,
        objectiveCount: 2,
        points: 200,
      });

      const response = await trainer.get(`/api/trainer/missions/${mission.uuid}`);
      expect(response.statusCode).toBe(200);
      const detail = trainerMissionSchema.parse(response.json().mission);
      expect(detail).toMatchObject({ uuid: mission.uuid, chapter_uuid: chapter.uuid, position: 0 });
      const fileUrl = `/api/trainer/objectives/${flag!.uuid}/files/${flag!.files[0]!.uuid}`;
      expect(detail.objectives[0]).toMatchObject({
        uuid: flag!.uuid,
        type: 'flag',
        flag: { accepted: ['FLAG{one}', 'FLAG{uno}'], caseInsensitive: true },
        maxAttempts: 3,
        penalty: 5,
        files: [
          {
            uuid: flag!.files[0]!.uuid,
            name: 'disk.img',
            contentType: 'application/octet-stream',
            url: fileUrl,
          },
        ],
      });
      expect(detail.objectives[0]).not.toHaveProperty('correctChoices');
      expect(detail.objectives[1]).toMatchObject({
        uuid: choice!.uuid,
        type: 'multiple_choice',
        choices: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
        correctChoices: ['a', 'c'],
        required: false,
        locked: true,
        prerequisites: [prerequisite],
      });

      const download = await trainer.get(fileUrl);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="disk.img"/);
    });

    it('answer 404 for an unknown mission', async () => {
      const response = await trainer.get(`/api/trainer/missions/${randomUUID()}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('content.mission_not_found');
    });
  });
});
