// The screens `screenshots.ts` knows: who looks at each, how to reach it (the game it needs set
// up first, through the setup steps of screen-setups.ts), and the states worth a shot once it is
// open. A new screen is a row here, not a new script.
import type { Locator, Page } from '@playwright/test';
import {
  adjustScore,
  answer,
  assertNoScroll,
  chat,
  closeBriefing,
  control,
  drillMission,
  eliminate,
  gameOf,
  labMission,
  launchSpeedrun,
  othersThan,
  pause,
  ratedGame,
  setUpGame,
  text,
  trainerApi,
  type Api,
  type Locale,
  type Run,
  type Shot,
} from './screen-setups.js';
import { base } from './screenshot-kit.js';

export type { Locale, Run };

export interface Screen {
  about: string;
  /** `visitor` signs nobody in; `player` a demo player of its own each run. */
  role: 'visitor' | 'player' | 'trainer';
  /** Where it is after `/<locale>`, or how to get there (setting a game up first). */
  path: string | ((run: Run) => Promise<string>);
  /** Waits until the screen is drawn; answers the part to shoot when it is not the page. */
  ready: (run: Run) => Shot;
  /** Further states, in order, each shot under `<screen>-<state>` after its action. */
  states?: Record<string, (run: Run) => Shot>;
  /** Its own sizes when `--sizes` is not given (a projector's are a wall's). */
  sizes?: string;
  /** What the server needs beyond the demo accounts. */
  needs?: string;
}

const heading = async (run: Run) => {
  await run.page.locator('h1').first().waitFor();
};
const dialog = async (run: Run) => {
  await run.page.getByRole('dialog').waitFor();
};
const backToGame = (run: Run) =>
  run.page
    .getByRole('dialog')
    .getByRole('button', { name: text(run, 'Back to the game', 'Retour à la partie') })
    .click();

const teamNames = ['Red Foxes', 'Grey Wolves', 'Blue Owls', 'Night Herons', 'Golden Lynxes'];

/** The run's player in a team of their own (plus teammates), the other players in theirs. */
const playerTeams = (run: Run, teams: number, mates: number = 0) => {
  const others = othersThan(run, teams - 1 + mates);
  return [
    { player: run.player, name: teamNames[0]!, members: others.slice(teams - 1) },
    ...others.slice(0, teams - 1).map((player, index) => ({ player, name: teamNames[index + 1]! })),
  ];
};

/** Teams of demo players for a trainer's screen, the first two with a logo. */
const trainerTeams = (run: Run, teams: number) =>
  othersThan(run, teams).map((player, index) => ({
    player,
    name: teamNames[index]!,
    ...(index < 2 ? { color: ['#c0392b', '#5d6d7e'][index] } : {}),
  }));

/** A game of a one-objective lab mission, the run's player in a team of their own. */
const labGame = async (run: Run, vpn: boolean) => {
  const game = await setUpGame(run, {
    name: 'Shots',
    mission: (trainer) => drillMission(trainer, vpn),
    playersPerTeam: 1,
    teams: [{ player: run.player, name: run.player }],
  });
  return `/sessions/${game.uuid}/game`;
};

/** The game of `labGame`, past the briefing, on the tab named. */
const openLabTab = async (run: Run, tab: string) => {
  await closeBriefing(run);
  await run.page.getByRole('tab', { name: tab }).click();
};

/** Starts the team's lab unless it runs already (the game may have warmed it up), then `then`. */
const startLab = async (run: Run, then: Locator) => {
  const start = run.page.getByRole('button', {
    name: text(run, 'Start the lab', 'Démarrer le lab'),
  });
  await start.or(then).first().waitFor({ timeout: 30_000 });
  if (await start.isVisible()) await start.click();
  await then.waitFor({ timeout: 30_000 });
};

/** The first demo mission whose open flag objective closes after a few wrong answers. */
const limitedMission = async (trainer: Api) => {
  const { missions } = await trainer.get('/api/trainer/missions');
  for (const { uuid } of missions as { uuid: string }[]) {
    const { mission } = await trainer.get(`/api/trainer/missions/${uuid}`);
    if (
      !mission.lab &&
      (mission.objectives as { type: string; locked: boolean; maxAttempts: number | null }[]).some(
        (o) => o.type === 'flag' && !o.locked && o.maxAttempts !== null,
      )
    )
      return uuid;
  }
  throw new Error('no demo mission with a flag objective of limited attempts');
};
const limitedObjective = (run: Run) =>
  gameOf(run).mission.objectives.find(
    (o) => o.type === 'flag' && !o.locked && o.maxAttempts !== null,
  )!;

/** The player each run of `players` made for its password reset. */
const resetTarget = new WeakMap<Run, string>();

const playersCsv = [
  'username,pseudo,locale',
  'gina,Gina,en',
  'hugo,Hugo,de',
  'ines,"Ines, the second",fr',
  'alice,Alice again,en',
].join('\r\n');

/** A session of the first chapter's mission, for the editor's "played forward" notice. */
const chapterInPlay = async (run: Run) => {
  await setUpGame(run, { name: 'Thursday drill', teams: [], start: false });
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when a toast covers the game's top: its buttons, timer, title or a speedrun's value. */
const assertToastsBelowTop = async (page: Page) => {
  const top = page.getByTestId('game-top');
  const guarded: [string, Box | null][] = [
    ['timer', await page.getByTestId('game-timer').boundingBox()],
    ['title', await top.locator('[class*="session"]').first().boundingBox()],
  ];
  for (const button of await top.getByRole('button').all())
    guarded.push([`button “${await button.innerText()}”`, await button.boundingBox()]);
  for (const value of await top.locator('[class*="valueFigure"]').all())
    guarded.push(['worth now', await value.boundingBox()]);
  const toasts = (
    await Promise.all((await page.locator('[data-sonner-toast]').all()).map((t) => t.boundingBox()))
  ).filter((box): box is Box => box !== null);
  const covered = guarded.filter(
    ([, box]) => box !== null && toasts.some((toast) => overlap(toast, box)),
  );
  if (covered.length > 0)
    throw new Error(`a toast covers the ${covered.map(([what]) => what).join(', ')}`);
};

/** A projector state: the display read again after the trainer's action, whole and unscrolled. */
const wall = async (run: Run) => {
  await run.page.reload();
  await run.page.locator('h1').first().waitFor();
  await pause(1200);
  await assertNoScroll(run.page);
};

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
    about: "a player's home: ongoing missions, chapters; then the support chat opened",
    role: 'player',
    path: '/home',
    ready: async (run) => {
      await run.page.locator('a[href*="/chapters/"]').first().waitFor();
    },
    states: {
      support: async (run) => {
        await run.page.getByRole('button', { name: /^(Chat support|Support chat)/ }).click();
        await dialog(run);
      },
    },
  },
  sessions: {
    about: 'the sessions a player is in or may join',
    role: 'player',
    path: '/currentsSessions',
    ready: heading,
  },
  'home-playing': {
    about: "a player's home in a game under way: the team's card with its logo, progress, rank",
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, {
        teams: playerTeams(run, 3).map((team, index) =>
          index === 0 ? { ...team, color: '#c0392b' } : team,
        ),
      });
      await answer(game, run.player, game.flags[0]!, true);
      return '/home';
    },
    ready: async (run) => {
      await run.page
        .getByText(/objectives solved|objectifs résolus/)
        .first()
        .waitFor();
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
  'profile-session': {
    about: 'a played session in the profile; then the profile history',
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { teams: playerTeams(run, 2) });
      await answer(game, run.player, game.flags[0]!, true);
      await control(game, 'stop');
      return `/profile/sessions/${game.uuid}`;
    },
    ready: async (run) => {
      await run.page
        .getByRole('link', { name: text(run, 'See the statistics', 'Voir les statistiques') })
        .waitFor();
    },
    states: {
      history: async (run) => {
        await run.page.goto(`${base}/${run.locale}/profile`);
        await run.page.getByRole('table').first().waitFor();
        await run.page
          .getByRole('region', { name: text(run, 'History', 'Historique') })
          .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      },
    },
  },
  chapter: {
    about: "the first chapter of a player's home",
    role: 'player',
    path: '/home',
    ready: async (run) => {
      await run.page.locator('a[href*="/chapters/"]').first().click();
      await run.page.getByRole('list').first().waitFor();
    },
  },
  lobby: {
    about: "a team's lobby before the start, with the way out of the session",
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { teams: playerTeams(run, 2), start: false });
      return `/sessions/${game.uuid}/lobby`;
    },
    ready: (run) => run.page.getByTestId('leave-session').waitFor(),
  },
  'join-teams': {
    about: 'the team choice of a player in a session without a team, with the way out',
    role: 'player',
    path: async (run) => {
      const others = othersThan(run, 2);
      const game = await setUpGame(run, {
        teams: others.map((player, index) => ({ player, name: teamNames[index]! })),
        loners: [run.player],
        start: false,
      });
      return `/sessions/${game.uuid}/join`;
    },
    ready: (run) => run.page.getByTestId('leave-session').waitFor(),
  },
  canceled: {
    about: 'the start screen of a game the trainer stops during its countdown',
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { teams: playerTeams(run, 1), start: false });
      await game.trainer.send('POST', `/api/trainer/sessions/${game.uuid}/start`, {
        data: { force: true },
      });
      return `/sessions/${game.uuid}/startScreen`;
    },
    ready: async (run) => {
      await run.page.getByRole('timer').waitFor();
      await control(gameOf(run), 'stop');
      await pause(1500);
    },
  },
  game: {
    about:
      'the game: briefing, board, speedrun, challenge, my team with an adjustment, support, first blood, pause, tabs',
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { playersPerTeam: 3, teams: playerTeams(run, 2, 1) });
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await run.page
        .getByRole('dialog')
        .getByRole('heading', { name: text(run, 'Scenario', 'Scénario') })
        .waitFor({ timeout: 30_000 });
    },
    states: {
      board: async (run) => {
        await backToGame(run);
      },
      speedrun: async (run) => {
        const game = gameOf(run);
        await launchSpeedrun(
          game,
          game.flags[0]!,
          'The first team to find it takes the most: it loses a point every second.',
        );
        await pause(1500);
      },
      challenge: async (run) => {
        const title = gameOf(run).flags[0]!.title[run.locale];
        await run.page
          .getByRole('button', {
            name: text(run, `Open “${title}” in a window`, `Ouvrir « ${title} » dans une fenêtre`),
          })
          .click();
        await dialog(run);
      },
      'my-team': async (run) => {
        await backToGame(run);
        const tab = run.page.getByRole('tab', { name: text(run, 'My team', 'Mon équipe') });
        await tab.click();
        await adjustScore(
          gameOf(run),
          teamNames[0]!,
          25,
          text(run, 'Helped the other teams with the VPN', 'A aidé les autres équipes avec le VPN'),
        );
        await pause(1500);
      },
      support: async (run) => {
        await run.page.getByRole('tab', { name: text(run, 'Ranking', 'Classement') }).click();
        await run.page.getByRole('button', { name: 'Support', exact: true }).click();
        await dialog(run);
      },
      'first-blood': async (run) => {
        await backToGame(run);
        const game = gameOf(run);
        const target = game.flags.find((flag, index) => index > 0 && flag.firstBloodBonus > 0);
        await answer(game, othersThan(run, 1)[0]!, target ?? game.flags[1]!, true);
        await pause(1000);
      },
      paused: async (run) => {
        await control(gameOf(run), 'pause');
        await pause(1500);
      },
      tabs: async (run) => {
        // Only a wide screen may choose its layout.
        const tabs = run.page.getByRole('button', { name: text(run, 'Tabs', 'Onglets') });
        if (await tabs.isVisible()) await tabs.click();
      },
    },
  },
  chat: {
    about: "the game's chat: a team's conversation, then the support window",
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { teams: playerTeams(run, 1, 1) });
      const mate = othersThan(run, 1)[0]!;
      const lines = [
        'Hi team, I take the web objectives',
        'OK, I look at the logs: https://example.org/logs',
        '<script>alert(1)</script> shown as text',
        'Found something in access.log line 42',
      ];
      for (const [index, line] of lines.entries())
        await chat(game, index % 2 ? mate : run.player, 'team', line);
      await chat(game, mate, 'general', 'Good luck everyone!');
      const support = await chat(game, mate, 'support', 'Is the second flag case-sensitive?');
      await game.trainer.send('POST', `/api/trainer/sessions/${game.uuid}/chat/messages`, {
        data: { threadId: support, text: 'Ask here if you are stuck.' },
      });
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await closeBriefing(run);
      await run.page
        .getByRole('tab', { name: /^(Chat|Discussion)/ })
        .first()
        .click();
      await run.page
        .getByRole('tablist', { name: /Chat channels|Canaux/ })
        .getByRole('tab')
        .nth(2)
        .click();
    },
    states: {
      support: async (run) => {
        await run.page.getByRole('button', { name: /^Support/ }).click();
        await dialog(run);
      },
    },
  },
  'game-changes': {
    about: 'a game given five more minutes by the trainer, then the way out of the session',
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { durationMinutes: 45, teams: playerTeams(run, 3) });
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await closeBriefing(run);
      await pause(800);
    },
    states: {
      'minutes-added': async (run) => {
        const game = gameOf(run);
        await game.trainer.send('PATCH', `/api/trainer/sessions/${game.uuid}`, {
          data: { addMinutes: 5 },
        });
        await pause(1200);
      },
      leave: async (run) => {
        await run.page.getByRole('button', { name: text(run, 'Quit', 'Quitter') }).click();
        await run.page
          .getByRole('button', {
            name: text(run, 'Leave the session…', 'Quitter la session…'),
          })
          .click();
        await run.page.getByTestId('confirm-leave-session').waitFor();
      },
    },
  },
  'objective-closed': {
    about: 'an objective out of attempts, among the closed ones',
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, {
        mission: limitedMission,
        playersPerTeam: 3,
        teams: playerTeams(run, 2),
      });
      const objective = limitedObjective(run);
      for (let attempt = 0; attempt < objective.maxAttempts!; attempt += 1)
        await answer(game, run.player, objective, `not-it-${attempt}`);
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await closeBriefing(run);
      await run.page
        .getByRole('button', { name: text(run, 'Closed', 'Terminés'), exact: true })
        .click();
    },
  },
  eliminated: {
    about: "an eliminated team's game: the notice with the trainer's reason, no answer",
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { teams: playerTeams(run, 2) });
      await eliminate(game, teamNames[0]!, 'Scanned machines outside the lab');
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await closeBriefing(run);
      await run.page.getByRole('alert').first().waitFor();
      // On a phone the objective would open in a modal over the notice: the board as it is.
      if ((run.page.viewportSize()?.width ?? 0) >= 900) {
        await run.page.locator('[data-state]').first().click();
      }
    },
  },
  toasts: {
    about: 'the game under a stack of toasts, which must keep below its top (fails if not)',
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { teams: playerTeams(run, 2) });
      const open = game.mission.objectives.filter((objective) => !objective.locked);
      await launchSpeedrun(game, open.at(-1)!, 'The **first** team to solve it takes the points.');
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await closeBriefing(run);
      await run.page.getByTestId('game-timer').waitFor();
    },
    states: {
      stack: async (run) => {
        const toasts = run.page.locator('[data-sonner-toast]');
        for (const [index, points] of [5, -3, 2].entries()) {
          await adjustScore(
            gameOf(run),
            teamNames[0]!,
            points,
            text(run, `For the screenshot (${index + 1})`, `Pour la capture (${index + 1})`),
          );
          await toasts.nth(index).waitFor({ timeout: 15_000 });
        }
        await pause(800);
        await assertToastsBelowTop(run.page);
      },
      // As when the pointer is over them: the stack at its tallest.
      expanded: async (run) => {
        await run.page.locator('[data-sonner-toast]').first().hover();
        await pause(600);
        await assertToastsBelowTop(run.page);
      },
    },
  },
  console: {
    about: "a lab game's Console tab: before the lab starts, then a terminal",
    role: 'player',
    needs: 'LAB_PROVIDER=fake',
    path: (run) => labGame(run, false),
    ready: (run) => openLabTab(run, 'Console'),
    states: {
      terminal: async (run) => {
        const terminal = run.page.locator('[data-testid="lab-terminal"]');
        await startLab(run, terminal);
        await pause(800);
        await terminal.click();
        await run.page.keyboard.type('id');
        await run.page.keyboard.press('Enter');
        await pause(800);
      },
    },
  },
  vpn: {
    about: "a lab game's VPN tab: the profile to download, then its QR code",
    role: 'player',
    needs: 'LAB_PROVIDER=fake',
    path: (run) => labGame(run, true),
    ready: async (run) => {
      await openLabTab(run, 'VPN');
      await startLab(
        run,
        run.page.getByRole('button', {
          name: text(run, 'Download the profile', 'Télécharger le profil'),
        }),
      );
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
  debrief: {
    about: "a game's end for a player: the podium, the survey, the stats and their table",
    role: 'player',
    path: async (run) => {
      const game = await setUpGame(run, { playersPerTeam: 2, teams: playerTeams(run, 5) });
      const players = [run.player, ...othersThan(run, 4)];
      // A few minutes of play, compressed: right and wrong answers, spread over time.
      const moves: [number, number, boolean][] = [
        [1, 0, false],
        [0, 0, true],
        [2, 0, false],
        [1, 0, true],
        [3, 1, true],
        [4, 0, false],
        [2, 0, true],
        [0, 1, true],
        [4, 0, true],
        [3, 0, true],
        [1, 1, false],
        [2, 1, true],
      ];
      for (const [player, flag, right] of moves) {
        await answer(game, players[player]!, game.flags[flag % game.flags.length]!, right).catch(
          () => undefined,
        );
        await pause(1000);
      }
      return `/sessions/${game.uuid}/game`;
    },
    ready: async (run) => {
      await closeBriefing(run);
      await control(gameOf(run), 'stop');
      // The podium rises (about 2.6 s) before the survey.
      await run.page.waitForURL(/statsTransition$/);
      await pause(1400);
    },
    states: {
      survey: async (run) => {
        await run.page.waitForURL(/survey$/);
        await run.page
          .getByRole('radio', { name: text(run, 'Satisfied', 'Satisfait'), exact: true })
          .check();
        await run.page
          .getByRole('textbox')
          .first()
          .fill(
            text(
              run,
              'The forensics part was the best: more of it please.',
              'La partie forensique était la meilleure : encore !',
            ),
          );
      },
      stats: async (run) => {
        await run.page.locator('form button[type="submit"]').click();
        await run.page.waitForURL(/stats$/);
        await run.page.locator('[data-testid="score-chart"] canvas').waitFor();
      },
      'stats-table': async (run) => {
        const table = run.page.getByRole('button', {
          name: text(run, 'Show as table', 'Afficher en tableau'),
        });
        await table.click();
        await table.waitFor({ state: 'detached' });
      },
    },
  },
  'trainer-home': {
    about: "the trainer's dashboard: a game under way, a lobby, a paused game, unread support",
    role: 'trainer',
    path: async (run) => {
      const live = await setUpGame(run, { teams: trainerTeams(run, 2) });
      const [first, second] = othersThan(run, 2);
      for (const [player, message] of [
        [first!, 'The VPN of our lab drops every few minutes.'],
        [first!, 'Now it does not connect at all.'],
        [second!, 'Is the second flag case-sensitive?'],
      ] as const)
        await live.players[player]!.send('POST', '/api/support/messages', {
          data: { text: message },
        });
      await setUpGame(run, { name: 'Open lobby for onboarding', teams: [], start: false });
      const paused = await setUpGame(run, {
        name: 'Paused workshop',
        teams: [{ player: othersThan(run, 3)[2]!, name: 'Night Owls' }],
      });
      await control(paused, 'pause');
      return '/trainer';
    },
    ready: async (run) => {
      await run.page.locator('[data-group]').first().waitFor();
    },
  },
  'new-session': {
    about: "the trainer's new session form, then its errors when sent empty",
    role: 'trainer',
    path: '/trainer/sessions/new',
    ready: async (run) => {
      await run.page.locator('select').first().waitFor();
    },
    states: {
      invalid: async (run) => {
        await run.page.locator('form button[type="submit"]').click();
        await run.page.locator('[aria-invalid="true"]').first().waitFor();
      },
    },
  },
  cockpit: {
    about:
      'the cockpit mid-game: logos, feed, audit, support, an adjustment, an elimination; then its grid',
    role: 'trainer',
    path: async (run) => {
      const game = await setUpGame(run, { playersPerTeam: 3, teams: trainerTeams(run, 3) });
      const [alice, bob, carol] = othersThan(run, 3) as [string, string, string];
      const [first, second] = game.flags;
      await launchSpeedrun(
        game,
        game.flags.at(-1)!,
        'The first team to solve it takes the points.',
      );
      await answer(game, alice, first!, 'FLAG{admin123}');
      await answer(game, alice, first!, 'password1');
      await answer(game, bob, first!, true);
      await answer(
        game,
        carol,
        first!,
        'a much longer wrong answer that a player pasted from a log',
      );
      if (second) {
        await answer(game, alice, second, true);
        await answer(game, carol, second, 'nope');
      }
      await control(game, 'pause');
      await control(game, 'resume');
      await chat(game, bob, 'support', 'Our second flag is refused although it matches the hint.');
      await adjustScore(game, teamNames[0]!, 25, 'Helped the other teams with the VPN');
      await eliminate(game, teamNames[2]!, 'Attacked the scoring server');
      return `/trainer/sessions/${game.uuid}`;
    },
    ready: async (run) => {
      await run.page.getByTestId('cockpit-team').first().waitFor();
      await run.page.getByTestId('feed-row').first().waitFor();
      await run.page.getByTestId('audit-entry').first().waitFor();
    },
    states: {
      grid: async (run) => {
        const grid = run.page.getByTestId('cockpit-grid');
        await grid.locator('table').waitFor();
        await grid.scrollIntoViewIfNeeded();
        return grid;
      },
    },
  },
  'cockpit-start': {
    about: 'a start held for short teams in the cockpit, then the forced start asked',
    role: 'trainer',
    path: async (run) => {
      const [a, b, c, d] = othersThan(run, 4) as [string, string, string, string];
      const game = await setUpGame(run, {
        mission: limitedMission,
        maxTeams: 4,
        playersPerTeam: 3,
        minPlayersPerTeam: 2,
        teams: [
          { player: a, name: teamNames[0]! },
          { player: b, name: teamNames[1]!, members: [d] },
          { player: c, name: teamNames[2]! },
        ],
        start: 'held',
      });
      return `/trainer/sessions/${game.uuid}`;
    },
    ready: async (run) => {
      await run.page
        .getByRole('group', { name: text(run, 'Session controls', 'Commandes de la session') })
        .waitFor();
    },
    states: {
      force: async (run) => {
        await run.page
          .getByRole('button', { name: text(run, 'Force the start', 'Forcer le démarrage') })
          .click();
        await dialog(run);
      },
    },
  },
  'cockpit-changes': {
    about: 'the cockpit: a player without a team, a refused change, moving a player',
    role: 'trainer',
    path: async (run) => {
      const players = othersThan(run, 4);
      const game = await setUpGame(run, {
        durationMinutes: 45,
        teams: players.slice(0, 3).map((player, index) => ({ player, name: teamNames[index]! })),
        loners: [players[3]!],
      });
      await eliminate(
        game,
        teamNames[1]!,
        text(run, 'Attacked the scoreboard', 'A attaqué le tableau des scores'),
      );
      return `/trainer/sessions/${game.uuid}`;
    },
    ready: async (run) => {
      await run.page.getByTestId('cockpit-team').first().waitFor();
    },
    states: {
      'without-team': async (run) => {
        await run.page.getByTestId('players-without-team').scrollIntoViewIfNeeded();
      },
      'change-refused': async (run) => {
        await run.page
          .getByRole('button', { name: text(run, 'Change the session', 'Modifier la session') })
          .click();
        const change = run.page.getByRole('dialog');
        await change.getByRole('spinbutton').first().fill('-60');
        await change.getByTestId('confirm-action').click();
        await change.getByRole('alert').waitFor();
      },
      'move-player': async (run) => {
        await run.page.keyboard.press('Escape');
        await run.page.getByTestId('player-fix').first().click();
        await dialog(run);
      },
    },
  },
  'cockpit-labs': {
    about: "the cockpit's lab environments, a team's console opened, then releasing them all",
    role: 'trainer',
    needs: 'LAB_PROVIDER=fake',
    path: async (run) => {
      const game = await setUpGame(run, {
        name: 'Lab drill',
        mission: labMission,
        playersPerTeam: 3,
        teams: othersThan(run, 4).map((player, index) => ({ player, name: teamNames[index]! })),
      });
      const labs = `/api/trainer/sessions/${game.uuid}/environments`;
      const { teams } = await game.trainer.get(labs);
      const team = (name: string) =>
        (teams as { teamUuid: string; teamName: string }[]).find((t) => t.teamName === name)!
          .teamUuid;
      for (const name of teamNames.slice(0, 3))
        await game.trainer.send('POST', `${labs}/prewarm`, { data: { teamUuid: team(name) } });
      await game.trainer.send(
        'POST',
        `/api/trainer/sessions/${game.uuid}/teams/${team(teamNames[0]!)}/environment/extend`,
        { data: {} },
      );
      await game.trainer.send('POST', `${labs}/release`, {
        data: { teamUuid: team(teamNames[2]!) },
      });
      return `/trainer/sessions/${game.uuid}`;
    },
    ready: async (run) => {
      const panel = run.page.getByTestId('cockpit-labs');
      await panel.waitFor();
      await panel.scrollIntoViewIfNeeded();
      return panel;
    },
    states: {
      console: async (run) => {
        const open = run.page.getByTestId('cockpit-labs').getByRole('button', {
          name: text(run, 'Open console of Red Foxes', 'Ouvrir la console de Red Foxes'),
        });
        await open.click({ timeout: 20_000 });
        await run.page.getByRole('dialog').getByTestId('lab-terminal').click();
        await pause(800);
        await run.page.keyboard.type('echo hello from the trainer');
        await run.page.keyboard.press('Enter');
        await pause(500);
      },
      'release-all': async (run) => {
        await run.page
          .getByRole('button', { name: text(run, 'Close the console', 'Fermer la console') })
          .click();
        await run.page
          .getByTestId('cockpit-labs')
          .getByRole('button', { name: text(run, 'Release all', 'Tout libérer') })
          .click();
        await dialog(run);
      },
    },
  },
  'cockpit-debrief': {
    about: "a rated session's cockpit: the survey results, then the exports",
    role: 'trainer',
    path: async (run) => {
      const [a, b, c] = othersThan(run, 3) as [string, string, string];
      const game = await ratedGame(run, 'Thursday drill', [
        [a, 'very_satisfied', 'The log hunt was great, we want more like it.'],
        [b, 'satisfied', null],
        [c, 'unsatisfied', 'Too little time for the last objective.'],
      ]);
      return `/trainer/sessions/${game.uuid}`;
    },
    ready: async (run) => {
      await run.page.getByTestId('survey-summary').waitFor();
      await run.page.getByTestId('cockpit-grid').waitFor();
    },
    states: {
      survey: async (run) => run.page.getByTestId('cockpit-survey'),
      exports: async (run) => run.page.getByTestId('cockpit-exports'),
    },
  },
  'mission-ratings': {
    about: "a mission's ratings, opened from the content screen",
    role: 'trainer',
    path: async (run) => {
      const [a, b] = othersThan(run, 2) as [string, string];
      await ratedGame(run, 'Friday drill', [
        [a, 'satisfied', 'Clear rules, good pace.'],
        [b, 'neutral', null],
      ]);
      return '/trainer/content';
    },
    ready: async (run) => {
      // Lab screens import copies of the demo chapter under the same titles: the ratings are
      // those of the mission the rated games played, whichever card holds it.
      const buttons = run.page.getByRole('button', { name: text(run, 'Ratings of', 'Notes de') });
      await buttons.first().waitFor();
      for (const button of await buttons.all()) {
        await button.click();
        const summary = run.page.getByTestId('survey-summary');
        if (
          await summary.waitFor({ timeout: 3000 }).then(
            () => true,
            () => false,
          )
        )
          return;
        await run.page.keyboard.press('Escape');
      }
      throw new Error('no mission shows the ratings');
    },
  },
  content: {
    about: 'the content screen, then a pack checked for import',
    role: 'trainer',
    path: async (run) => {
      await chapterInPlay(run);
      return '/trainer/content';
    },
    ready: async (run) => {
      await run.page.locator('h2').first().waitFor();
    },
    states: {
      import: async (run) => {
        const chapter = gameOf(run).mission.chapter_uuid;
        const pack = await run.page.request.get(`${base}/api/trainer/chapters/${chapter}/pack`);
        await run.page
          .locator('main button', { hasText: /Import a pack|Importer un pack/ })
          .click();
        const form = run.page.getByRole('dialog');
        await form.locator('input[type="file"]').setInputFiles({
          name: 'chapter.zip',
          mimeType: 'application/zip',
          buffer: await pack.body(),
        });
        await form.locator('button', { hasText: /Check|Vérifier/ }).click();
        await form.locator('ul li').first().waitFor();
      },
    },
  },
  editor: {
    about:
      "the content editor on a chapter in play: an objective, its explanation, a server's refusal",
    role: 'trainer',
    path: async (run) => {
      await chapterInPlay(run);
      return `/trainer/content/${gameOf(run).mission.chapter_uuid}`;
    },
    ready: async (run) => {
      await run.page.locator('[data-path="chapter.title.en"]').waitFor();
    },
    states: {
      // The second objective of the first mission.
      objective: async (run) => {
        await run.page
          .locator('section ol')
          .nth(1)
          .locator('li')
          .nth(1)
          .locator('button')
          .first()
          .click();
      },
      explanation: async (run) => {
        await run.page
          .getByRole('group', { name: text(run, 'Explanation', 'Explication') })
          .first()
          .scrollIntoViewIfNeeded();
        await run.page.evaluate(() => window.scrollBy(0, -160));
      },
      // A problem the server finds: an empty French title, focused.
      invalid: async (run) => {
        await run.page.locator('[data-path="chapter.missions[0].objectives[1].title.fr"]').fill('');
        await run.page.locator('button', { hasText: /^(Save|Enregistrer)$/ }).click();
        await run.page.locator('[role="alert"]').first().waitFor();
      },
    },
  },
  players: {
    about: "the trainer's players: the list, a CSV import preview, a password reset",
    role: 'trainer',
    path: async (run) => {
      // A player of the run's own, whose password the reset may change: never a demo player,
      // whom the other screens sign in.
      const username = `shots${Date.now() % 1_000_000}`;
      await (
        await trainerApi(run)
      ).send('POST', '/api/trainer/players', {
        data: { username, pseudo: username, locale: run.locale, password: 'Shots#2025-long' },
      });
      resetTarget.set(run, username);
      return '/trainer/players';
    },
    ready: async (run) => {
      await run.page.locator('table').waitFor();
    },
    states: {
      preview: async ({ page, locale }) => {
        await page
          .getByRole('button', { name: locale === 'en' ? 'Import CSV' : 'Importer un CSV' })
          .click();
        const form = page.getByRole('dialog');
        await form.locator('input[type="file"]').setInputFiles({
          name: 'players.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(playersCsv),
        });
        await form.getByRole('button').last().click();
        await form.locator('table').waitFor();
      },
      reset: async (run) => {
        await run.page.keyboard.press('Escape');
        const username = resetTarget.get(run)!;
        await run.page
          .getByRole('group', {
            name: text(run, `Actions for ${username}`, `Actions pour ${username}`),
          })
          .getByRole('button', {
            name: text(run, 'Reset password', 'Réinitialiser le mot de passe'),
          })
          .click();
      },
      'reset-done': async ({ page }) => {
        await page.getByRole('dialog').getByRole('button').last().click();
        await page.getByRole('dialog').locator('input[readonly]').waitFor();
      },
    },
  },
  'identity-link': {
    about: "a player's organisation account: unlinked, a subject taken by another, linked",
    role: 'trainer',
    needs: 'OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (an unreachable issuer will do)',
    path: async (run) => {
      // Bob holds a subject already, for the dialog to say so when it is given to alice.
      const trainer = await trainerApi(run);
      const { players } = await trainer.get('/api/trainer/players');
      const uuidOf = (name: string) =>
        (players as { uuid: string; username: string }[]).find((p) => p.username === name)!.uuid;
      await trainer.send('PUT', `/api/trainer/players/${uuidOf('bob')}/identity`, {
        data: { subject: 'sub-of-bob' },
      });
      await trainer
        .send('DELETE', `/api/trainer/players/${uuidOf('alice')}/identity`)
        .catch(() => undefined);
      return '/trainer/players';
    },
    ready: async (run) => {
      await run.page
        .getByRole('group', { name: text(run, 'Actions for alice', 'Actions pour alice') })
        .getByRole('button', {
          name: text(run, 'Organisation account', 'Compte de l’organisation'),
        })
        .click();
      await run.page
        .getByRole('dialog')
        .getByText(text(run, 'Not linked', 'Non lié'))
        .first()
        .waitFor();
    },
    states: {
      taken: async (run) => {
        const form = run.page.getByRole('dialog');
        await form.getByRole('textbox').fill('sub-of-bob');
        await form.getByRole('button', { name: text(run, 'Link', 'Lier'), exact: true }).click();
        await form.getByRole('alert').waitFor();
      },
      linked: async (run) => {
        const form = run.page.getByRole('dialog');
        await form.getByRole('textbox').fill('4f1c9e2a-7b3d-4c8e-9a61-alice');
        await form.getByRole('button', { name: text(run, 'Link', 'Lier'), exact: true }).click();
        await form.getByText('4f1c9e2a-7b3d-4c8e-9a61-alice').waitFor();
      },
    },
  },
  projector: {
    about:
      'the projector: a game under way (logos, solves, an elimination), paused, its podium, revoked',
    role: 'visitor',
    sizes: '1920x1080,1280x720',
    path: async (run) => {
      const game = await setUpGame(run, {
        name: 'Friday drill',
        displayLink: true,
        teams: trainerTeams(run, 5),
      });
      const players = othersThan(run, 5);
      for (const [index, flag] of game.flags.entries()) {
        await answer(game, players[index % 5]!, flag, true);
        await answer(game, players[(index + 2) % 5]!, flag, true);
      }
      await eliminate(game, teamNames[4]!, 'Out of bounds');
      return game.display!;
    },
    ready: async (run) => {
      await run.page.locator('h1').first().waitFor();
      await pause(1200);
      await assertNoScroll(run.page);
    },
    states: {
      paused: async (run) => {
        await control(gameOf(run), 'pause');
        await wall(run);
      },
      podium: async (run) => {
        await control(gameOf(run), 'resume');
        await control(gameOf(run), 'stop');
        await wall(run);
      },
      revoked: async (run) => {
        const game = gameOf(run);
        await game.trainer.send(
          'DELETE',
          `/api/trainer/sessions/${game.uuid}/display-links/${game.displayLinkUuid}`,
        );
        await run.page.reload();
        await run.page.locator('h1').first().waitFor();
      },
    },
  },
};

export const screenUrl = (locale: Locale, path: string) => `${base}/${locale}${path}`;
