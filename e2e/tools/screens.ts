// The screens `screenshots.ts` knows: who looks at each, how to reach it, and the states worth a
// shot once it is open. A new screen is a row here, not a new script.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { base, post } from './screenshot-kit.js';

export type Locale = 'en' | 'fr';

/** One run of a screen: a signed-in page at one size in one language. */
export interface Run {
  page: Page;
  locale: Locale;
  /** The trainer's page, signed in once for every run (to set a game up). */
  trainer: () => Promise<Page>;
  /** The demo player this run signs in as, when the screen is a player's. */
  player: string;
}

export interface Screen {
  about: string;
  /** `visitor` signs nobody in; `player` a demo player of its own each run. */
  role: 'visitor' | 'player' | 'trainer';
  /** Where it is after `/<locale>`, or how to get there (setting a game up first). */
  path: string | ((run: Run) => Promise<string>);
  /** Waits until the screen is drawn. */
  ready: (run: Run) => Promise<void>;
  /** Further states, each shot under `<screen>-<state>` after its action. */
  states?: Record<string, (run: Run) => Promise<void>>;
}

const text = (run: Run, en: string, fr: string) => (run.locale === 'en' ? en : fr);
const heading = (run: Run) => run.page.locator('h1').first().waitFor();

const labPack = (missionUuid: string, vpn: boolean) => `format: rampart.chapter/v1
chapter:
  uuid: ${randomUUID()}
  title: { en: Lab drill, fr: Exercice lab }
  summary: { en: A lab., fr: Un lab. }
  visibility: assigned
  position: 90
  missions:
    - uuid: ${missionUuid}
      title: { en: Shell access, fr: Accès shell }
      brief: { en: Open the console., fr: Ouvrez la console. }
      scenario: { en: A workstation waits., fr: Un poste attend. }
      rules: { en: Flags., fr: Flags. }
      difficulty: 1
      durationMinutes: 30
      successRule: { kind: required_objectives }
      lab:
        machines: [{ name: workstation, image: rampart/workstation:1 }]
        consoleMachine: workstation
        vpn: ${vpn}
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

/**
 * A started game of a lab mission, the run's player in a team of their own: the trainer uploads
 * the mission and opens a session for this run alone, so runs never share a team.
 */
const labGame = async (run: Run, vpn: boolean) => {
  const trainer = await run.trainer();
  const missionUuid = randomUUID();
  const archive = zipSync({ 'drill/chapter.yaml': strToU8(labPack(missionUuid, vpn)) });
  await post(trainer, '/api/trainer/content-packs', {
    multipart: {
      archive: { name: 'p.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) },
    },
  });
  const created = await post(trainer, '/api/trainer/sessions', {
    data: { missionUuid, name: 'Shots', maxTeams: 4, playersPerTeam: 1, durationMinutes: 60 },
  });
  const session = ((await created.json()) as { session: { uuid: string } }).session.uuid;
  await post(run.page, `/api/sessions/${session}/teams`, { multipart: { name: `${run.player}` } });
  await post(trainer, `/api/trainer/sessions/${session}/start`, { data: { force: true } });
  return `/sessions/${session}/game`;
};

/** The game of `labGame`, past the briefing, on the tab named. */
const openLabTab = async (run: Run, tab: string) => {
  const dialog = run.page.getByRole('dialog');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button').last().click();
  await run.page.getByRole('tab', { name: tab }).click();
};

const startLab = (run: Run) =>
  run.page.getByRole('button', { name: text(run, 'Start the lab', 'Démarrer le lab') }).click();

const playersCsv = [
  'username,pseudo,locale',
  'gina,Gina,en',
  'hugo,Hugo,de',
  'ines,"Ines, the second",fr',
  'alice,Alice again,en',
].join('\r\n');

export const screens: Record<string, Screen> = {
  login: { about: "the players' login page", role: 'visitor', path: '/login', ready: heading },
  'trainer-login': {
    about: "the trainers' login page",
    role: 'visitor',
    path: '/trainer/login',
    ready: heading,
  },
  // With OIDC_* set (an unreachable issuer will do), these show "Sign in with <label>" too.
  'login-refused': {
    about: 'the login page after a refused single sign-on',
    role: 'visitor',
    path: '/login?signInError=auth.oidc_state_mismatch',
    ready: heading,
  },
  'trainer-refused': {
    about: "the trainers' login page after a single sign-on with no account",
    role: 'visitor',
    path: '/trainer/login?signInError=auth.oidc_no_account',
    ready: heading,
  },
  home: {
    about: "a player's home: ongoing missions, chapters",
    role: 'player',
    path: '/home',
    ready: async (run) => {
      await run.page.locator('a[href*="/chapters/"]').first().waitFor();
    },
  },
  sessions: {
    about: 'the sessions a player is in or may join',
    role: 'player',
    path: '/currentsSessions',
    ready: heading,
  },
  'home-playing': {
    about: "a player's home while in a started game: a mission under way, a session",
    role: 'player',
    path: async (run) => {
      await labGame(run, false);
      return '/home';
    },
    ready: async (run) => {
      await run.page.locator('a[href*="/sessions/"]').first().waitFor();
    },
  },
  'sessions-playing': {
    about: 'the sessions of a player in a started game',
    role: 'player',
    path: async (run) => {
      await labGame(run, false);
      return '/currentsSessions';
    },
    ready: async (run) => {
      await run.page.locator('a[href*="/sessions/"]').first().waitFor();
    },
  },
  profile: { about: "a player's profile", role: 'player', path: '/profile', ready: heading },
  chapter: {
    about: "the first chapter of a player's home",
    role: 'player',
    path: '/home',
    ready: async (run) => {
      await run.page.locator('a[href*="/chapters/"]').first().click();
      await run.page.getByRole('list').first().waitFor();
    },
  },
  'trainer-home': {
    about: "the trainer's dashboard",
    role: 'trainer',
    path: '/trainer',
    ready: heading,
  },
  editor: {
    about: 'the content editor on the first chapter',
    role: 'trainer',
    path: '/trainer/content',
    ready: async (run) => {
      await run.page.locator('a[href*="/trainer/content/"]:not([href$="/new"])').first().click();
      await run.page.locator('button[data-invalid]').first().waitFor();
    },
  },
  players: {
    about: "the trainer's players: the list, a CSV import preview, a password reset",
    role: 'trainer',
    path: '/trainer/players',
    ready: (run) => run.page.locator('table').waitFor(),
    states: {
      preview: async ({ page, locale }) => {
        await page
          .getByRole('button', { name: locale === 'en' ? 'Import CSV' : 'Importer un CSV' })
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('input[type="file"]').setInputFiles({
          name: 'players.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(playersCsv),
        });
        await dialog.getByRole('button').last().click();
        await dialog.locator('table').waitFor();
      },
      reset: async (run) => {
        await run.page.keyboard.press('Escape');
        await run.page
          .getByRole('button', {
            name: text(run, 'Reset password', 'Réinitialiser le mot de passe'),
          })
          .first()
          .click();
      },
      'reset-done': async ({ page }) => {
        await page.getByRole('dialog').getByRole('button').last().click();
        await page.getByRole('dialog').locator('input[readonly]').waitFor();
      },
    },
  },
  console: {
    about: "a lab game's Console tab: before the lab starts, then a terminal",
    role: 'player',
    path: (run) => labGame(run, false),
    ready: (run) => openLabTab(run, 'Console'),
    states: {
      terminal: async (run) => {
        await startLab(run);
        const terminal = run.page.locator('[data-testid="lab-terminal"]');
        await terminal.waitFor();
        await run.page.waitForTimeout(800);
        await terminal.click();
        await run.page.keyboard.type('id');
        await run.page.keyboard.press('Enter');
        await run.page.waitForTimeout(800);
      },
    },
  },
  vpn: {
    about: "a lab game's VPN tab: the profile to download, then its QR code",
    role: 'player',
    path: (run) => labGame(run, true),
    ready: async (run) => {
      await openLabTab(run, 'VPN');
      await startLab(run);
      await run.page
        .getByRole('button', { name: text(run, 'Download the profile', 'Télécharger le profil') })
        .waitFor();
    },
    states: {
      qr: async (run) => {
        await run.page
          .getByRole('button', { name: text(run, 'Show the QR code', 'Afficher le QR code') })
          .click();
        await run.page.getByRole('img', { name: /QR/ }).waitFor();
      },
    },
  },
};

export const screenUrl = (locale: Locale, path: string) => `${base}/${locale}${path}`;
