import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildSubmission,
  buildTrainerSession,
  refusal,
  submissionsRoute,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession({
  teams: [
    ...buildTrainerSession().teams,
    {
      uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000e002',
      name: 'Red Foxes',
      logoUrl: null,
      members: [{ pseudo: 'Bob', avatarId: null, isSelf: false, online: false }],
      rank: 2,
      score: 40,
      eliminated: false,
      token: 'abcdefghijklmnopqrstuvwxyz1',
      eliminationReason: null,
    },
  ],
});
const [owls, foxes] = session.teams as [(typeof session.teams)[0], (typeof session.teams)[0]];
const path = `/trainer/sessions/${session.uuid}`;
const submissionsPath = `GET /api/trainer/sessions/${session.uuid}/submissions`;
const feedPanel = async () => screen.findByTestId('cockpit-feed');

describe('the submissions feed', () => {
  it('shows wrong answers as typed, correct ones as correct, and filters them', async () => {
    const submissions = [
      buildSubmission({ id: 3, teamUuid: foxes.uuid, pseudo: 'Bob', answer: 'FLAG{nope}' }),
      buildSubmission({ id: 2, answer: '', correct: true, points: 120 }),
      buildSubmission({ id: 1, answer: 'FLAG{first try}', points: -10 }),
    ];
    renderApp(path, {
      api: trainerApi({ session, submissions }),
      streams: fakeEventStreams().create,
    });
    const feed = await feedPanel();
    const rows = await within(feed).findAllByTestId('feed-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Bob.*Red Foxes.*Spot the sender.*Wrong.*FLAG\{nope\}/),
      expect.stringMatching(/Alice.*Blue Owls.*Correct.*\+120 pts/),
      expect.stringMatching(/Alice.*Wrong.*FLAG\{first try\}.*-10 pts/),
    ]);
    fireEvent.click(within(feed).getByLabelText('Wrong answers only'));
    expect(within(feed).getAllByTestId('feed-row')).toHaveLength(2);
    fireEvent.change(within(feed).getByLabelText('Team'), { target: { value: owls.uuid } });
    expect(
      within(feed)
        .getAllByTestId('feed-row')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('FLAG{first try}')]);
  });

  it('adds what arrived on top when the stream says answers were recorded, and counts them politely', async () => {
    const streams = fakeEventStreams();
    const submissions = [buildSubmission({ id: 1, answer: 'FLAG{old}' })];
    const { fetchMock } = renderApp(path, {
      api: { ...trainerApi({ session }), [submissionsPath]: submissionsRoute(submissions) },
      streams: streams.create,
    });
    const feed = await feedPanel();
    await within(feed).findByText('FLAG{old}');
    submissions.unshift(
      buildSubmission({ id: 3, answer: 'FLAG{newest}' }),
      buildSubmission({ id: 2, answer: 'FLAG{newer}' }),
    );
    streams.emit(
      `/api/trainer/sessions/${session.uuid}/events`,
      { type: 'submissions.recorded', payload: { count: 2 } },
      'trainers',
    );
    await within(feed).findByText('FLAG{newest}');
    expect(
      within(feed)
        .getAllByTestId('feed-row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('FLAG{newest}'),
      expect.stringContaining('FLAG{newer}'),
      expect.stringContaining('FLAG{old}'),
    ]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/submissions?after=1'))).toBe(
      true,
    );
    // The announcement says how many, never the answers.
    const live = feed.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('2 new submissions');
  });

  it('pages down to older submissions', async () => {
    const submissions = [3, 2, 1].map((id) => buildSubmission({ id, answer: `FLAG{${id}}` }));
    renderApp(path, {
      api: { ...trainerApi({ session }), [submissionsPath]: submissionsRoute(submissions, 2) },
      streams: fakeEventStreams().create,
    });
    const feed = await feedPanel();
    await within(feed).findByText('FLAG{3}');
    expect(within(feed).queryByText('FLAG{1}')).toBeNull();
    fireEvent.click(within(feed).getByRole('button', { name: 'Show older submissions' }));
    await within(feed).findByText('FLAG{1}');
    expect(within(feed).queryByRole('button', { name: 'Show older submissions' })).toBeNull();
  });

  it('shows the refusal with a retry when the feed cannot be read', async () => {
    renderApp(path, {
      api: { ...trainerApi({ session }), [submissionsPath]: refusal(404, 'session.not_found') },
      streams: fakeEventStreams().create,
    });
    const feed = await feedPanel();
    expect(await within(feed).findByText('This session does not exist.')).toBeTruthy();
  });
});
