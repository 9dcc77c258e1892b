import { execFileSync } from 'node:child_process';
import { vpnStatusSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { setMissionLab } from '../../../test/lab-factories.js';
import { localLabTemplate, localVpnUnavailable } from '../../../test/local-lab.js';
import { sessionWithTeams, signedInPlayer } from '../../../test/session-factories.js';
import { buildApp } from '../../app.js';
import { LocalProvider } from './providers/local-provider.js';

const ENDPOINT = 'vpn.rampart.test:51999';
const unavailable = localVpnUnavailable();
if (unavailable) console.warn(`local VPN route tests skipped: ${unavailable}`);

/**
 * The VPN tab's routes on the local provider: the profile a player downloads names the host UDP
 * port that really leads to their team's gateway (one per lab, picked by the system), and the
 * lab's own network. The tunnel itself is carried in `local-provider.test.ts`.
 */
(unavailable ? describe.skip : describe)(
  `the VPN tab on local labs (${testDatabaseKind()})`,
  () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let trainer: TestBrowser;
    const clock = testClock();
    const provider = new LocalProvider({ maxConcurrent: 2 });
    let mission: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      app = await buildApp({
        config: testConfig({ LAB_VPN_ENDPOINT: ENDPOINT, LAB_ALLOCATE_AT_START: 'false' }),
        database,
        sessionClock: clock,
        labProvider: provider,
      });
      await app.ready();
      const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
      trainer = new TestBrowser(app);
      await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
      mission = (await buildChapter(database.db, { missions: [{}] })).missions[0]!.uuid;
      const { id: _id, ...lab } = localLabTemplate({ vpn: true });
      await setMissionLab(database.db, mission, lab);
    }, 30_000);

    afterAll(async () => {
      await app.close();
      await provider.close();
      await database.close();
    });

    it('gives each team a profile whose endpoint port leads to its own lab’s gateway', async () => {
      const { uuid, members } = await sessionWithTeams({
        trainer,
        missionUuid: mission,
        signIn: () => signedInPlayer(app, database.db),
        clock,
        teams: 2,
        size: 1,
        start: true,
        settings: { durationMinutes: 600 },
      });
      const ports: number[] = [];
      for (const [player] of members) {
        const allocated = await player!.post(`/api/sessions/${uuid}/environment`);
        expect(allocated.statusCode, allocated.body).toBe(200);
        let response = await player!.get(`/api/sessions/${uuid}/vpn`);
        for (let attempt = 0; attempt < 100 && response.statusCode !== 200; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          await player!.get(`/api/sessions/${uuid}/environment`);
          response = await player!.get(`/api/sessions/${uuid}/vpn`);
        }
        expect(response.statusCode, response.body).toBe(200);
        const body = vpnStatusSchema.parse(response.json());
        expect(body.labCidr).toBe('10.200.0.0/24');
        const port = Number(body.endpoint.split(':').at(-1));
        expect(body.endpoint).toBe(`vpn.rampart.test:${port}`);
        expect(port).not.toBe(51999);
        const file = await player!.get(`/api/sessions/${uuid}/vpn/profile`);
        expect(file.body).toContain(`Endpoint = vpn.rampart.test:${port}`);
        ports.push(port);
      }
      // Two labs, two gateways, two host ports, both open.
      expect(new Set(ports).size).toBe(2);
      const listening = execFileSync('ss', ['-Hlun'], { encoding: 'utf8' });
      for (const port of ports) expect(listening).toMatch(new RegExp(`:${port}\\s`));
    }, 60_000);
  },
);
