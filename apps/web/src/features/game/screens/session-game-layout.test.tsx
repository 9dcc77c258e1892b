import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import {
  briefingAlreadySeen,
  buildObjectivesBody,
  buildRunningSession,
  FLAG_OBJECTIVE,
  gameApi,
  stubViewport,
} from '../testing/game-api';
import { buildMessage, buildThread, trainerAuthor } from '../../chat/testing/chat-api';

/** Pressed from the keyboard: focus on the button first, as a browser gives it. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

const tabNames = (tablist: HTMLElement) =>
  within(tablist)
    .getAllByRole('tab')
    .map((tab) => `${tab.textContent}${tab.getAttribute('aria-selected') === 'true' ? '*' : ''}`);

const renderGame = (width: number, options: { seen?: boolean; path?: string } = {}) => {
  stubViewport(width);
  const session = buildRunningSession();
  if (options.seen ?? true) briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const view = renderApp(options.path ?? `/sessions/${session.uuid}/game`, {
    api: gameApi(() => session),
  });
  return { ...view, session };
};

describe('the game screen’s layouts', () => {
  it('opens in quarter on a wide screen: four panes, the first tab of each group open', async () => {
    renderGame(1440);
    const objectives = await screen.findByRole('region', { name: 'Objectives' });
    const detail = screen.getByRole('region', { name: 'Detail' });
    const mission = screen.getByRole('region', { name: 'Mission' });
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(tabNames(within(mission).getByRole('tablist'))).toEqual([
      'Briefing*',
      'Chat',
      'Console',
      'VPN',
    ]);
    expect(tabNames(within(teams).getByRole('tablist'))).toEqual(['Ranking*', 'My team']);
    // The first objective to solve is shown from the start, marked in the list.
    expect(await within(detail).findByRole('heading', { name: 'Who knocked?' })).toBeTruthy();
    expect(
      within(objectives)
        .getByRole('button', { name: /^Who knocked\?/ })
        .getAttribute('aria-current'),
    ).toBe('true');

    // Selecting shows the objective in its own pane; the tab groups stay where they were.
    fireEvent.click(within(objectives).getByRole('button', { name: /^Tool of the trade/ }));
    expect(within(detail).getByRole('heading', { name: 'Tool of the trade' })).toBeTruthy();
    expect(within(detail).getByRole('group', { name: 'Pick 2 answers' })).toBeTruthy();
    expect(tabNames(within(mission).getByRole('tablist'))[0]).toBe('Briefing*');

    fireEvent.click(within(teams).getByRole('tab', { name: 'My team' }));
    expect(tabNames(within(teams).getByRole('tablist'))).toEqual(['Ranking', 'My team*']);
    expect(tabNames(within(mission).getByRole('tablist'))[0]).toBe('Briefing*');
  });

  it('keeps the objective it showed first once the team solves it, with the result', async () => {
    stubViewport(1440);
    const session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    let body = buildObjectivesBody();
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(
          () => session,
          () => body,
        ),
        [`POST /api/sessions/${session.uuid}/objectives/${FLAG_OBJECTIVE}/answers`]: () => {
          body = buildObjectivesBody();
          body.objectives[0] = { ...body.objectives[0]!, solved: true, inProgress: false };
          return Response.json({
            correct: true,
            result: 'answer.correct',
            points: 50,
            firstBlood: false,
            attempts: 1,
            attemptsLeft: 2,
            score: 50,
            completed_objectives: 1,
            total_objectives: 2,
            progress_percentage: 50,
          });
        },
      },
    });
    const detail = await screen.findByRole('region', { name: 'Detail' });
    fireEvent.change(await within(detail).findByRole('textbox', { name: 'Your answer' }), {
      target: { value: '198.51.100.7' },
    });
    fireEvent.click(within(detail).getByRole('button', { name: 'Submit' }));
    expect(await within(detail).findByText('Your team solved this objective.')).toBeTruthy();
    expect(within(detail).getByText('Correct! +50 points.')).toBeTruthy();
    expect(within(detail).getByRole('heading', { name: 'Who knocked?' })).toBeTruthy();
  });

  it('lets a wide screen switch to tabs, and remembers the choice', async () => {
    const { unmount, session } = renderGame(1440);
    const layout = await screen.findByRole('group', { name: 'Layout' });
    expect(
      within(layout).getByRole('button', { name: 'Quarter' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(within(layout).getByRole('button', { name: 'Tabs' }));
    const tabs = await screen.findByRole('tablist', { name: 'Game' });
    expect(tabNames(tabs)[0]).toBe('Briefing*');
    expect(screen.queryByRole('region', { name: 'Teams' })).toBeNull();

    unmount();
    renderApp(`/sessions/${session.uuid}/game`, { api: gameApi(() => session) });
    expect(await screen.findByRole('tablist', { name: 'Game' })).toBeTruthy();
  });

  it('keeps one group of the seven tabs on a phone, and opens an objective in the modal', async () => {
    renderGame(390);
    const tabs = await screen.findByRole('tablist', { name: 'Game' });
    expect(tabNames(tabs)).toEqual([
      'Briefing*',
      'Chat',
      'Console',
      'Detail',
      'Ranking',
      'My team',
      'VPN',
    ]);
    // No room for quarter: no choice offered.
    expect(screen.queryByRole('group', { name: 'Layout' })).toBeNull();

    const item = await screen.findByRole('button', { name: /^Tool of the trade/ });
    press(item);
    const dialog = await screen.findByRole('dialog', { name: 'Tool of the trade' });
    expect(within(dialog).getByRole('group', { name: 'Pick 2 answers' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(item);
    expect(tabNames(screen.getByRole('tablist', { name: 'Game' }))).toContain('Detail*');
  });

  it('opens an objective in the challenge modal from its button, and gives focus back', async () => {
    renderGame(1024);
    const open = await screen.findByRole('button', { name: 'Open “Who knocked?” in a window' });
    press(open);
    const dialog = await screen.findByRole('dialog', { name: 'Who knocked?' });
    expect(within(dialog).getByText('Forensics · Introduction · 50 points')).toBeTruthy();
    expect(within(dialog).getByText('IP address')).toBeTruthy();
    expect(
      within(dialog).getByText('2 attempts left · a wrong answer costs 10 points'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Your answer' })).toBeTruthy();
    // The rest of the screen is out of reach meanwhile.
    expect(screen.queryByRole('tablist', { name: 'Game' })).toBeNull();

    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: 'Your answer' }), {
      key: 'Escape',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});

describe('the briefing modal', () => {
  it('opens by itself on a first visit of the session, once, and comes back from its button', async () => {
    const { unmount, session } = renderGame(1440, { seen: false });
    const dialog = await screen.findByRole('dialog', { name: 'Briefing: Night shift' });
    expect(await within(dialog).findByText('night')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Rules of engagement' })).toBeTruthy();
    expect(within(dialog).getByText('No scanning outside the range.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus lands on the button that brings it back.
    const button = screen.getByRole('button', { name: 'Briefing' });
    expect(document.activeElement).toBe(button);

    unmount();
    renderApp(`/sessions/${session.uuid}/game`, { api: gameApi(() => session) });
    const again = await screen.findByRole('button', { name: 'Briefing' });
    // The briefing opens in the same render as its button on a first visit: nothing to wait for.
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    press(again);
    expect(await screen.findByRole('dialog', { name: 'Briefing: Night shift' })).toBeTruthy();
  });

  it('is asked for beside the objectives, not once the board is drawn', async () => {
    // The briefing's text is what a first visit reads first: its read waits for nothing else.
    stubViewport(1440);
    const session = buildRunningSession();
    const held = new Promise<Response>(() => {});
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`GET /api/sessions/${session.uuid}/objectives`]: () => held,
      },
    });
    const asked = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
    await waitFor(() => expect(asked()).toContain(`/api/sessions/${session.uuid}/objectives`));
    await waitFor(() => expect(asked()).toContain(`/api/sessions/${session.uuid}/mission`));
    // The objectives never came: the board is not drawn.
    expect(screen.queryByRole('region', { name: 'Objectives' })).toBeNull();
  });

  it('opens on a first visit with the board, though the status bar is drawn before it', async () => {
    stubViewport(1440);
    const session = buildRunningSession();
    let answer = () => {};
    const objectives = new Promise<void>((resolve) => {
      answer = resolve;
    });
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`GET /api/sessions/${session.uuid}/objectives`]: async () => {
          await objectives;
          return Response.json(buildObjectivesBody());
        },
      },
    });
    // The session is known: its name, the timer and the game's buttons, the board's skeleton.
    expect(await screen.findByTestId('game-timer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Briefing' })).toBeTruthy();
    expect(screen.getByTestId('game-top').textContent).toContain(session.name);
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Objectives' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    answer();
    expect(await screen.findByRole('dialog', { name: 'Briefing: Night shift' })).toBeTruthy();
    // Behind the modal, the board.
    expect(document.querySelector('section[aria-label="Objectives"]')).not.toBeNull();
  });

  it('is in French on a French screen', async () => {
    const session = buildRunningSession();
    stubViewport(1440);
    renderApp(`/fr/sessions/${session.uuid}/game`, { api: gameApi(() => session) });
    const dialog = await screen.findByRole('dialog', { name: 'Briefing : Night shift' });
    expect(within(dialog).getByRole('button', { name: 'Retour à la partie' })).toBeTruthy();
  });
});

describe('the chat support modal', () => {
  it('is the team’s conversation with the trainers, who answer in it', async () => {
    stubViewport(1440);
    const session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    const support = buildThread('support', {
      messages: [
        buildMessage({
          threadUuid: buildThread('support').uuid,
          author: trainerAuthor,
          text: 'Look at the logs first',
          created_at: new Date().toISOString(),
        }),
      ],
    });
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`GET /api/session/${session.uuid}/chat/threads`]: () =>
          Response.json({ threads: [buildThread('admin'), buildThread('general'), support] }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Support' });
    press(button);
    const dialog = await screen.findByRole('dialog', { name: 'Chat support' });
    expect(await within(dialog).findByText('Look at the logs first')).toBeTruthy();
    expect(within(dialog).getByText('Coach is answering')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Message to the trainers' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
