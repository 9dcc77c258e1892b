import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
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
