import { randomUUID } from 'node:crypto';
import { expect, type Browser } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { signInDemoPlayer } from './session';
import type { TrainerApi } from './trainer';

/** The lab the copied mission declares: a workstation for the console and a web target. */
const labYaml = `      lab:
        machines:
          - name: workstation
            image: rampart/workstation:1
          - name: web
            image: rampart/web:1
            ports:
              - port: 80
        consoleMachine: workstation
        ttlSeconds: 1800
        maxTtlSeconds: 3600
`;

/**
 * A copy of the first demo chapter whose first mission has a lab, imported through the trainer
 * API under fresh uuids: the demo content itself keeps its meaning. Answers the mission's uuid.
 */
export const importLabMission = async ({ trainer, xsrf }: TrainerApi): Promise<string> => {
  const { missions } = (await (await trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string; chapter_uuid: string }[];
  };
  const exported = await trainer.get(`/api/trainer/chapters/${missions[0]!.chapter_uuid}/pack`);
  expect(exported.status()).toBe(200);
  const entries = unzipSync(new Uint8Array(await exported.body()));
  const fresh = new Map<string, string>();
  let missionUuid = '';
  for (const [name, data] of Object.entries(entries)) {
    if (!name.endsWith('chapter.yaml')) continue;
    let yaml = strFromU8(data).replace(
      /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g,
      (uuid) => fresh.get(uuid) ?? (fresh.set(uuid, randomUUID()), fresh.get(uuid)!),
    );
    yaml = yaml.replace(/\n {4}- uuid: ([0-9a-f-]{36})\n/, (line, uuid: string) => {
      missionUuid = uuid;
      return `${line}${labYaml}`;
    });
    entries[name] = strToU8(yaml);
  }
  const imported = await trainer.post('/api/trainer/content-packs', {
    headers: { 'x-xsrf-token': await xsrf() },
    multipart: {
      archive: {
        name: 'lab.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(zipSync(entries)),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return missionUuid;
};

/** What differs between the lab drills the journeys import: names, the machine's image, the VPN. */
export interface LabDrill {
  /** The pack's folder in the archive. */
  slug: string;
  title: { en: string; fr: string };
  summary: { en: string; fr: string };
  missionTitle: { en: string; fr: string };
  /** `rampart/…` for the fake provider; `debian` (the host's /usr) for the local one. */
  image: string;
  vpn: boolean;
  position: number;
}

/** A one-mission pack with a one-machine lab, never assigned to anyone: other journeys do not see it. */
const labDrillPack = (drill: LabDrill, chapterUuid: string, missionUuid: string) =>
  `format: rampart.chapter/v1
chapter:
  uuid: ${chapterUuid}
  title: { en: ${drill.title.en}, fr: ${drill.title.fr} }
  summary: { en: ${drill.summary.en}, fr: ${drill.summary.fr} }
  visibility: assigned
  position: ${drill.position}
  missions:
    - uuid: ${missionUuid}
      title: { en: ${drill.missionTitle.en}, fr: ${drill.missionTitle.fr} }
      brief: { en: Open the console., fr: Ouvrez la console. }
      scenario: { en: A workstation waits for you., fr: Un poste vous attend. }
      rules: { en: 'Flags look like RAMPART{...}.', fr: 'Les flags ressemblent à RAMPART{...}.' }
      difficulty: 1
      durationMinutes: 30
      successRule: { kind: required_objectives }
      lab:
        machines:
          - { name: workstation, image: ${drill.image} }
        consoleMachine: workstation
        vpn: ${drill.vpn}
        ttlSeconds: 1800
        maxTtlSeconds: 3600
      objectives:
        - uuid: ${randomUUID()}
          title: { en: Who are you, fr: Qui êtes-vous }
          description: { en: 'Your uid?', fr: 'Votre uid ?' }
          category: system
          difficulty: 1
          points: 10
          type: flag
          flag: { accepted: ['1000'] }
`;

/** Imports a drill through the trainer API under fresh uuids; answers its mission's uuid. */
export const importLabDrill = async (trainer: TrainerApi, drill: LabDrill): Promise<string> => {
  const missionUuid = randomUUID();
  const archive = zipSync({
    [`${drill.slug}/chapter.yaml`]: strToU8(labDrillPack(drill, randomUUID(), missionUuid)),
  });
  const imported = await trainer.trainer.post('/api/trainer/content-packs', {
    headers: { 'x-xsrf-token': await trainer.xsrf() },
    multipart: {
      archive: { name: 'packs.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return missionUuid;
};

/**
 * A session of the mission with one team, `username`'s, started by the trainer: the player's page
 * (1440×900, in English) on its game screen, the briefing closed.
 */
export const enterLabGame = async (
  browser: Browser,
  trainer: TrainerApi,
  options: {
    missionUuid: string;
    sessionName: string;
    username: string;
    teamName: string;
    /** The server of the journey when it is not the suite's. */
    baseURL?: string;
  },
) => {
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid: options.missionUuid,
    name: options.sessionName,
    maxTeams: 2,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;

  const context = await browser.newContext({
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await signInDemoPlayer(page, options.username);
  const xsrf = decodeURIComponent(
    (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
  );
  const team = await context.request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': xsrf },
    multipart: { name: `${options.teamName} ${randomUUID().slice(0, 4)}` },
  });
  expect(team.status(), await team.text()).toBe(201);
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);

  await page.goto(`/en/sessions/${sessionUuid}/game`);
  const briefing = page.getByRole('dialog', { name: /^Briefing: / });
  await expect(briefing).toBeVisible({ timeout: 20_000 });
  await briefing.getByRole('button', { name: 'Back to the game' }).click();
  return page;
};
