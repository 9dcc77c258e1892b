// Screenshots of the VPN tab for a look (not a test): node_modules/.bin/tsx e2e/tools/vpn-screenshots.ts
import { randomUUID } from 'node:crypto';
import { chromium, request, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3342';
const out = process.env.OUT_DIR ?? '/tmp/vpn-shots';

const pack = (missionUuid: string) => `format: rampart.chapter/v1
chapter:
  uuid: ${randomUUID()}
  title: { en: VPN drill, fr: Exercice VPN }
  summary: { en: A lab., fr: Un lab. }
  visibility: assigned
  position: 90
  missions:
    - uuid: ${missionUuid}
      title: { en: Tunnel access, fr: Accès par tunnel }
      brief: { en: Open the console., fr: Ouvrez la console. }
      scenario: { en: A workstation waits., fr: Un poste attend. }
      rules: { en: Flags., fr: Flags. }
      difficulty: 1
      durationMinutes: 30
      successRule: { kind: required_objectives }
      lab:
        machines: [{ name: workstation, image: rampart/workstation:1 }]
        consoleMachine: workstation
        vpn: true
        ttlSeconds: 1800
        maxTtlSeconds: 3600
      objectives:
        - uuid: ${randomUUID()}
          title: { en: Who are you, fr: Qui êtes-vous }
          description: { en: Your uid?, fr: Votre uid ? }
          category: system
          difficulty: 1
          points: 10
          type: flag
          flag: { accepted: ['1000'] }
`;

const xsrfOf = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);

const main = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const trainer = await request.newContext({ baseURL: base });
  await trainer.get('/api/csrf-cookie');
  const txsrf = async () =>
    decodeURIComponent(
      (await trainer.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
    );
  await trainer.post('/api/trainer/auth/login', {
    headers: { 'x-xsrf-token': await txsrf() },
    data: { username: 'trainer', password: 'Rampart#2025' },
  });
  const missionUuid = randomUUID();
  const archive = zipSync({ 'drill/chapter.yaml': strToU8(pack(missionUuid)) });
  await trainer.post('/api/trainer/content-packs', {
    headers: { 'x-xsrf-token': await txsrf() },
    multipart: {
      archive: { name: 'p.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) },
    },
  });
  const session = (
    await (
      await trainer.post('/api/trainer/sessions', {
        headers: { 'x-xsrf-token': await txsrf() },
        data: { missionUuid, name: 'Shots', maxTeams: 4, playersPerTeam: 1, durationMinutes: 60 },
      })
    ).json()
  ).session.uuid as string;

  const shots: [string, { width: number; height: number }, 'en' | 'fr', string][] = [
    ['alice', { width: 1440, height: 900 }, 'en', 'Red Foxes'],
    ['bob', { width: 390, height: 844 }, 'en', 'Blue Owls'],
    ['carol', { width: 1440, height: 900 }, 'fr', 'Green Cats'],
    ['dave', { width: 390, height: 844 }, 'fr', 'Grey Wolves'],
  ];
  const pages: [Page, 'en' | 'fr', string][] = [];
  for (const [user, viewport, locale, teamName] of shots) {
    const ctx = await browser.newContext({ viewport, locale: locale === 'en' ? 'en-GB' : 'fr-FR' });
    const page = await ctx.newPage();
    await page.request.get(`${base}/api/csrf-cookie`);
    await page.request.post(`${base}/api/auth/login`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      data: { username: user, password: 'Rampart#2025' },
    });
    await page.request.post(`${base}/api/sessions/${session}/teams`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      multipart: { name: teamName },
    });
    pages.push([page, locale, user]);
  }
  await trainer.post(`/api/trainer/sessions/${session}/start`, {
    headers: { 'x-xsrf-token': await txsrf() },
    data: { force: true },
  });
  for (const [page, locale, user] of pages) {
    await page.goto(`${base}/${locale}/sessions/${session}/game`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button').last().click();
    await page.getByRole('tab', { name: 'VPN' }).click();
    await page
      .getByRole('button', { name: locale === 'en' ? 'Start the lab' : 'Démarrer le lab' })
      .click();
    await page
      .getByRole('button', {
        name: locale === 'en' ? 'Download the profile' : 'Télécharger le profil',
      })
      .waitFor();
    await page.screenshot({ path: `${out}/${user}-${locale}-vpn.png`, fullPage: true });
    await page
      .getByRole('button', { name: locale === 'en' ? 'Show the QR code' : 'Afficher le QR code' })
      .click();
    await page.getByRole('img', { name: /QR/ }).waitFor();
    await page.screenshot({ path: `${out}/${user}-${locale}-vpn-qr.png`, fullPage: true });
  }
  await browser.close();
};

void main();
