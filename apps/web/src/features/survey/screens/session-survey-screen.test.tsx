import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { buildPlayerSession, sessionApi } from '../../sessions/testing/session-api';
import { apiError, buildSurveyResponse, debriefApi } from '../../stats/testing/stats-api';

const session = buildPlayerSession({ status: 'finished' });
const path = `/sessions/${session.uuid}/survey`;
const sent = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) => url === `/api/sessions/${session.uuid}/survey` && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('the survey', () => {
  it('asks for one of five labelled levels and an optional comment, then shows the stats', async () => {
    const debrief = debriefApi(session.uuid);
    const { router, fetchMock } = renderApp(path, {
      api: { ...sessionApi(() => session), ...debrief.routes },
    });
    const levels = await screen.findByRole('group', {
      name: 'How satisfied are you with this session?',
    });
    expect(
      within(levels)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['✓Very satisfied', '✓Satisfied', '✓Neutral', '✓Unsatisfied', '✓Very unsatisfied']);

    // Nothing chosen: said in words, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose one of the five levels.');
    expect(sent(fetchMock)).toEqual([]);

    fireEvent.click(within(levels).getByRole('radio', { name: 'Satisfied' }));
    const comment = screen.getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(comment, { target: { value: '  Great lab  ' } });
    expect(screen.getByText('13 / 1,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/stats`),
    );
    expect(sent(fetchMock)).toEqual([{ rating: 'satisfied', comment: 'Great lab' }]);
    expect(debrief.survey()).toMatchObject({ rating: 'satisfied', comment: 'Great lab' });
  });

  it('lets the player leave it for later, on to the stats', async () => {
    const { router, fetchMock } = renderApp(path, {
      api: { ...sessionApi(() => session), ...debriefApi(session.uuid).routes },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Later' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/stats`),
    );
    expect(sent(fetchMock)).toEqual([]);
  });

  it('opens on the previous answer, to change it', async () => {
    const debrief = debriefApi(session.uuid, {
      response: buildSurveyResponse({ rating: 'unsatisfied', comment: 'Too short' }),
    });
    const { fetchMock } = renderApp(path, {
      api: { ...sessionApi(() => session), ...debrief.routes },
    });
    const previous = await screen.findByRole('radio', { name: 'Unsatisfied' });
    expect((previous as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveProperty(
      'value',
      'Too short',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Neutral' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment (optional)' }), {
      target: { value: ' ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update my answer' }));
    // A blank comment is no comment.
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ rating: 'neutral' }]));
  });

  it("translates the server's refusal", async () => {
    const { routes } = debriefApi(session.uuid);
    renderApp(`/fr${path}`, {
      api: {
        ...sessionApi(() => session),
        ...routes,
        [`POST /api/sessions/${session.uuid}/survey`]: () =>
          apiError(409, 'survey.session_not_over'),
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Très satisfait' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vous pourrez noter cette session une fois terminée.',
    );
  });

  it('tells a player who did not play the session that they cannot rate it', async () => {
    const { routes } = debriefApi(session.uuid);
    renderApp(path, {
      api: {
        ...sessionApi(() => session),
        ...routes,
        [`GET /api/sessions/${session.uuid}/survey`]: () => apiError(403, 'survey.not_played'),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only the players of this session can rate it.',
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('is not open while the game can still be played', async () => {
    const running = buildPlayerSession({ status: 'running' });
    renderApp(`/sessions/${running.uuid}/survey`, {
      api: { ...sessionApi(() => running), ...debriefApi(running.uuid).routes },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can rate this session once it is over.',
    );
    expect(screen.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).toBe(
      `/sessions/${running.uuid}/game`,
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
