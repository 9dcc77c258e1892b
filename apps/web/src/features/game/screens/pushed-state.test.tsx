import type { Ranking } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  FLAG_OBJECTIVE,
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';

beforeEach(() => stubViewport(1024));

/** The game is a lazy screen: on a busy machine its first render may take a while. */
const firstRender = { timeout: 15_000 };

/**
 * The game screen open with its Ranking tab, a `fetch` that counts what it is asked, and the
 * session's stream to speak through.
 */
const openGame = async () => {
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const [own, other] = session.teams;
  const ranking: Ranking = {
    teams: [
      { ...own!, logoUrl: null, rank: 1, score: 100, completed_objectives: 1 },
      { ...other!, logoUrl: null, rank: 2, score: 0, completed_objectives: 0 },
    ].map(({ uuid, name, logoUrl, rank, score, eliminated, completed_objectives }) => ({
      uuid,
      name,
      logoUrl,
      rank,
      score,
      eliminated,
      completed_objectives,
    })),
  };
  const streams = fakeEventStreams();
  const view = renderApp(`/sessions/${session.uuid}/game`, {
    streams: streams.create,
    api: {
      ...gameApi(() => session),
      [`GET /api/sessions/${session.uuid}/ranking`]: () => Response.json(ranking),
    },
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Ranking' }, firstRender));
  const table = await screen.findByRole('table', { name: 'Ranking of the teams' });
  await screen.findByText('Who knocked?');
  const path = `/api/sessions/${session.uuid}/events`;
  await waitFor(() =>
    expect(streams.opened.some((stream) => stream.path === path && !stream.closed)).toBe(true),
  );
  // Whatever the screen asked for on opening is answered: from here on, each request counts.
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  const asked = view.fetchMock.mock.calls.length;
  const requestsSince = () =>
    view.fetchMock.mock.calls.slice(asked).map(([url]) => String(url).split('?')[0]);
  const emit = (event: Parameters<typeof streams.emit>[1], audience?: `team:${string}`) =>
    streams.emit(path, event, audience);
  return { session, own: own!, other: other!, table, emit, requestsSince, view };
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the game screen takes what the stream pushes, without reading it again', () => {
  it("shows another team's solve and the new ranking from the events alone", async () => {
    const { own, other, table, emit, requestsSince, view } = await openGame();
    emit({
      type: 'objective.solved',
      payload: {
        teamUuid: other.uuid,
        teamName: other.name,
        objectiveUuid: FLAG_OBJECTIVE,
        points: 70,
        firstBlood: true,
        speedrun: false,
      },
    });
    emit({
      type: 'ranking.changed',
      payload: {
        teams: [
          { uuid: other.uuid, name: other.name, logoUrl: null, score: 170, rank: 1 },
          { uuid: own.uuid, name: own.name, logoUrl: null, score: 100, rank: 2 },
        ].map((team, index) => ({ ...team, eliminated: false, completed_objectives: 1 - index })),
      },
    });
    // The ranking as pushed: the other team first, with its new score and solved count.
    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['1', '1', '170'],
        ['2', '0', '100'],
      ]),
    );
    const solvers = view.queryClient
      .getQueriesData<{ objectives: { uuid: string; solvedBy: { teamUuid: string }[] }[] }>({
        queryKey: ['game'],
      })
      .flatMap(([, data]) => data?.objectives ?? [])
      .find((objective) => objective.uuid === FLAG_OBJECTIVE)?.solvedBy;
    expect(solvers?.map((solver) => solver.teamUuid)).toEqual([other.uuid]);
    // Not one request for it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requestsSince()).toEqual([]);
  }, 40_000);

  it('marks the objective a teammate solved, and the attempt a teammate used, as pushed', async () => {
    const { own, emit, requestsSince } = await openGame();
    emit(
      {
        type: 'objective.attempted',
        payload: {
          objectiveUuid: FLAG_OBJECTIVE,
          pseudo: 'Bob',
          attempts: 2,
          attemptsLeft: 1,
          penalty: 10,
        },
      },
      `team:${own.uuid}`,
    );
    emit({
      type: 'objective.solved',
      payload: {
        teamUuid: own.uuid,
        teamName: own.name,
        objectiveUuid: FLAG_OBJECTIVE,
        points: 50,
        firstBlood: false,
        speedrun: false,
      },
    });
    const item = (await screen.findByText('Who knocked?')).closest('button')!;
    await waitFor(() => expect(item.getAttribute('data-state')).toBe('solved'));
    expect(within(item).getByText('Solved')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requestsSince()).toEqual([]);
  }, 40_000);

  it('patches a pause into the session without reading the session again', async () => {
    const { session, emit, requestsSince } = await openGame();
    emit({
      type: 'session.status_changed',
      payload: {
        sessionUuid: session.uuid,
        status: 'paused',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        remainingMs: 1_200_000,
        serverTime: new Date().toISOString(),
      },
    });
    await waitFor(() => expect(screen.getByTestId('game-timer').textContent).toMatch(/^20:00/));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The objectives only (what a speedrun is worth follows the clock); never the session.
    expect(requestsSince()).not.toContain(`/api/sessions/${session.uuid}`);
  }, 40_000);
});
