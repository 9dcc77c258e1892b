import { randomUUID } from 'node:crypto';
import { vpnStatusSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { labTemplate, setMissionLab } from '../../../test/lab-factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { buildApp, loggerOptions } from '../../app.js';
import { FAKE_LAB_CIDR, FakeProvider } from './providers/fake-provider.js';
import { wireguardPublicKey } from './wireguard-keys.js';

const ENDPOINT = 'vpn.rampart.test:51999';

describe(`the VPN tab: a WireGuard profile per player, for their own team’s lab only (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  const clock = testClock();
  const provider = new FakeProvider({ clock });
  let vpnMission: string;
  let noVpnMission: string;
  /** Every line the app logged, as the production logger writes them. */
  const logLines: string[] = [];

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  const game = async (
    options: { teams?: number; size?: number; start?: boolean; mission?: string } = {},
  ) =>
    sessionWithTeams({
      trainer,
      missionUuid: options.mission ?? vpnMission,
      signIn: signedIn,
      clock,
      teams: options.teams ?? 2,
      size: options.size ?? 1,
      start: options.start ?? true,
      settings: { durationMinutes: 600 },
    });

  const allocate = async (player: TestBrowser, session: string) => {
    const response = await player.post(`/api/sessions/${session}/environment`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().environment.uuid as string;
  };
  const status = (player: TestBrowser, session: string) =>
    player.get(`/api/sessions/${session}/vpn`);
  const download = (player: TestBrowser, session: string, query = '') =>
    player.get(`/api/sessions/${session}/vpn/profile${query}`);
  const field = (conf: string, name: string) => new RegExp(`^${name} = (.+)$`, 'm').exec(conf)?.[1];
  const errorOf = (response: { statusCode: number; json(): { error: { code: string } } }) => ({
    status: response.statusCode,
    code: response.json().error.code,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    // The tests allocate by hand: a start pass would give a team a lab they did not ask for.
    const config = testConfig({
      LAB_VPN_ENDPOINT: ENDPOINT,
      LOG_LEVEL: 'trace',
      LAB_ALLOCATE_AT_START: 'false',
    });
    app = await buildApp({
      config,
      database,
      logger: {
        ...loggerOptions(config),
        stream: { write: (line: string) => logLines.push(line) },
      },
      sessionClock: clock,
      labProvider: provider,
    });
    await app.ready();
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, { missions: [{}, {}] });
    vpnMission = chapter.missions[0]!.uuid;
    noVpnMission = chapter.missions[1]!.uuid;
    await setMissionLab(database.db, vpnMission, labTemplate({ vpn: true }));
    await setMissionLab(database.db, noVpnMission, labTemplate({ vpn: false }));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives a player their profile: their /32, the configured endpoint, the lab network only, and no key in the metadata', async () => {
    const { uuid, members } = await game();
    const alice = members[0]![0]!;
    const envId = await allocate(alice, uuid);
    const response = await status(alice, uuid);
    expect(response.statusCode, response.body).toBe(200);
    const body = vpnStatusSchema.parse(response.json());
    expect(body).toMatchObject({
      address: '10.201.0.2/32',
      endpoint: ENDPOINT,
      labCidr: FAKE_LAB_CIDR,
      lastHandshakeAt: null,
    });
    expect(body.filename).toMatch(/^[a-z0-9-]{1,15}\.conf$/);

    const file = await download(alice, uuid);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.conf"/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    const privateKey = field(file.body, 'PrivateKey')!;
    const publicKey = wireguardPublicKey(privateKey);
    expect(response.body).not.toContain(privateKey);
    expect(field(file.body, 'Address')).toBe('10.201.0.2/32');
    expect(field(file.body, 'Endpoint')).toBe(ENDPOINT);
    expect(field(file.body, 'AllowedIPs')).toBe(FAKE_LAB_CIDR);
    expect(file.body).not.toContain('0.0.0.0/0');

    // The team's gateway was started with the key the profile names, and let this player in.
    const vpn = provider.vpnOf(envId)!;
    expect(field(file.body, 'PublicKey')).toBe(vpn.gateway.publicKey);
    expect(wireguardPublicKey(vpn.gateway.privateKey)).toBe(vpn.gateway.publicKey);
    expect(vpn.gateway).toMatchObject({ address: '10.201.0.1/24', listenPort: 51999 });
    expect(vpn.peers.get(publicKey)).toBe('10.201.0.2/32');

    // The laptop connects: the indicator reads the handshake.
    clock.advance(5000);
    expect(provider.vpnConnect(envId, publicKey)).toBe(true);
    const connected = vpnStatusSchema.parse((await status(alice, uuid)).json());
    expect(connected.lastHandshakeAt).toBe(clock.now().toISOString());
  });

  it('keeps each player’s profile for the session, a distinct address per teammate, across the team’s environments', async () => {
    const { uuid, members, teamUuids } = await game({ teams: 1, size: 2 });
    const [alice, bob] = members[0] as [TestBrowser, TestBrowser];
    const firstEnv = await allocate(alice, uuid);
    const aliceFile = (await download(alice, uuid)).body;
    const bobFile = (await download(bob, uuid)).body;
    expect(field(aliceFile, 'Address')).toBe('10.201.0.2/32');
    expect(field(bobFile, 'Address')).toBe('10.201.0.3/32');
    expect(field(aliceFile, 'PrivateKey')).not.toBe(field(bobFile, 'PrivateKey'));
    expect(field(aliceFile, 'PublicKey')).toBe(field(bobFile, 'PublicKey'));
    expect((await download(alice, uuid)).body).toBe(aliceFile);

    // The trainer releases the lab and the team gets another: same profiles, taught to the new one.
    await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`, {
      teamUuid: teamUuids[0],
    });
    expect(errorOf(await status(alice, uuid))).toEqual({ status: 404, code: 'lab.not_found' });
    const secondEnv = await allocate(bob, uuid);
    expect(secondEnv).not.toBe(firstEnv);
    expect((await download(alice, uuid)).body).toBe(aliceFile);
    const vpn = provider.vpnOf(secondEnv)!;
    expect(vpn.gateway.publicKey).toBe(field(aliceFile, 'PublicKey'));
    expect([...vpn.peers.values()]).toEqual(['10.201.0.2/32']);
  });

  it('names the port a provider gives the team’s gateway, when it forwards one per environment', async () => {
    const { uuid, members } = await game({ teams: 1 });
    const player = members[0]![0]!;
    await allocate(player, uuid);
    provider.setVpnEndpointPort(52001);
    try {
      const file = await download(player, uuid);
      expect(field(file.body, 'Endpoint')).toBe('vpn.rampart.test:52001');
      expect(vpnStatusSchema.parse((await status(player, uuid)).json()).endpoint).toBe(
        'vpn.rampart.test:52001',
      );
    } finally {
      provider.setVpnEndpointPort(undefined);
    }
  });

  it('gives teammates asking at once one address each', async () => {
    const { uuid, members } = await game({ teams: 1, size: 4 });
    const team = members[0]!;
    await allocate(team[0]!, uuid);
    const files = await Promise.all(team.map((player) => download(player, uuid)));
    expect(files.map((file) => file.statusCode)).toEqual([200, 200, 200, 200]);
    const addresses = files.map((file) => field(file.body, 'Address'));
    expect(new Set(addresses).size).toBe(4);
    expect(new Set(files.map((file) => field(file.body, 'PublicKey'))).size).toBe(1);
  });

  it('never gives a profile for another team’s environment: the routes resolve the caller’s own team only', async () => {
    const { uuid, members, teamUuids } = await game({ teams: 2 });
    const [alice, carol] = [members[0]![0]!, members[1]![0]!];
    const aliceEnv = await allocate(alice, uuid);
    const aliceFile = (await download(alice, uuid)).body;
    // Carol names Alice's team and environment every way a client could: all ignored or refused.
    expect(errorOf(await download(carol, uuid, `?teamUuid=${teamUuids[0]}`))).toEqual({
      status: 404,
      code: 'lab.not_found',
    });
    expect(errorOf(await status(carol, uuid))).toEqual({ status: 404, code: 'lab.not_found' });
    const carolEnv = await allocate(carol, uuid);
    const carolFile = await download(carol, uuid, `?environment=${aliceEnv}&team=${teamUuids[0]}`);
    expect(carolFile.statusCode).toBe(200);
    expect(field(carolFile.body, 'PrivateKey')).not.toBe(field(aliceFile, 'PrivateKey'));
    // Each team has its own gateway; Carol's key is in hers, never in Alice's team's.
    expect(field(carolFile.body, 'PublicKey')).not.toBe(field(aliceFile, 'PublicKey'));
    const carolKey = wireguardPublicKey(field(carolFile.body, 'PrivateKey')!);
    expect(provider.vpnOf(aliceEnv)!.peers.has(carolKey)).toBe(false);
    expect(provider.vpnOf(carolEnv)!.peers.has(carolKey)).toBe(true);
    // Another session's player, a trainer and a stranger get nothing.
    const stranger = await signedIn();
    expect(errorOf(await download(stranger, uuid))).toEqual({
      status: 403,
      code: 'session.not_joined',
    });
    // A trainer's sign-in is not a player's: refused before any lookup.
    expect([401, 403]).toContain((await download(trainer, uuid)).statusCode);
    expect(errorOf(await status(alice, randomUUID()))).toEqual({
      status: 404,
      code: 'session.not_found',
    });
    expect((await new TestBrowser(app).get(`/api/sessions/${uuid}/vpn/profile`)).statusCode).toBe(
      401,
    );
  });

  it('is refused when the lab has no VPN, outside a running game, for an eliminated team, before the lab is up', async () => {
    const plain = await game({ mission: noVpnMission });
    await allocate(plain.members[0]![0]!, plain.uuid);
    expect(errorOf(await download(plain.members[0]![0]!, plain.uuid))).toEqual({
      status: 404,
      code: 'lab.vpn_disabled',
    });
    expect(errorOf(await status(plain.members[0]![0]!, plain.uuid))).toEqual({
      status: 404,
      code: 'lab.vpn_disabled',
    });

    const lobby = await game({ start: false });
    expect(errorOf(await status(lobby.members[0]![0]!, lobby.uuid))).toEqual({
      status: 409,
      code: 'session.not_running',
    });

    const { uuid, members, teamUuids } = await game();
    expect(errorOf(await status(members[0]![0]!, uuid))).toEqual({
      status: 404,
      code: 'lab.not_found',
    });
    await allocate(members[1]![0]!, uuid);
    const eliminated = await trainer.post(
      `/api/trainer/sessions/${uuid}/teams/${teamUuids[1]}/eliminate`,
      { reason: 'Out of scope scanning' },
    );
    expect(eliminated.statusCode, eliminated.body).toBe(200);
    expect(errorOf(await download(members[1]![0]!, uuid))).toEqual({
      status: 403,
      code: 'team.eliminated',
    });

    provider.setReadyAfter(60_000);
    await allocate(members[0]![0]!, uuid);
    expect(errorOf(await status(members[0]![0]!, uuid))).toEqual({
      status: 409,
      code: 'lab.not_ready',
    });
    provider.setReadyAfter(0);
  });

  it('answers a provider failure with the connection error, and logs no key, the download’s included', async () => {
    const { uuid, members } = await game();
    const player = members[0]![0]!;
    await allocate(player, uuid);
    provider.failNext('vpnAddPeer', 'Unavailable');
    expect(errorOf(await download(player, uuid))).toEqual({
      status: 502,
      code: 'lab.connection_error',
    });
    const file = await download(player, uuid);
    expect(file.statusCode).toBe(200);
    provider.failNext('vpnHandshakes', 'Unavailable');
    expect(errorOf(await status(player, uuid))).toEqual({
      status: 502,
      code: 'lab.connection_error',
    });

    const privateKey = field(file.body, 'PrivateKey')!;
    const logs = logLines.join('');
    expect(logs).toContain('/vpn/profile');
    expect(logs).toContain('lab VPN: adding a peer failed');
    expect(logs).not.toContain(privateKey);
    const gateway = await database.db
      .selectFrom('lab_vpn_gateway')
      .select('private_key')
      .where('session_uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(logs).not.toContain(gateway.private_key);
    expect(logs).not.toMatch(/PrivateKey|private_key|privateKey/);

    // Should a key ever reach a log call's details, the logger masks it.
    app.log.warn({ privateKey, gateway: { private_key: gateway.private_key } }, 'probe');
    const probe = logLines.at(-1)!;
    expect(probe).toContain('probe');
    expect(probe).not.toContain(privateKey);
    expect(probe).not.toContain(gateway.private_key);
  });
});
