import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { buildPlayerSession, sessionApi } from '../../sessions/testing/session-api';
import { apiError, buildSessionStats, buildSurveyResponse, debriefApi } from '../testing/stats-api';

const stats = buildSessionStats();
const uuid = stats.session.uuid;
const path = `/sessions/${uuid}/stats`;
const finished = buildPlayerSession({ uuid, status: 'finished' });
/** The session (read by the gate) and its debrief. */
const api = (options: Parameters<typeof debriefApi>[1] = {}) => ({
  ...sessionApi(() => finished),
  ...debriefApi(uuid, options).routes,
});

describe('the stats page', () => {
  it("shows the player's team, the final ranking and each objective's resolution", async () => {
    renderApp(path, { api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday exercise' })).toBeTruthy();
    expect(screen.getByText('Mission Night shift')).toBeTruthy();
    expect(screen.getByText('Finished')).toBeTruthy();

    const myTeam = screen.getByRole('region', { name: 'Red Foxes' });
    expect(within(myTeam).getByText('2nd of 2')).toBeTruthy();
    expect(within(myTeam).getByText('90')).toBeTruthy();
    expect(within(myTeam).getByText('Mission failed')).toBeTruthy();
    const awards = within(myTeam).getByRole('list', { name: 'Awards' });
    expect(
      within(awards)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['First blood']);

    const ranking = screen.getByRole('table', { name: 'Final ranking of the teams' });
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      // Each team's logo, here its initials, before its name.
      '1BLBlue OwlsWinnerFirst blood1502 / 2None✓Success',
      // Two hints, one bought for 10 points, one given.
      '2RERed FoxesYour teamFirst blood901 / 22, 10 pts paid✗Failure',
    ]);

    const objectives = screen.getByRole('region', { name: 'Objectives and resolutions' });
    const flag = within(objectives).getByRole('listitem', { name: '1. Who knocked?' });
    expect(within(flag).getByText('First blood: Red Foxes after 4:30')).toBeTruthy();
    const answers = within(flag).getByRole('list', { name: 'Correct answer' });
    expect(within(answers).getByText('203.0.113.7').tagName).toBe('CODE');
    expect(within(flag).getByText('Letter case does not matter.')).toBeTruthy();
    expect(within(flag).getByText('access log').tagName).toBe('STRONG');
    expect(within(flag).getByText('Solved by 2 of 2 teams')).toBeTruthy();
    const teams = within(flag).getByRole('table', { hidden: true });
    expect(within(teams).getByText('after 4:30 by Alice')).toBeTruthy();
    expect(
      within(teams)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell', { hidden: true })
            .map((cell) => cell.textContent)
            .at(-1),
        ),
    ).toEqual(['2, 10 pts paid', 'None']);

    const choice = within(objectives).getByRole('listitem', { name: '2. Pick the weak cipher' });
    expect(within(choice).getByRole('list', { name: 'Choices' })).toBeTruthy();
    const correct = within(choice).getByText('RC4').closest('li')!;
    expect(correct.textContent).toBe('✓RC4Correct');
    expect(within(choice).getByText('AES-256').closest('li')!.textContent).toBe('✗AES-256Wrong');
  });

  it('says plainly why the answers are hidden when the server keeps them back', async () => {
    const hidden = buildSessionStats({
      answersHiddenBecause: 'mission_in_play',
      objectives: stats.objectives.map((objective) => ({ ...objective, resolution: null })),
    });
    renderApp(path, { api: api({ stats: () => Response.json(hidden) }) });
    const objectives = await screen.findByRole('region', { name: 'Objectives and resolutions' });
    const note = within(objectives).getByRole('note');
    expect(note.textContent).toBe(
      'The answers are not shownAnother session of this mission is still open or being played. The answers stay secret until every session of the mission is over; come back then.',
    );
    const flag = within(objectives).getByRole('listitem', { name: '1. Who knocked?' });
    expect(within(flag).getByText('Answer not shown: the note above says why.')).toBeTruthy();
    expect(within(flag).queryByRole('list', { name: 'Correct answer' })).toBeNull();
  });

  it('says why in French too, for a player who was in no team', async () => {
    const hidden = buildSessionStats({
      myTeamUuid: null,
      answersHiddenBecause: 'no_team',
      objectives: stats.objectives.map((objective) => ({ ...objective, resolution: null })),
    });
    renderApp(`/fr${path}`, { api: api({ stats: () => Response.json(hidden) }) });
    expect(await screen.findByRole('heading', { name: 'Classement final' })).toBeTruthy();
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Les réponses ne sont pas affichées');
    expect(note.textContent).toContain('Vous n’étiez dans aucune équipe de cette session');
  });

  it('marks an eliminated team in words, not only in colour', async () => {
    const [blue, red] = stats.teams;
    const eliminated = buildSessionStats({
      teams: [blue!, { ...red!, eliminated: true, awards: [] }],
    });
    renderApp(path, { api: api({ stats: () => Response.json(eliminated) }) });
    const ranking = await screen.findByRole('table', { name: 'Final ranking of the teams' });
    expect(within(ranking).getByRole('rowheader', { name: /Red Foxes/ }).textContent).toBe(
      'RERed FoxesYour team✕ Eliminated',
    );
  });

  it('gives the score evolution as a table: each team’s score at each moment a score changed', async () => {
    renderApp(path, { api: api() });
    const panel = await screen.findByRole('region', { name: 'Score evolution' });
    // jsdom has no canvas to draw on: the chart says so and points to the table (browsers draw it,
    // see e2e/tests/debrief.spec.ts).
    expect(
      await within(panel).findByText(
        'The chart cannot be drawn here: the table below gives the same figures.',
      ),
    ).toBeTruthy();
    const legend = within(panel).getByRole('list', { name: 'Teams' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Blue Owls', 'Red FoxesYour team']);
    expect(within(panel).queryByRole('table')).toBeNull();
    const toggle = within(panel).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const table = within(panel).getByRole('table', {
      name: 'Score of each team at each moment a score changed',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Time since the start', 'Blue Owls', 'Red Foxes (Your team)'],
      ['0:00', '0', '0'],
      ['3:00', '0', '-10'],
      ['4:30', '0', '90'],
      ['12:00', '100', '90'],
      ['20:00', '150', '90'],
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Hide the table' }));
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('offers the survey until the player rates the session, then shows the rating', async () => {
    const unrated = renderApp(path, { api: api() });
    const rate = await screen.findByRole('link', { name: 'Rate the session' });
    expect(rate.getAttribute('href')).toBe(`/sessions/${uuid}/survey`);
    unrated.unmount();

    renderApp(path, {
      api: api({ response: buildSurveyResponse({ rating: 'very_satisfied' }) }),
    });
    expect(await screen.findByText('Your rating: Very satisfied')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change my rating' }).getAttribute('href')).toBe(
      `/sessions/${uuid}/survey`,
    );
    expect(screen.queryByRole('link', { name: 'Rate the session' })).toBeNull();
  });

  it('leads back to the game while the session can still be played, without any answer, and opens when it ends', async () => {
    let session = buildPlayerSession({ uuid, status: 'running' });
    const streams = fakeEventStreams();
    renderApp(path, {
      streams: streams.create,
      api: {
        ...sessionApi(() => session),
        ...debriefApi(uuid, {
          stats: () =>
            session.status === 'running'
              ? apiError(409, 'debrief.session_not_over')
              : Response.json(stats),
        }).routes,
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The session is still being played' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The statistics open once the session is over: until then, follow the game.',
    );
    expect(screen.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).toBe(
      `/sessions/${uuid}/game`,
    );
    expect(screen.queryByText('203.0.113.7')).toBeNull();

    session = { ...session, status: 'finished' };
    streams.emit(`/api/sessions/${uuid}/events`, {
      type: 'session.status_changed',
      payload: {
        sessionUuid: uuid,
        status: 'finished',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        remainingMs: 0,
        serverTime: new Date().toISOString(),
      },
    });
    expect(await screen.findByText('203.0.113.7')).toBeTruthy();
  });

  it('tells a player who did not play the session that its stats are not theirs', async () => {
    const outsider = buildPlayerSession({ uuid, status: 'finished', gaming_session_user: null });
    renderApp(path, {
      api: {
        ...sessionApi(() => outsider),
        ...debriefApi(uuid, { stats: () => apiError(403, 'session.forbidden') }).routes,
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are not part of this session.',
    );
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByText('203.0.113.7')).toBeNull();
  });

  it('shows the 404 page for a session that does not exist', async () => {
    renderApp(path, {
      api: {
        ...api({ stats: () => apiError(404, 'session.not_found') }),
        [`GET /api/sessions/${uuid}`]: () => apiError(404, 'session.not_found'),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('reads in French', async () => {
    renderApp(`/fr${path}`, { api: api() });
    expect(await screen.findByRole('heading', { name: 'Classement final' })).toBeTruthy();
    expect(screen.getByText('Mission Garde de nuit')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Red Foxes' }).textContent).toContain('2e sur 2');
    expect(screen.getByText('Premier sang : Red Foxes après 4:30')).toBeTruthy();
    // The prompt comes with the survey's own read.
    expect(await screen.findByRole('link', { name: 'Noter la session' })).toBeTruthy();
    const ranking = screen.getByRole('table', { name: 'Classement final des équipes' });
    expect(within(ranking).getByRole('columnheader', { name: 'Indices' })).toBeTruthy();
    expect(within(ranking).getByText('2, 10 pts payés')).toBeTruthy();
    expect(within(ranking).getByText('Aucun')).toBeTruthy();
  });
});
