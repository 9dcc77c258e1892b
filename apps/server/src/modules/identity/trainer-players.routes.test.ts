import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getTrainerAudit,
  getTrainerPlayers,
  toColonPath,
  trainerPlayersRoutes,
} from '@rampart/contracts';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';

const sampleUuid = '0196f3b0-9d7e-7b7a-8c1e-2f3a4b5c6d7e';

const csvFile = (text: string | Uint8Array) =>
  multipart({
    file: {
      filename: 'players.csv',
      contentType: 'text/csv',
      data: typeof text === 'string' ? new TextEncoder().encode(text) : text,
    },
  });

describe(`trainer management of players (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let suffix = 0;
  const unique = (base: string) => `${base}${Date.now().toString(36)}${(suffix += 1)}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(account.username, account.password, 'trainer');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const importCsv = (text: string | Uint8Array, dryRun = false) => {
    const body = csvFile(text);
    return trainer.post(
      `/api/trainer/players/import${dryRun ? '?dryRun=true' : ''}`,
      body.payload,
      {
        headers: body.headers,
      },
    );
  };

  const countPlayers = async () =>
    Number(
      (
        await sql<{
          count: string;
        }>`select count(*) as count from account where role = 'player'`.execute(database.db)
      ).rows[0]!.count,
    );

  describe('creating a player', () => {
    it('without a password, answers a single-use link that logs the player in', async () => {
      const username = unique('new');
      const response = await trainer.post('/api/trainer/players', {
        username,
        pseudo: unique('Pseudo '),
        locale: 'en',
      });
      expect(response.statusCode).toBe(201);
      const { player, handover } = response.json();
      expect(player).toMatchObject({ username, locale: 'en' });
      expect(handover.kind).toBe('magic_link');
      const token = new URL(handover.url).searchParams.get('magic');
      const login = await new TestBrowser(app).post('/api/auth/magic-login', { token });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.username).toBe(username);
    });

    it('with a password, hands nothing over and the password logs in', async () => {
      const username = unique('pw');
      const response = await trainer.post('/api/trainer/players', {
        username,
        pseudo: unique('Pw '),
        locale: 'fr',
        password: 'Strong#Pass1',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().handover).toBeNull();
      await new TestBrowser(app).login(username, 'Strong#Pass1');
    });

    it('falls back to a temporary password when links are disabled', async () => {
      const noLinks = await createTestApp(database, { MAGIC_LINKS_ENABLED: 'false' });
      const account = await buildAccount(database.db, { role: 'trainer' });
      const browser = new TestBrowser(noLinks);
      await browser.login(account.username, account.password, 'trainer');
      const username = unique('tmp');
      const response = await browser.post('/api/trainer/players', {
        username,
        pseudo: unique('Tmp '),
        locale: 'fr',
      });
      expect(response.json().handover.kind).toBe('password');
      await new TestBrowser(noLinks).login(username, response.json().handover.password);
      await noLinks.close();
    });

    it('refuses a username or pseudo already taken, whatever the case, with its code', async () => {
      const existing = await buildAccount(database.db);
      const sameUsername = await trainer.post('/api/trainer/players', {
        username: existing.username.toUpperCase(),
        pseudo: unique('Other '),
        locale: 'en',
      });
      expect(sameUsername.statusCode).toBe(409);
      expect(sameUsername.json().error.code).toBe('account.username_taken');
      const samePseudo = await trainer.post('/api/trainer/players', {
        username: unique('other'),
        pseudo: existing.pseudo,
        locale: 'en',
      });
      expect(samePseudo.statusCode).toBe(409);
      expect(samePseudo.json().error.code).toBe('account.pseudo_taken');
    });

    it.each([
      ['a short username', { username: 'ab' }],
      ['a username with spaces', { username: 'a b c' }],
      ['a bad locale', { locale: 'de' }],
      ['a weak password', { password: 'weak' }],
      ['an empty pseudo', { pseudo: ' ' }],
    ])('refuses %s with request.invalid', async (_name, override) => {
      const response = await trainer.post('/api/trainer/players', {
        username: unique('ok'),
        pseudo: unique('Ok '),
        locale: 'en',
        ...override,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('request.invalid');
    });
  });

  describe('importing a CSV', () => {
    it('creates the good rows and reports every kind of bad row with its line and text', async () => {
      const taken = await buildAccount(database.db);
      const tag = unique('');
      const [a, b] = [`a${tag}`, `b${tag}`];
      const csv = [
        '\uFEFFusername,pseudo,locale',
        `${a},"Jane ${tag}",en`,
        `${b},Bob ${tag},FR`,
        `,Nobody ${tag},fr`,
        `c${tag},Extra ${tag},fr,surplus`,
        `d${tag},Locale ${tag},de`,
        `${'u'.repeat(65)},Long ${tag},fr`,
        `bad name,Spaces ${tag},fr`,
        `e${tag},"Doe, Jane",fr`,
        `${a.toUpperCase()},Dup ${tag},en`,
        `f${tag},bob ${tag},en`,
        `${taken.username},Taken ${tag},en`,
        `g${tag},${taken.pseudo},en`,
        '',
      ].join('\r\n');
      const before = await countPlayers();
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.dryRun).toBe(false);
      expect(report.created.map((row: { username: string }) => row.username)).toEqual([a, b]);
      expect(report.created[0].pseudo).toBe(`Jane ${tag}`);
      expect(report.created[1].locale).toBe('fr');
      for (const row of report.created) expect(row.handover.kind).toBe('magic_link');
      expect(
        report.rejected.map((row: { line: number; reasons: string[] }) => [row.line, row.reasons]),
      ).toEqual([
        [4, ['missing_field']],
        [5, ['too_many_fields']],
        [6, ['bad_locale']],
        [7, ['too_long']],
        [8, ['bad_username']],
        [9, ['bad_pseudo']],
        [10, ['duplicate_username_in_file']],
        [11, ['duplicate_pseudo_in_file']],
        [12, ['username_taken']],
        [13, ['pseudo_taken']],
      ]);
      expect(report.rejected[0].raw).toBe(`,Nobody ${tag},fr`);
      expect(report.rejected[5].raw).toBe(`e${tag},"Doe, Jane",fr`);
      expect(await countPlayers()).toBe(before + 2);
    });

    it('two trainers importing the same file at once create each player once', async () => {
      const other = await buildAccount(database.db, { role: 'trainer' });
      const second = new TestBrowser(app);
      await second.login(other.username, other.password, 'trainer');
      const tag = unique('');
      const csv = `username,pseudo,locale\n${Array.from({ length: 5 }, (_, i) => `r${i}${tag},R${i} ${tag},en`).join('\n')}\n`;
      const before = await countPlayers();
      const body = csvFile(csv);
      const [first, again] = await Promise.all([
        importCsv(csv),
        second.post('/api/trainer/players/import', body.payload, { headers: body.headers }),
      ]);
      const reports = [first.json(), again.json()];
      expect(reports[0].created.length + reports[1].created.length).toBe(5);
      // The loser's rows name both names the winner took, in a fixed order, whichever unique
      // index stopped its insert: the same answer as importing the file again afterwards.
      for (const report of reports)
        for (const row of report.rejected)
          expect(row.reasons).toEqual(['username_taken', 'pseudo_taken']);
      expect(await countPlayers()).toBe(before + 5);
    });

    it('creates nothing on a dry run but reports the same', async () => {
      const csv = `username,pseudo,locale\n${unique('dry')},Dry ${suffix},en\nx,Y,zz\n`;
      const before = await countPlayers();
      const response = await importCsv(csv, true);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.dryRun).toBe(true);
      expect(report.created).toHaveLength(1);
      expect(report.created[0]).toMatchObject({ uuid: null, handover: null });
      expect(report.rejected).toHaveLength(1);
      expect(await countPlayers()).toBe(before);
    });

    it.each([
      ['a wrong header', 'name,pseudo,locale\na,b,c\n', 422, 'players.csv_bad_header'],
      ['an empty file', '', 422, 'players.csv_bad_header'],
      ['an unclosed quote', 'username,pseudo,locale\n"abc,d,en\n', 422, 'players.csv_unreadable'],
      [
        'a quote inside a bare field',
        'username,pseudo,locale\nab"c,d,en\n',
        422,
        'players.csv_unreadable',
      ],
      [
        'text after a closing quote',
        'username,pseudo,locale\n"ab"c,d,en\n',
        422,
        'players.csv_unreadable',
      ],
      [
        'more than 2,000 rows',
        `username,pseudo,locale\n${Array.from({ length: 2001 }, (_, i) => `u${i},P ${i},en`).join('\n')}`,
        422,
        'players.csv_too_many_rows',
      ],
      [
        'more than 1 MB',
        `username,pseudo,locale\n${'x'.repeat(1024 * 1024)}`,
        413,
        'players.csv_too_large',
      ],
    ])('refuses %s whole', async (_name, csv, status, code) => {
      const before = await countPlayers();
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBe(code);
      expect(await countPlayers()).toBe(before);
    });

    it('numbers rows past a quoted line break and reports the row as written', async () => {
      const tag = unique('');
      const csv = `username,pseudo,locale\r\nn${tag},"Two\r\nlines",en\r\no${tag},"One ${tag}",fr\r\n`;
      const response = await importCsv(csv, true);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.rejected).toEqual([
        { line: 2, raw: `n${tag},"Two\r\nlines",en`, reasons: ['bad_pseudo'] },
      ]);
      expect(report.created).toMatchObject([
        { line: 4, username: `o${tag}`, pseudo: `One ${tag}` },
      ]);
    });

    it('refuses a file that is not UTF-8 text', async () => {
      const response = await importCsv(new Uint8Array([0xff, 0xfe, 0x00, 0xd8]));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('players.csv_unreadable');
    });
  });

  describe('resetting a password', () => {
    it('sets a temporary password and ends every session of the player', async () => {
      const player = await buildAccount(database.db);
      const session = new TestBrowser(app);
      await session.login(player.username, player.password);
      const response = await trainer.post(`/api/trainer/players/${player.id}/password-reset`, {
        method: 'temporary_password',
      });
      expect(response.statusCode).toBe(200);
      const { handover } = response.json();
      expect(handover.kind).toBe('password');
      expect((await session.get('/api/auth/user')).statusCode).toBe(401);
      const old = await new TestBrowser(app).post('/api/auth/login', {
        username: player.username,
        password: player.password,
      });
      expect(old.statusCode).toBe(401);
      await new TestBrowser(app).login(player.username, handover.password);
    });

    it('issues a login link and ends every session of the player', async () => {
      const player = await buildAccount(database.db);
      const session = new TestBrowser(app);
      await session.login(player.username, player.password);
      const response = await trainer.post(`/api/trainer/players/${player.id}/password-reset`, {
        method: 'magic_link',
      });
      expect(response.json().handover.kind).toBe('magic_link');
      expect((await session.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('does not reset a trainer, nor an unknown account', async () => {
      const other = await buildAccount(database.db, { role: 'trainer' });
      for (const id of [other.id, sampleUuid]) {
        const response = await trainer.post(`/api/trainer/players/${id}/password-reset`, {
          method: 'temporary_password',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('account.not_found');
      }
    });
  });

  it('lists players with their locale and last activity', async () => {
    const player = await buildAccount(database.db, { locale: 'fr' });
    const before = (await trainer.get('/api/trainer/players')).json().players;
    expect(before.find((p: { uuid: string }) => p.uuid === player.id)).toMatchObject({
      locale: 'fr',
      lastActivityAt: null,
    });
    await new TestBrowser(app).login(player.username, player.password);
    const after = (await trainer.get('/api/trainer/players')).json().players;
    expect(after.find((p: { uuid: string }) => p.uuid === player.id).lastActivityAt).toEqual(
      expect.any(String),
    );
  });

  it('records each creation, import and reset in the audit log, with the trainer', async () => {
    const created = await trainer.post('/api/trainer/players', {
      username: unique('audited'),
      pseudo: unique('Audited '),
      locale: 'fr',
    });
    const createdId = created.json().player.uuid as string;
    const imported = await importCsv(
      `username,pseudo,locale\n${unique('imp')},${unique('Imp')},en\n`,
    );
    const importedId = imported.json().created[0].uuid as string;
    const reset = await trainer.post(`/api/trainer/players/${createdId}/password-reset`, {
      method: 'temporary_password',
    });
    expect(reset.statusCode).toBe(200);

    const audit = getTrainerAudit.responses[200].parse(
      (await trainer.get('/api/trainer/audit')).json(),
    );
    const mine = (target: string) =>
      audit.entries
        .filter((entry) => entry.targetUuid === target)
        .map((entry) => [entry.action, entry.details]);
    expect(mine(createdId)).toEqual(
      expect.arrayContaining([
        ['player.password_reset', { method: 'temporary_password' }],
        ['player.created', {}],
      ]),
    );
    expect(mine(importedId)).toEqual(
      expect.arrayContaining([['player.created', { via: 'import', line: 2 }]]),
    );
  });

  describe('authorisation: every route of the screen, from the route table', () => {
    const routes = [getTrainerPlayers, ...trainerPlayersRoutes].map((contract) => ({
      method: contract.method,
      url: toColonPath(contract.path).replace(':uuid', sampleUuid),
    }));

    it.each(routes)('$method $url: 401 without credentials', async ({ method, url }) => {
      const response = await new TestBrowser(app).request({ method, url, payload: {} });
      expect(response.statusCode).toBe(401);
    });

    it.each(routes)('$method $url: refused to a player cookie', async ({ method, url }) => {
      const player = await buildAccount(database.db);
      const browser = new TestBrowser(app);
      await browser.login(player.username, player.password);
      const response = await browser.request({ method, url, payload: {} });
      expect([401, 403]).toContain(response.statusCode);
    });

    it.each(routes)('$method $url: refused to a player token', async ({ method, url }) => {
      const player = await buildAccount(database.db);
      const issued = await new TestBrowser(app).post('/api/auth/token', {
        username: player.username,
        password: player.password,
      });
      const response = await new TestBrowser(app).request({
        method,
        url,
        payload: {},
        bearer: issued.json().token,
      });
      expect([401, 403]).toContain(response.statusCode);
    });
  });
});
