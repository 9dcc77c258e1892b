import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { DEMO_PASSWORD, signInThroughApi, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * Help that arrives with its context: a player answers an objective wrong twice, asks for help
 * from the objective's window, and the trainer, without leaving the cockpit, reads which
 * objective it is about, the two wrong answers and the time since the first attempt, answers,
 * and opens the objective to every team; then, on an objective with hints, gives the team its
 * first hint for free from the thread. In English and in French, with players of the journey's
 * own (the demo players belong to other journeys running at the same time).
 */

/** The dead drop: part 3 is locked until part 2 is solved. */
const MISSION = '9cad99f3-92da-4c6a-8f10-5079ba0a797b';
const PART_2 = {
  uuid: 'a2adb8ab-4253-4795-8145-589f7e2d28f5',
  flag: 'RAMPART{layers_are_not_locks}',
};
const PART_3 = 'fdda8a23-d586-4619-aea2-885ebb0017a0';
const PASSWORD = 'Support#Rampart42';
/** The shop's logs: "Who knocked?" is open from the start and has two hints. */
const HINTED = {
  mission: 'caa51ee8-e0a1-4bed-ae9b-a28dd532755c',
  objective: '39272239-2df7-4fd2-8154-daab2dd22886',
  title: { en: 'Who knocked?', fr: 'Qui a frappé ?' },
  hint: { en: 'Only a handful of addresses', fr: 'Seules quelques adresses' },
};

const words = {
  en: {
    part3: 'Part 3: the key typed by hand',
    briefingBack: 'Back to the game',
    answer: 'Your answer',
    submit: 'Submit',
    ask: 'Ask for help',
    support: 'Chat support',
    send: 'Send',
    askedAbout: (title: string) => `Asked about “${title}”`,
    wrongAnswers: '2 wrong answers',
    since: 'Since its first attempt',
    unlock: 'Unlock for every team',
    unlockTitle: (title: string) => `Unlock “${title}”?`,
    unlocked: 'A trainer opened it to every team.',
    question: 'We are stuck on the XOR key, what are we missing?',
    reply: 'Think about a plaintext you already know.',
    hintQuestion: 'Which addresses should we look at?',
    hintLocked: 'Not unlocked by the team',
    give: 'Give for free',
    giveTitle: (team: string) => `Give hint 1 to ${team} for free?`,
    given: /^Given for free by .+ at/,
  },
  fr: {
    part3: 'Partie 3 : la clé tapée à la main',
    briefingBack: 'Retour à la partie',
    answer: 'Votre réponse',
    submit: 'Valider',
    ask: 'Demander de l’aide',
    support: 'Chat support',
    send: 'Envoyer',
    askedAbout: (title: string) => `Question sur « ${title} »`,
    wrongAnswers: '2 mauvaises réponses',
    since: 'Depuis sa première tentative',
    unlock: 'Déverrouiller pour toutes les équipes',
    unlockTitle: (title: string) => `Déverrouiller « ${title} » ?`,
    unlocked: 'Un formateur l’a ouvert à toutes les équipes.',
    question: 'Nous bloquons sur la clé XOR, que nous manque-t-il ?',
    reply: 'Pensez à un texte clair que vous connaissez déjà.',
    hintQuestion: 'Quelles adresses faut-il regarder ?',
    hintLocked: 'Pas encore débloqué par l’équipe',
    give: 'Offrir',
    giveTitle: (team: string) => `Offrir l’indice 1 à ${team} ?`,
    given: /^Offert par .+ à/,
  },
} as const;

type Locale = keyof typeof words;

const apiPost = (page: Page, path: string, options: Record<string, unknown>) =>
  xsrfOf(page).then((xsrf) =>
    page.context().request.post(path, { headers: { 'x-xsrf-token': xsrf }, ...options }),
  );

/** A session of a mission, started, with one team of a player created for the journey. */
const startedGame = async (
  browser: Browser,
  trainer: TrainerApi,
  locale: Locale,
  missionUuid: string,
) => {
  const tag = `${locale}${Date.now().toString(36)}`;
  const username = `help_${tag}`;
  const created = await trainer.post('/api/trainer/players', {
    username,
    pseudo: `Helped ${tag}`,
    locale,
    password: PASSWORD,
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = await trainer.post('/api/trainer/sessions', {
    missionUuid,
    name: `Help drill ${locale}`,
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  expect(session.status(), await session.text()).toBe(201);
  const sessionUuid = ((await session.json()) as { session: { uuid: string } }).session.uuid;

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const player = await context.newPage();
  await signInThroughApi(player, username, { password: PASSWORD });
  const team = await apiPost(player, `/api/sessions/${sessionUuid}/teams`, {
    multipart: { name: `Owls ${tag}` },
  });
  expect(team.status(), await team.text()).toBe(201);
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);
  return { sessionUuid, player, teamName: `Owls ${tag}` };
};

/** A running session of the dead drop, its part 2 solved by the journey's team. */
const runningGame = async (browser: Browser, trainer: TrainerApi, locale: Locale) => {
  const { sessionUuid, player, teamName } = await startedGame(browser, trainer, locale, MISSION);
  // Part 2 solved, through the API once the countdown is over: part 3 opens to the team.
  await expect
    .poll(
      async () =>
        (
          await apiPost(player, `/api/sessions/${sessionUuid}/objectives/${PART_2.uuid}/answers`, {
            data: { answer: PART_2.flag },
          })
        ).status(),
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(200);
  return { sessionUuid, player, teamName };
};

const trainerCockpit = async (browser: Browser, locale: Locale, sessionUuid: string) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/en/trainer/login');
  await page.getByLabel('Username', { exact: true }).fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/trainer$/);
  await page.goto(`/${locale}/trainer/sessions/${sessionUuid}`);
  return page;
};

for (const locale of ['en', 'fr'] as const) {
  test(`a team asks for help from an objective and the trainer helps with its context (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const say = words[locale];
    const trainer = await signInTrainer(baseURL!);
    const { sessionUuid, player, teamName } = await runningGame(browser, trainer, locale);

    // The player: two wrong answers to part 3, then help from its window.
    await player.goto(`/${locale}/sessions/${sessionUuid}/game`);
    const briefing = player.getByRole('dialog', { name: /^Briefing/ });
    await expect(briefing).toBeVisible({ timeout: 20_000 });
    await briefing.getByRole('button', { name: say.briefingBack }).click();
    await player.getByRole('button', { name: new RegExp(`^${say.part3}`) }).click();
    for (const guess of ['RAMPART{xor_guess_one}', 'key=OSTRALE']) {
      const input = player.getByRole('textbox', { name: say.answer });
      await input.fill(guess);
      const answered = player.waitForResponse(
        (response) =>
          response.url().endsWith(`/objectives/${PART_3}/answers`) &&
          response.request().method() === 'POST',
      );
      await player.getByRole('button', { name: say.submit }).click();
      expect((await answered).status()).toBe(200);
    }
    await player.getByRole('button', { name: say.ask }).click();
    const support = player.getByRole('dialog', { name: say.support });
    await expect(support).toContainText(say.part3);
    await support.getByRole('textbox').fill(say.question);
    await support.getByRole('button', { name: say.send }).click();
    // In the conversation, and the composer emptied. The conversation may show it (from the
    // stream, or the answer) a moment before the composer empties: the text is then in both.
    await expect(support.getByRole('list').getByText(say.question, { exact: true })).toBeVisible();
    await expect(support.getByRole('textbox')).toHaveValue('');

    // The trainer, in the cockpit: the thread, and beside it what it is about.
    const cockpit = await trainerCockpit(browser, locale, sessionUuid);
    const panel = cockpit.getByTestId('cockpit-support');
    await panel.getByRole('button', { name: new RegExp(teamName) }).click();
    const context = panel.getByTestId('support-context');
    await expect(context.getByRole('heading', { name: say.askedAbout(say.part3) })).toBeVisible();
    await expect(context.getByText(say.wrongAnswers)).toBeVisible();
    const rows = context.getByTestId('support-wrong-answer');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('RAMPART{xor_guess_one}');
    await expect(rows.nth(1)).toContainText('key=OSTRALE');
    await expect(context.getByText(say.since)).toBeVisible();
    const thread = panel.getByRole('region', { name: new RegExp(`^Messages.*${teamName}`) });
    await expect(thread.getByText(say.question)).toBeVisible();
    await context.scrollIntoViewIfNeeded();
    await cockpit.screenshot({
      path: test.info().outputPath(`cockpit-context-${locale}-1440x900.png`),
    });

    // Answers from the thread, then opens part 3 to every team.
    const composer = panel.getByRole('textbox');
    await composer.fill(say.reply);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    await context.getByRole('button', { name: say.unlock }).click();
    const confirm = cockpit.getByRole('dialog', { name: say.unlockTitle(say.part3) });
    await confirm.getByTestId('confirm-action').click();
    await expect(confirm).toBeHidden();
    await expect(context.getByText(say.unlocked)).toBeVisible();

    // The player reads the answer where the question was asked.
    await expect(support.getByText(say.reply, { exact: true })).toBeVisible();

    await cockpit.setViewportSize({ width: 390, height: 844 });
    await context.getByRole('heading', { level: 3 }).scrollIntoViewIfNeeded();
    // Below the sticky header, not under it.
    await cockpit.evaluate(() => window.scrollBy(0, -96));
    await cockpit.screenshot({
      path: test.info().outputPath(`cockpit-context-${locale}-390x844.png`),
    });
    await player.screenshot({
      path: test.info().outputPath(`player-support-${locale}-1440x900.png`),
    });

    // The unlock is on the session's audit log.
    const audit = await trainer.trainer.get(`/api/trainer/sessions/${sessionUuid}/audit`);
    const entries = ((await audit.json()) as { entries: { action: string; targetUuid: string }[] })
      .entries;
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'objective.unlocked', targetUuid: PART_3 }),
    );
  });
}

for (const locale of ['en', 'fr'] as const) {
  test(`the trainer gives a team that asked for help a hint for free from the thread (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const say = words[locale];
    const title = HINTED.title[locale];
    const trainer = await signInTrainer(baseURL!);
    const { sessionUuid, player, teamName } = await startedGame(
      browser,
      trainer,
      locale,
      HINTED.mission,
    );
    const scoreOfTeam = async () => {
      const ranking = await player.context().request.get(`/api/sessions/${sessionUuid}/ranking`);
      const { teams } = (await ranking.json()) as { teams: { name: string; score: number }[] };
      return teams.find((team) => team.name === teamName)!.score;
    };

    // Once the countdown is over (a wrong answer is taken), the player opens the objective and
    // asks for help from its window.
    await expect
      .poll(
        async () =>
          (
            await apiPost(
              player,
              `/api/sessions/${sessionUuid}/objectives/${HINTED.objective}/answers`,
              { data: { answer: '10.0.0.1' } },
            )
          ).status(),
        { timeout: 30_000, intervals: [1000] },
      )
      .toBe(200);
    await player.goto(`/${locale}/sessions/${sessionUuid}/game`);
    const briefing = player.getByRole('dialog', { name: /^Briefing/ });
    await expect(briefing).toBeVisible({ timeout: 20_000 });
    await briefing.getByRole('button', { name: say.briefingBack }).click();
    await player.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    await expect(player.getByText(HINTED.hint[locale])).toHaveCount(0);
    await player.evaluate(() => Object.assign(window, { notReloaded: true }));
    await player.getByRole('button', { name: say.ask }).click();
    const support = player.getByRole('dialog', { name: say.support });
    await expect(support).toContainText(title);
    await support.getByRole('textbox').fill(say.hintQuestion);
    const sent = player.waitForResponse(
      (response) =>
        response.url().includes('/chat/messages') && response.request().method() === 'POST',
    );
    await support.getByRole('button', { name: say.send }).click();
    expect((await sent).status()).toBe(201);
    await player.keyboard.press('Escape');
    await expect(support).toBeHidden();
    const before = await scoreOfTeam();

    // The trainer, beside the thread: the objective's hints, none the team's; hint 1 given.
    const cockpit = await trainerCockpit(browser, locale, sessionUuid);
    const panel = cockpit.getByTestId('cockpit-support');
    await panel.getByRole('button', { name: new RegExp(teamName) }).click();
    const context = panel.getByTestId('support-context');
    await expect(context.getByRole('heading', { name: say.askedAbout(title) })).toBeVisible();
    const hints = context.getByTestId('support-hint');
    await expect(hints).toHaveCount(2);
    await expect(hints.nth(0)).toContainText(say.hintLocked);
    await hints.nth(0).scrollIntoViewIfNeeded();
    await cockpit.screenshot({
      path: test.info().outputPath(`cockpit-hints-${locale}-1440x900.png`),
    });
    await hints.nth(0).getByRole('button', { name: say.give }).click();
    const confirm = cockpit.getByRole('dialog', { name: say.giveTitle(teamName) });
    await confirm.getByTestId('confirm-action').click();
    await expect(confirm).toBeHidden();
    await expect(hints.nth(0).getByText(say.given)).toBeVisible();
    await expect(hints.nth(0).getByRole('button', { name: say.give })).toHaveCount(0);

    // The player reads the hint's text live, without reloading; it cost the team nothing.
    await expect(player.getByText(HINTED.hint[locale]).first()).toBeVisible();
    expect(
      await player.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(await scoreOfTeam()).toBe(before);
    await player.screenshot({
      path: test.info().outputPath(`player-given-hint-${locale}-1440x900.png`),
    });

    await cockpit.setViewportSize({ width: 390, height: 844 });
    await hints.nth(0).scrollIntoViewIfNeeded();
    await cockpit.evaluate(() => window.scrollBy(0, -96));
    await cockpit.screenshot({
      path: test.info().outputPath(`cockpit-hints-${locale}-390x844.png`),
    });

    // Audited as a gift, and the ledger has no row for it.
    const audit = await trainer.trainer.get(`/api/trainer/sessions/${sessionUuid}/audit`);
    const entries = ((await audit.json()) as { entries: { action: string }[] }).entries;
    expect(entries.filter((entry) => entry.action === 'hint.given')).toHaveLength(1);
    await trainer.trainer.dispose();
  });
}
