// The setup steps the screenshot screens stand on: demo accounts signed in, sessions created,
// teams joined, games started and played, all through Rampart's real HTTP API (cookies and the
// CSRF header, as the web app sends them). A screen composes these; it never copies them.
import { randomUUID } from 'node:crypto';
import {
  request,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';
import { strToU8, zipSync } from 'fflate';
import { importLabMission } from '../tests/support/lab-pack';
import { base, DEMO_PASSWORD } from './screenshot-kit.js';

export type Locale = 'en' | 'fr';

/** One run of a screen: a signed-in page at one size in one language. */
export interface Run {
  page: Page;
  locale: Locale;
  browser: Browser;
  role: 'visitor' | 'player' | 'trainer';
  /** The demo player this run signs in as, when the screen is a player's. */
  player: string;
  /** What the run's setup opened, closed once the run is shot. */
  disposals: (() => Promise<void>)[];
  /** What the setup made, for the screen's later steps (its states). */
  game?: Game;
}

export const demoPlayers = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'] as const;
const COUNTDOWN_MS = 11_500;

export const text = (run: Run, en: string, fr: string) => (run.locale === 'en' ? en : fr);
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An API answer: read by the setup steps as the contracts describe it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Multipart = NonNullable<Parameters<APIRequestContext['fetch']>[1]>['multipart'];

/** A cookie-authenticated client of the API, as one browser is. */
export interface Api {
  get: (path: string) => Promise<Json>;
  /** A write with the CSRF header: JSON `data`, or `multipart` form fields. */
  send: (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: { data?: unknown; multipart?: Multipart },
  ) => Promise<Json>;
}

const apiOf = (context: APIRequestContext, xsrf: () => Promise<string>): Api => {
  const answer = async (response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response.status() === 204 ? null : response.json();
  };
  return {
    get: async (path) => answer(await context.get(`${base}${path}`), `GET ${path}`),
    send: async (method, path, body = {}) =>
      answer(
        await context.fetch(`${base}${path}`, {
          method,
          headers: { 'x-xsrf-token': await xsrf() },
          ...(body.data === undefined ? {} : { data: body.data }),
          ...(body.multipart ? { multipart: body.multipart } : {}),
        }),
        `${method} ${path}`,
      ),
  };
};

const xsrfFrom = (cookies: { name: string; value: string }[]) =>
  decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);

/** The API as a page's cookies hold it: the run's own player acts through this. */
export const pageApi = (page: Page) =>
  apiOf(page.request, async () => xsrfFrom(await page.context().cookies()));

/** A demo account signed in through the API, in a request context of its own (no browser). */
const signIn = async (run: Run, username: string, side: 'player' | 'trainer') => {
  const context = await request.newContext({ baseURL: base });
  run.disposals.push(() => context.dispose());
  const xsrf = async () => xsrfFrom((await context.storageState()).cookies);
  const api = apiOf(context, xsrf);
  await context.get(`${base}/api/csrf-cookie`);
  await api.send('POST', side === 'player' ? '/api/auth/login' : '/api/trainer/auth/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  if (side === 'player')
    await api.send('PUT', '/api/profile/avatar', { data: { avatarId: 'cipher' } });
  return Object.assign(api, { context, xsrf });
};

export const trainerApi = (run: Run) => signIn(run, 'trainer', 'trainer');

/** A player's API: the run's own page for the run's player, a context of its own otherwise. */
export const playerApi = async (run: Run, username: string) =>
  run.role === 'player' && username === run.player
    ? pageApi(run.page)
    : signIn(run, username, 'player');

/** Demo players other than the run's, as many as asked. */
export const othersThan = (run: Run, count: number) =>
  demoPlayers.filter((name) => name !== run.player).slice(0, count);

export interface Objective {
  uuid: string;
  title: { en: string; fr: string };
  type: string;
  locked: boolean;
  maxAttempts: number | null;
  firstBloodBonus: number;
  flag?: { accepted: string[] };
}
export interface Mission {
  uuid: string;
  chapter_uuid: string;
  objectives: Objective[];
}

/**
 * The first mission without a lab: the first demo one (a lab screen imports copies of it with a
 * lab, which may sort before it).
 */
const firstPlainMission = async (trainer: Api, missions: { uuid: string }[]) => {
  for (const { uuid } of missions) {
    const { mission } = await trainer.get(`/api/trainer/missions/${uuid}`);
    if (!mission.lab) return uuid;
  }
  throw new Error('no mission without a lab');
};

/** A mission with its objectives and chapter: the first demo one unless `pick` says another. */
export const missionOf = async (
  trainer: Api,
  pick?: (trainer: Api) => Promise<string>,
): Promise<Mission> => {
  const { missions } = await trainer.get('/api/trainer/missions');
  const uuid = pick ? await pick(trainer) : await firstPlainMission(trainer, missions);
  const { mission } = await trainer.get(`/api/trainer/missions/${uuid}`);
  const { missions: now } = await trainer.get('/api/trainer/missions');
  const listed = (now as { uuid: string; chapter_uuid: string }[]).find((m) => m.uuid === uuid);
  return { ...mission, chapter_uuid: listed!.chapter_uuid };
};

/** A logo of one colour, for a team's card. */
const logo = async (background: string) => ({
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer(),
});

export interface TeamPlan {
  /** The demo player who creates the team. */
  player: string;
  name: string;
  /** Further demo players who join it with its token. */
  members?: string[];
  /** A logo of this colour. */
  color?: string;
}

export interface Game {
  uuid: string;
  mission: Mission;
  trainer: Api;
  players: Record<string, Api>;
  teams: Record<string, { uuid: string; token: string }>;
  /** The mission's open flag objectives, the ones answered by typing. */
  flags: Objective[];
}

export interface GamePlan {
  name?: string;
  teams: TeamPlan[];
  /** Players who join the session without a team. */
  loners?: string[];
  maxTeams?: number;
  playersPerTeam?: number;
  minPlayersPerTeam?: number;
  durationMinutes?: number;
  /** The mission's uuid, once the trainer is signed in: the first demo mission by default. */
  mission?: (trainer: Api) => Promise<string>;
  /** `false` leaves it in its lobby; `held` asks a start that short teams hold up. */
  start?: boolean | 'held';
  /** A display link for the projector. */
  displayLink?: boolean;
}

/**
 * A session of its own for this run, with its teams, started (and past its countdown) unless
 * told otherwise. Each run makes its own, so runs never share a team.
 */
export const setUpGame = async (run: Run, plan: GamePlan): Promise<Game & { display?: string }> => {
  const trainer = await trainerApi(run);
  const mission = await missionOf(trainer, plan.mission);
  const { session } = await trainer.send('POST', '/api/trainer/sessions', {
    data: {
      missionUuid: mission.uuid,
      name: plan.name ?? text(run, 'Thursday red team drill', 'Exercice du jeudi'),
      maxTeams: plan.maxTeams ?? 6,
      playersPerTeam: plan.playersPerTeam ?? 2,
      durationMinutes: plan.durationMinutes ?? 60,
      ...(plan.minPlayersPerTeam ? { minPlayersPerTeam: plan.minPlayersPerTeam } : {}),
    },
  });
  const game: Game & { display?: string } = {
    uuid: session.uuid,
    mission,
    trainer,
    players: {},
    teams: {},
    flags: mission.objectives.filter((objective) => objective.flag && !objective.locked),
  };
  const player = async (username: string) =>
    (game.players[username] ??= await playerApi(run, username));
  for (const team of plan.teams) {
    const { team: made } = await (
      await player(team.player)
    ).send('POST', `/api/sessions/${game.uuid}/teams`, {
      multipart: {
        name: team.name,
        ...(team.color ? { logo: await logo(team.color) } : {}),
      },
    });
    game.teams[team.name] = made;
    for (const member of team.members ?? [])
      await (
        await player(member)
      ).send('POST', `/api/sessions/${game.uuid}/teams/join`, { data: { token: made.token } });
  }
  for (const loner of plan.loners ?? [])
    await (await player(loner)).send('POST', `/api/sessions/${game.uuid}/join`);
  for (const [name, team] of Object.entries(await teamsOf(game)))
    game.teams[name] = { ...game.teams[name]!, uuid: team };
  if (plan.displayLink) {
    const link = await trainer.send('POST', `/api/trainer/sessions/${game.uuid}/display-links`);
    game.display = link.path;
    Object.assign(game, { displayLinkUuid: link.link.uuid });
  }
  if (plan.start === 'held') await control(game, 'start');
  else if (plan.start !== false) await startGame(game);
  run.game = game;
  return game;
};

/** The teams' uuids by name, as the cockpit reads them. */
const teamsOf = async (game: Game) => {
  const { teams } = await game.trainer.get(`/api/trainer/sessions/${game.uuid}/cockpit`);
  return Object.fromEntries(
    (teams as { uuid: string; name: string }[]).map((team) => [team.name, team.uuid]),
  );
};

export const control = (game: Game, action: 'start' | 'pause' | 'resume' | 'stop') =>
  game.trainer.send('POST', `/api/trainer/sessions/${game.uuid}/${action}`);

/** Forces the start and waits out the countdown. */
export const startGame = async (game: Game) => {
  await game.trainer.send('POST', `/api/trainer/sessions/${game.uuid}/start`, {
    data: { force: true },
  });
  await pause(COUNTDOWN_MS);
};

/** The game as the run's run made it. */
export const gameOf = (run: Run) => {
  if (!run.game) throw new Error('this step needs a game set up first');
  return run.game as Game & { display?: string; displayLinkUuid?: string };
};

export const answer = (
  game: Game,
  username: string,
  objective: Objective,
  right: boolean | string,
) =>
  game.players[username]!.send(
    'POST',
    `/api/sessions/${game.uuid}/objectives/${objective.uuid}/answers`,
    {
      data: {
        answer:
          right === true
            ? objective.flag!.accepted[0]
            : right === false
              ? `wrong ${randomUUID()}`
              : right,
      },
    },
  );

export const adjustScore = (game: Game, team: string, points: number, reason: string) =>
  game.trainer.send(
    'POST',
    `/api/trainer/sessions/${game.uuid}/teams/${game.teams[team]!.uuid}/adjustments`,
    {
      data: { points, reason },
    },
  );

export const eliminate = (game: Game, team: string, reason: string) =>
  game.trainer.send(
    'POST',
    `/api/trainer/sessions/${game.uuid}/teams/${game.teams[team]!.uuid}/eliminate`,
    {
      data: { reason },
    },
  );

export const launchSpeedrun = (game: Game, objective: Objective, description: string) =>
  game.trainer.send('POST', `/api/trainer/sessions/${game.uuid}/speedruns`, {
    data: { objectiveUuid: objective.uuid, title: 'Beat the clock', description },
  });

/** Writes in the session's chat: `channel` is the thread's (team, general, support). */
export const chat = async (game: Game, username: string, channel: string, message: string) => {
  const api = game.players[username]!;
  const { threads } = await api.get(`/api/session/${game.uuid}/chat/threads`);
  const thread = (threads as { uuid: string; channel: string }[]).find(
    (candidate) => candidate.channel === channel,
  )!;
  await api.send('POST', `/api/session/${game.uuid}/chat/messages`, {
    data: { threadId: thread.uuid, text: message },
  });
  return thread.uuid;
};

/** A played and stopped game rated by its players (rating, and a comment or none). */
export const ratedGame = async (
  run: Run,
  name: string,
  ratings: [string, string, string | null][],
) => {
  const game = await setUpGame(run, {
    name,
    teams: ratings.map(([player]) => ({ player, name: `Team ${player}` })),
  });
  const flag = game.flags[0]!;
  for (const [index, [player]] of ratings.entries()) await answer(game, player, flag, index === 0);
  await control(game, 'stop');
  for (const [player, rating, comment] of ratings)
    await game.players[player]!.send('POST', `/api/sessions/${game.uuid}/survey`, {
      data: { rating, ...(comment ? { comment } : {}) },
    });
  return game;
};

/** A copy of the first demo mission with a lab (see tests/support/lab-pack.ts): its uuid. */
export const labMission = (trainer: Api) => {
  const { context, xsrf } = trainer as Awaited<ReturnType<typeof trainerApi>>;
  return importLabMission({
    trainer: context,
    xsrf,
    post: async (path, data) =>
      context.post(path, { headers: { 'x-xsrf-token': await xsrf() }, data }),
  });
};

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

/** A one-objective lab mission uploaded as a pack, with or without a VPN: its uuid. */
export const drillMission = async (trainer: Api, vpn: boolean) => {
  const missionUuid = randomUUID();
  const archive = zipSync({ 'drill/chapter.yaml': strToU8(labPack(missionUuid, vpn)) });
  await trainer.send('POST', '/api/trainer/content-packs', {
    multipart: {
      archive: { name: 'p.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) },
    },
  });
  return missionUuid;
};

/** Closes the briefing a game screen opens on a first visit, if it is open. */
export const closeBriefing = async (run: Run) => {
  const back = run.page.getByRole('button', {
    name: text(run, 'Back to the game', 'Retour à la partie'),
  });
  await back.or(run.page.getByRole('tab').first()).first().waitFor({ timeout: 30_000 });
  if (await back.isVisible()) await back.click();
};

/** Fails when the page scrolls: a wall display shows everything at once. */
export const assertNoScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  if (overflow.x > 0 || overflow.y > 0)
    throw new Error(`the page scrolls: ${JSON.stringify(overflow)}`);
};

/** A step's outcome: nothing (shoot the page) or the part of it to shoot. */
export type Shot = Promise<void | Locator>;
