import type { ChatThread, SupportContext } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import { buildTrainerSession, trainerApi } from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession({ status: 'running' });
const team = session.teams[0]!;
const threadUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000c0a1';
const objectiveUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000d001';
const threadsPath = `GET /api/trainer/sessions/${session.uuid}/chat/threads`;
const contextPath = `GET /api/trainer/sessions/${session.uuid}/chat/threads/${threadUuid}/context`;
const unlockPath = `POST /api/trainer/sessions/${session.uuid}/objectives/${objectiveUuid}/unlock`;
const hintUuids = ['0190a1b2-c3d4-7e5f-8a9b-00000000e001', '0190a1b2-c3d4-7e5f-8a9b-00000000e002'];
const givePath = `POST /api/trainer/sessions/${session.uuid}/teams/${team.uuid}/hints/${hintUuids[1]}/unlock`;

/** Hint 1 bought by Alice for 20 points; hint 2 (30 points) not the team's, or given by Trainer. */
const buildHints = (secondGiven = false): SupportContext['hints'] => [
  {
    uuid: hintUuids[0]!,
    position: 1,
    cost: 20,
    text: { en: 'Look at the banner', fr: 'Regardez la bannière' },
    unlock: { charged: 20, free: false, by: 'Alice', at: '2026-03-02T10:15:00.000Z' },
  },
  {
    uuid: hintUuids[1]!,
    position: 2,
    cost: 30,
    text: { en: 'Read the headers', fr: 'Lisez les en-têtes' },
    unlock: secondGiven
      ? { charged: 0, free: true, by: 'Trainer', at: '2026-03-02T10:24:00.000Z' }
      : null,
  },
];

const thread: ChatThread = {
  uuid: threadUuid,
  channel: 'support',
  sessionUuid: session.uuid,
  team: { uuid: team.uuid, name: team.name },
  player: null,
  canPost: true,
  unread: 0,
  messages: [
    {
      uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000c100',
      threadUuid,
      clientId: null,
      author: {
        id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
        pseudo: 'Alice',
        role: 'player',
        avatarId: null,
      },
      text: 'We are stuck on the banner',
      created_at: '2026-03-02T10:20:00.000Z',
      objectiveUuid,
    },
  ],
};

const wrong = (id: number, pseudo: string, answer: string) => ({
  id,
  pseudo,
  answer,
  createdAt: `2026-03-02T10:1${id}:00.000Z`,
});

const buildContext = (overrides: Partial<SupportContext> = {}): SupportContext => ({
  team: { uuid: team.uuid, name: team.name },
  objective: {
    uuid: objectiveUuid,
    title: { en: 'Find the banner', fr: 'Trouver la bannière' },
    points: 100,
    locked: true,
    unlocked: false,
  },
  askedAt: '2026-03-02T10:20:00.000Z',
  state: 'open',
  attempts: 2,
  maxAttempts: 5,
  attemptsLeft: 3,
  wrongAnswers: [wrong(1, 'Alice', 'FLAG{guess}'), wrong(2, 'Bob', 'admin123')],
  firstAttemptAt: '2026-03-02T10:11:00.000Z',
  solvedAt: null,
  hints: buildHints(),
  serverTime: '2026-03-02T10:23:00.000Z',
  ...overrides,
});

const openThread = async (locale: '' | '/fr' = '', routes: Record<string, unknown> = {}) => {
  const streams = fakeEventStreams();
  renderApp(`${locale}/trainer/sessions/${session.uuid}`, {
    api: {
      ...trainerApi({ session }),
      [threadsPath]: () => Response.json({ threads: [thread] }),
      ...(routes as object),
    },
    streams: streams.create,
  });
  const panel = await screen.findByTestId('cockpit-support');
  fireEvent.click(await within(panel).findByRole('button', { name: /Blue Owls/ }));
  return { panel, streams };
};

describe('a support question’s context in the cockpit', () => {
  it('shows the objective, the team’s state, its wrong answers and the time since its first attempt', async () => {
    await openThread('', { [contextPath]: () => Response.json({ context: buildContext() }) });
    const context = await screen.findByTestId('support-context');
    expect(
      within(context).getByRole('heading', { name: 'Asked about “Find the banner”' }),
    ).toBeTruthy();
    expect(within(context).getByText('100 points')).toBeTruthy();
    expect(within(context).getByText('Open')).toBeTruthy();
    expect(within(context).getByText('2 made, 3 left')).toBeTruthy();
    expect(within(context).getByText('2 wrong answers')).toBeTruthy();
    const rows = within(context).getAllByTestId('support-wrong-answer');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('AliceFLAG{guess}'),
      expect.stringContaining('Bobadmin123'),
    ]);
    // Twelve minutes between the first attempt and the server's time when read.
    expect(within(context).getByText(/^12 minutes/)).toBeTruthy();
    expect(within(context).getByText('Hints of the objective')).toBeTruthy();
    const hints = within(context).getAllByTestId('support-hint');
    expect(hints.map((hint) => hint.dataset.unlocked)).toEqual(['true', 'false']);
    expect(within(hints[0]!).getByText(/^Bought by Alice for 20 points at/)).toBeTruthy();
    expect(within(hints[0]!).getByText('Look at the banner')).toBeTruthy();
    expect(within(hints[0]!).queryByRole('button')).toBeNull();
    expect(within(hints[1]!).getByText('Not unlocked by the team')).toBeTruthy();
    expect(within(hints[1]!).getByText('Read the headers')).toBeTruthy();
  });

  for (const { locale, strings } of [
    {
      locale: '' as const,
      strings: {
        give: 'Give for free',
        dialog: `Give hint 2 to ${team.name} for free?`,
        confirm: 'Give the hint',
        given: /^Given for free by Trainer at/,
        bought: /^Bought by Alice for 20 points at/,
      },
    },
    {
      locale: '/fr' as const,
      strings: {
        give: 'Offrir',
        dialog: `Offrir l’indice 2 à ${team.name} ?`,
        confirm: 'Offrir l’indice',
        given: /^Offert par Trainer à/,
        bought: /^Acheté par Alice pour 20 points à/,
      },
    },
  ])
    it(`gives a hint the team lacks for free after a confirmation (${locale || 'en'})`, async () => {
      let given = false;
      let gives = 0;
      let reads = 0;
      const { streams } = await openThread(locale, {
        [contextPath]: () => {
          reads += 1;
          return Response.json({ context: buildContext({ hints: buildHints(given) }) });
        },
        [givePath]: () => {
          gives += 1;
          return Response.json({ unlocked: true, alreadyUnlocked: false });
        },
      });
      const context = await screen.findByTestId('support-context');
      expect(within(context).getByText(strings.bought)).toBeTruthy();
      const [first, second] = within(context).getAllByTestId('support-hint');
      expect(within(first!).queryByRole('button', { name: strings.give })).toBeNull();
      fireEvent.click(within(second!).getByRole('button', { name: strings.give }));
      const dialog = await screen.findByRole('dialog', { name: strings.dialog });
      expect(gives).toBe(0);
      const before = reads;
      fireEvent.click(within(dialog).getByRole('button', { name: strings.confirm }));
      await waitFor(() => expect(gives).toBe(1));
      await waitFor(() => expect(reads).toBeGreaterThan(before));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The gift (this trainer's or another's) arrives as the event: the panel reads again.
      given = true;
      streams.emit(
        `/api/trainer/sessions/${session.uuid}/events`,
        {
          type: 'hint.unlocked',
          payload: {
            teamUuid: team.uuid,
            teamName: team.name,
            objectiveUuid,
            hintUuid: hintUuids[1]!,
            position: 2,
            cost: 0,
            free: true,
            pseudo: 'Trainer',
          },
        },
        'trainers',
      );
      expect(await within(context).findByText(strings.given)).toBeTruthy();
      expect(within(context).queryByRole('button', { name: strings.give })).toBeNull();
    });

  it('reads the context again when the stream tells of a new answer', async () => {
    let context = buildContext();
    const { streams } = await openThread('', {
      [contextPath]: () => Response.json({ context }),
    });
    const shown = await screen.findByTestId('support-context');
    expect(await within(shown).findByText('2 wrong answers')).toBeTruthy();
    context = buildContext({
      attempts: 3,
      attemptsLeft: 2,
      wrongAnswers: [...buildContext().wrongAnswers, wrong(3, 'Alice', 'try-three')],
    });
    streams.emit(
      `/api/trainer/sessions/${session.uuid}/events`,
      { type: 'submissions.recorded', payload: { count: 1 } },
      'trainers',
    );
    expect(await within(shown).findByText('3 wrong answers')).toBeTruthy();
    expect(within(shown).getByText('try-three')).toBeTruthy();
  });

  it('unlocks the objective for every team after a confirmation', async () => {
    let unlocked = false;
    await openThread('', {
      [contextPath]: () =>
        Response.json({
          context: buildContext({
            objective: { ...buildContext().objective, unlocked },
          }),
        }),
      [unlockPath]: () => {
        unlocked = true;
        return Response.json({ unlocked: true });
      },
    });
    const context = await screen.findByTestId('support-context');
    fireEvent.click(within(context).getByRole('button', { name: 'Unlock for every team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock “Find the banner”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(context).findByText('A trainer opened it to every team.')).toBeTruthy();
    expect(unlocked).toBe(true);
    expect(within(context).queryByRole('button', { name: 'Unlock for every team' })).toBeNull();
  });

  it('says in French what the team asks about', async () => {
    await openThread('/fr', {
      [contextPath]: () =>
        Response.json({ context: buildContext({ state: 'locked', attempts: 1, attemptsLeft: 4 }) }),
    });
    const context = await screen.findByTestId('support-context');
    expect(
      within(context).getByRole('heading', { name: 'Question sur « Trouver la bannière »' }),
    ).toBeTruthy();
    expect(within(context).getByText('Verrouillé')).toBeTruthy();
    expect(within(context).getByText('1 faite, 4 restantes')).toBeTruthy();
    expect(within(context).getByText('Depuis sa première tentative')).toBeTruthy();
  });

  it('says when the team did not ask from an objective', async () => {
    const { panel } = await openThread('', {
      [contextPath]: () => Response.json({ context: null }),
    });
    expect(
      await within(panel).findByText(
        'This team has not asked about an objective: it wrote from its support window.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('support-context')).toBeNull();
  });
});
