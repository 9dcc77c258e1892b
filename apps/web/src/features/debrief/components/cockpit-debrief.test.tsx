import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildSurveyDistribution,
  buildTrainerSession,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const running = buildTrainerSession();
const finished = buildTrainerSession({ status: 'finished', remainingMs: 0 });
const surveyPath = `/api/trainer/sessions/${running.uuid}/survey`;

const rated = {
  distribution: buildSurveyDistribution({ very_satisfied: 2, satisfied: 1, unsatisfied: 1 }, 5),
  comments: [
    {
      sessionUuid: running.uuid,
      rating: 'unsatisfied' as const,
      comment: 'Too short for the last objective.',
      updatedAt: '2026-03-02T11:05:00.000Z',
    },
  ],
};

const surveyReads = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(surveyPath)).length;

describe('the cockpit’s exports', () => {
  it('offers the ranking, the submissions and the whole session as downloads, each described', async () => {
    renderApp(`/trainer/sessions/${running.uuid}`, {
      api: trainerApi({ session: running }),
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByRole('region', { name: 'Exports' });
    const links = within(panel).getAllByRole('link');
    expect(
      links.map((link) => [
        link.textContent,
        link.getAttribute('href'),
        link.hasAttribute('download'),
      ]),
    ).toEqual([
      ['Ranking (CSV)', `/api/trainer/sessions/${running.uuid}/exports/ranking.csv`, true],
      ['Submissions (CSV)', `/api/trainer/sessions/${running.uuid}/exports/submissions.csv`, true],
      ['Whole session (JSON)', `/api/trainer/sessions/${running.uuid}/exports/session.json`, true],
    ]);
    expect(
      within(panel).getByRole('link', {
        name: 'Ranking (CSV)',
        description: /One row per team: rank, score/,
      }),
    ).toBeTruthy();
  });
});

describe('the cockpit’s survey panel', () => {
  it('says no one rated yet', async () => {
    renderApp(`/trainer/sessions/${running.uuid}`, {
      api: trainerApi({ session: running }),
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByRole('region', { name: 'Satisfaction survey' });
    expect(await within(panel).findByText('No rating yet')).toBeTruthy();
    expect(within(panel).queryByRole('list')).toBeNull();
  });

  it('shows each level’s count and share in words, and the comments without their author', async () => {
    renderApp(`/trainer/sessions/${finished.uuid}`, {
      api: trainerApi({ session: finished, survey: rated }),
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByRole('region', { name: 'Satisfaction survey' });
    expect((await within(panel).findByTestId('survey-summary')).textContent).toBe(
      '4 answers · 80% of 5 players answered',
    );
    const levels = within(panel).getByRole('list', { name: 'Answers by level' });
    expect(
      within(levels)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Very satisfied2 · 50%',
      'Satisfied1 · 25%',
      'Neutral0 · 0%',
      'Unsatisfied1 · 25%',
      'Very unsatisfied0 · 0%',
    ]);
    const comments = within(panel).getByRole('region', { name: 'Comments' });
    expect(comments.textContent).toContain('Unsatisfied');
    expect(comments.textContent).toContain('Too short for the last objective.');
    expect(comments.textContent).not.toContain('Alice');
  });

  it('comes first once the session is over, in French too', async () => {
    renderApp(`/fr/trainer/sessions/${finished.uuid}`, {
      api: trainerApi({ session: finished, survey: rated }),
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByRole('region', { name: 'Enquête de satisfaction' });
    // French puts a narrow no-break space before the percent sign.
    expect((await within(panel).findByTestId('survey-summary')).textContent).toMatch(
      /^4 réponses · 80\s% des 5 joueurs ont répondu$/u,
    );
    expect(within(panel).getByText('Très satisfait')).toBeTruthy();
    const grid = await screen.findByTestId('cockpit-grid');
    // The debrief precedes the live panels in the page order.
    expect(panel.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads the answers again when the session ends', async () => {
    const streams = fakeEventStreams();
    let current = running;
    const { fetchMock } = renderApp(`/trainer/sessions/${running.uuid}`, {
      api: {
        ...trainerApi({ session: running }),
        [`GET /api/trainer/sessions/${running.uuid}`]: () => Response.json({ session: current }),
      },
      streams: streams.create,
    });
    await screen.findByText('No rating yet');
    expect(surveyReads(fetchMock)).toBe(1);
    current = finished;
    streams.emit(`/api/trainer/sessions/${running.uuid}/events`, {
      type: 'session.status_changed',
      payload: {
        sessionUuid: running.uuid,
        status: 'finished',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: running.startsAt,
        endsAt: running.endsAt,
        remainingMs: 0,
        serverTime: running.serverTime,
      },
    });
    await waitFor(() => expect(surveyReads(fetchMock)).toBe(2));
  });
});
