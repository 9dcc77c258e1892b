import type { SessionDetail } from '@rampart/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import type { GameObjectives } from '../api/get-objectives';
import {
  briefingAlreadySeen,
  buildObjectivesBody,
  buildRunningSession,
  CHOICE_OBJECTIVE,
  FLAG_OBJECTIVE,
  gameApi,
  stubViewport,
} from '../testing/game-api';
import { FIRST_BLOOD_BANNER_MS } from './first-blood-banners';

const BLUE = '0190a1b2-c3d4-7e5f-8c9b-0000000000b1';

/** The game at 1440 wide over a fake stream; `body` and `session` may change between reads. */
const renderGame = (state: { session: SessionDetail; body: GameObjectives }) => {
  stubViewport(1440);
  briefingAlreadySeen(state.session.uuid, testPlayer.uuid);
  const streams = fakeEventStreams();
  renderApp(`/sessions/${state.session.uuid}/game`, {
    streams: streams.create,
    api: gameApi(
      () => state.session,
      () => state.body,
    ),
  });
  const emit = (event: Parameters<typeof streams.emit>[1]) =>
    streams.emit(`/api/sessions/${state.session.uuid}/events`, event);
  return { emit };
};

/** A speedrun launched 20 s of play ago on the multiple-choice objective (80 points). */
const withSpeedrun = (body: GameObjectives): GameObjectives => ({
  ...body,
  objectives: body.objectives.map((objective) =>
    objective.uuid === CHOICE_OBJECTIVE
      ? {
          ...objective,
          speedrun: {
            title: 'Beat the clock',
            description: 'The **first** to name both tools.',
            launchedAt: new Date(Date.now() - 20_000).toISOString(),
            runningMs: 20_000,
            value: 60,
            floor: 8,
          },
        }
      : objective,
  ),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the first-blood banner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('announces any team’s first blood for a few seconds, and can be dismissed', async () => {
    const state = { session: buildRunningSession(), body: buildObjectivesBody() };
    const { emit } = renderGame(state);
    await screen.findByRole('region', { name: 'Objectives' });
    const solved = {
      type: 'objective.solved' as const,
      payload: {
        teamUuid: BLUE,
        teamName: 'Blue Owls',
        objectiveUuid: FLAG_OBJECTIVE,
        points: 70,
        firstBlood: true,
        speedrun: false,
      },
    };
    emit(solved);
    const status = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('First blood'))!;
    expect(status.textContent).toBe('First bloodBlue Owls solved “Who knocked?” first.');

    act(() => vi.advanceTimersByTime(FIRST_BLOOD_BANNER_MS));
    await waitFor(() => expect(status.textContent).toBe(''));

    // The player's own team too (the toasts leave it out), until dismissed.
    const ownTeam = state.session.gaming_session_user!.gaming_session_team!;
    emit({
      type: 'objective.solved',
      payload: { ...solved.payload, teamUuid: ownTeam.uuid, teamName: ownTeam.name },
    });
    expect(status.textContent).toBe('First bloodYour team solved “Who knocked?” first!');
    fireEvent.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(status.textContent).toBe('');

    // A solve that is not a first blood is no banner.
    emit({ type: 'objective.solved', payload: { ...solved.payload, firstBlood: false } });
    expect(status.textContent).toBe('');
  });

  it('stays while the pointer is on it', async () => {
    const state = { session: buildRunningSession(), body: buildObjectivesBody() };
    const { emit } = renderGame(state);
    await screen.findByRole('region', { name: 'Objectives' });
    emit({
      type: 'objective.solved',
      payload: {
        teamUuid: BLUE,
        teamName: 'Blue Owls',
        objectiveUuid: FLAG_OBJECTIVE,
        points: 70,
        firstBlood: true,
        speedrun: false,
      },
    });
    const banner = screen.getByText('Blue Owls solved “Who knocked?” first.');
    fireEvent.mouseEnter(banner.parentElement!.parentElement!);
    act(() => vi.advanceTimersByTime(FIRST_BLOOD_BANNER_MS * 2));
    expect(screen.getByText('Blue Owls solved “Who knocked?” first.')).toBeTruthy();
  });
});

describe('the speedrun banner', () => {
  it('appears when the trainer launches one, says what it is worth, opens the objective and goes when a team solves it', async () => {
    const state = { session: buildRunningSession(), body: buildObjectivesBody() };
    const { emit } = renderGame(state);
    await screen.findByRole('region', { name: 'Objectives' });
    expect(screen.queryByRole('region', { name: 'Beat the clock' })).toBeNull();

    state.body = withSpeedrun(buildObjectivesBody());
    emit({
      type: 'speedrun.launched',
      payload: {
        objectiveUuid: CHOICE_OBJECTIVE,
        title: 'Beat the clock',
        description: 'The **first** to name both tools.',
        launchedAt: new Date(Date.now() - 20_000).toISOString(),
        points: 80,
        floor: 8,
      },
    });
    const banner = await screen.findByRole('region', { name: 'Beat the clock' });
    expect(within(banner).getByText('first')).toBeTruthy();
    // 80 points, 20 s run, alice's sentinel gives +5 % time: 80 − ⌊20 / 1.05⌋ = 61 now.
    expect(within(banner).getByText(/^(61|60) points$/)).toBeTruthy();
    expect(
      within(banner).getByText(
        'One point less each second, slower for you (avatar bonus), never below 8',
      ),
    ).toBeTruthy();
    expect(
      screen
        .getAllByRole('status')
        .some(
          (status) =>
            status.textContent === 'Speedrun launched: Beat the clock, on “Tool of the trade”.',
        ),
    ).toBe(true);

    const open = within(banner).getByRole('button', { name: 'Tool of the trade' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Tool of the trade' });
    expect(within(dialog).getByRole('note').textContent).toMatch(
      /^Speedrun “Beat the clock”: worth (61|60) points now/,
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    state.body = withSpeedrun(buildObjectivesBody());
    state.body.objectives[1]!.solvedBy = [
      { teamUuid: BLUE, teamName: 'Blue Owls', solvedAt: new Date().toISOString() },
    ];
    emit({
      type: 'objective.solved',
      payload: {
        teamUuid: BLUE,
        teamName: 'Blue Owls',
        objectiveUuid: CHOICE_OBJECTIVE,
        points: 59,
        firstBlood: false,
        speedrun: true,
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Beat the clock' })).toBeNull(),
    );
  });

  it('is back after a reload, and stands still while the game is paused', async () => {
    const state = {
      session: buildRunningSession({ status: 'paused', remainingMs: 600_000 }),
      body: withSpeedrun(buildObjectivesBody()),
    };
    // Read while paused, 20 s of play in: a minute later it is still worth 61 (alice's +5 %).
    state.body.serverTime = new Date(Date.now() - 60_000).toISOString();
    renderGame(state);
    const banner = await screen.findByRole('region', { name: 'Beat the clock' });
    expect(within(banner).getByText('Speedrun · paused')).toBeTruthy();
    expect(within(banner).getByText('61 points')).toBeTruthy();
  });
});

describe('an objective the trainer edits in play', () => {
  it('shows its new points and text without a reload, and says so', async () => {
    const state = { session: buildRunningSession(), body: buildObjectivesBody() };
    const { emit } = renderGame(state);
    const list = await screen.findByRole('region', { name: 'Objectives' });
    const before = await within(list).findByRole('button', { name: /^Who knocked\?/ });
    expect(before.textContent).toContain('50');
    state.body = {
      ...state.body,
      objectives: state.body.objectives.map((objective) =>
        objective.uuid === FLAG_OBJECTIVE
          ? { ...objective, title: 'Who knocked twice?', points: 75 }
          : objective,
      ),
    };
    emit({ type: 'objective.updated', payload: { objectiveUuid: FLAG_OBJECTIVE } });
    const edited = await within(list).findByRole('button', { name: /^Who knocked twice\?/ });
    expect(edited.textContent).toContain('75');
    expect(await screen.findByText('The trainer updated an objective.')).toBeTruthy();
  });
});

describe('the early end when every team solved everything', () => {
  it('tells the players of a team still in the game that it solved every objective', async () => {
    const state = { session: buildRunningSession(), body: buildObjectivesBody() };
    const { emit } = renderGame(state);
    await screen.findByRole('region', { name: 'Objectives' });
    const now = new Date().toISOString();
    state.session = { ...state.session, status: 'finished', endsAt: now, allSolvedAt: now };
    emit({
      type: 'session.status_changed',
      payload: {
        sessionUuid: state.session.uuid,
        status: 'finished',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: state.session.startsAt,
        endsAt: now,
        remainingMs: 0,
        serverTime: now,
        allSolved: true,
      },
    });
    expect(await screen.findByText('Your team solved every objective!')).toBeTruthy();
  });
});
