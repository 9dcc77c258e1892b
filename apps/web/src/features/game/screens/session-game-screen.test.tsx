import type { Audience } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  briefingAlreadySeen,
  buildObjectivesBody,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';

/** A session in play whose briefing this player has seen: the screen opens on the game itself. */
const running = (...args: Parameters<typeof buildRunningSession>) => {
  const session = buildRunningSession(...args);
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  return session;
};
const objectivesBody = buildObjectivesBody;

// A laptop: the objectives beside one group of seven tabs (quarter needs a wider screen).
beforeEach(() => stubViewport(1024));

describe('the game screen', () => {
  it('opens on the briefing, lists objectives by list, and answers a flag with its cost shown first', async () => {
    const session = running();
    const flagPath = `POST /api/sessions/${session.uuid}/objectives/0190a1b2-c3d4-7e5f-8c9b-000000000001/answers`;
    let sent: unknown = null;
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [flagPath]: (init) => {
          sent = JSON.parse(String(init.body));
          return Response.json({
            correct: false,
            result: 'answer.wrong',
            points: -10,
            firstBlood: false,
            attempts: 2,
            attemptsLeft: 1,
            score: -20,
            completed_objectives: 0,
            total_objectives: 2,
            progress_percentage: 0,
          });
        },
      },
    });
    const tabs = await screen.findByRole('tablist', { name: 'Game' });
    expect(within(tabs).getByRole('tab', { name: 'Briefing' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Briefing', 'Chat', 'Console', 'Detail', 'Ranking', 'My team', 'VPN']);

    fireEvent.click(await screen.findByRole('button', { name: 'In progress' }));
    expect(screen.queryByRole('button', { name: /^Tool of the trade/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Who knocked\?/ }));
    expect(within(tabs).getByRole('tab', { name: 'Detail' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByText('2 attempts left · a wrong answer costs 10 points')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), {
      target: { value: '198.51.100.7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Wrong answer: −10 points.')).toBeTruthy();
    expect(sent).toEqual({ answer: '198.51.100.7', clientId: expect.any(String) });
  });

  it('keeps the toasts below its status bar and banners, and gives them back on leaving', async () => {
    const session = running();
    const { unmount } = renderApp(`/sessions/${session.uuid}/game`, {
      api: gameApi(() => session),
    });
    const top = await screen.findByTestId('game-top');
    expect(within(top).getByTestId('game-timer')).toBeTruthy();
    // jsdom has no layout: the top ends at 0, the toasts start 12 px below it.
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--toasts-top')).toBe('12px'),
    );
    unmount();
    expect(document.documentElement.style.getPropertyValue('--toasts-top')).toBe('');
  });

  it('states the penalty this player is charged: a penalty-shield avatar lowers it', async () => {
    const session = running();
    renderApp(`/fr/sessions/${session.uuid}/game`, {
      player: { ...testPlayer, avatarId: 'bastion' },
      api: gameApi(() => session),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'En cours' }));
    fireEvent.click(screen.getByRole('button', { name: /^Who knocked\?/ }));
    // The objective's penalty is 10; Bastion's shield takes 10 % off, as the server charges.
    expect(
      await screen.findByText('2 tentatives restantes · une mauvaise réponse coûte 9 points'),
    ).toBeTruthy();
  });

  it('sends a failed answer again with the same client id, and a new answer with a new one', async () => {
    const session = running();
    const flagPath = `POST /api/sessions/${session.uuid}/objectives/0190a1b2-c3d4-7e5f-8c9b-000000000001/answers`;
    const sent: { answer: string; clientId: string }[] = [];
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [flagPath]: (init) => {
          sent.push(JSON.parse(String(init.body)));
          // The first submission's acknowledgement is lost on the way.
          if (sent.length === 1)
            return Response.json(
              { error: { code: 'service.unavailable', message: 'Unavailable' } },
              { status: 503 },
            );
          return Response.json({
            correct: false,
            result: 'answer.wrong',
            points: -10,
            firstBlood: false,
            attempts: 1,
            attemptsLeft: 2,
            score: -10,
            completed_objectives: 0,
            total_objectives: 2,
            progress_percentage: 0,
          });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'In progress' }));
    fireEvent.click(screen.getByRole('button', { name: /^Who knocked\?/ }));
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(field, { target: { value: '198.51.100.7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Wrong answer: −10 points.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '203.0.113.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]!.answer).toBe('203.0.113.9');
    expect(sent[2]!.clientId).not.toBe(sent[0]!.clientId);
  });

  it('reads the briefing through the session, not the chapter', async () => {
    const session = running();
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/game`, {
      api: gameApi(() => session),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Briefing' });
    expect(await within(panel).findByText('night')).toBeTruthy();
    expect(within(panel).getByText('No scanning outside the range.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/chapters/'))).toBe(
      false,
    );
  });

  it('asks for exactly the expected number of choices', async () => {
    const session = running();
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Tool of the trade/ }));
    const group = screen.getByRole('group', { name: 'Pick 2 answers' });
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    fireEvent.click(within(group).getByRole('checkbox', { name: 'sqlmap' }));
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'curl' }));
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it('explains the rules with this session’s numbers, and quits to home keeping the team', async () => {
    const session = running();
    const { router } = renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
      },
    });
    // Pressed from the keyboard: the button has focus, as a browser gives it.
    const helpButton = await screen.findByRole('button', { name: 'Help' });
    helpButton.focus();
    fireEvent.click(helpButton);
    const help = await screen.findByRole('dialog', { name: 'How the game works' });
    expect(
      within(help).getByText('The game lasts 30 minutes; a pause stops the clock.'),
    ).toBeTruthy();
    fireEvent.click(within(help).getByRole('button', { name: 'Got it' }));
    // Focus goes back to the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(helpButton));
    // Only the owner of a session they created may close it.
    expect(screen.queryByRole('button', { name: 'Close the session' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quit' }));
    const quit = await screen.findByRole('dialog', { name: 'Leave the game?' });
    fireEvent.click(within(quit).getByRole('button', { name: 'Go to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('lets the owner of a session they created close it, after confirming', async () => {
    const session = { ...running(), isOwner: true, ownerKind: 'player' as const };
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`POST /api/sessions/${session.uuid}/close`]: () =>
          Response.json({ session: { ...session, status: 'stopped' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Close the session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the session' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === `/api/sessions/${session.uuid}/close` && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('toasts an elimination once, with the reason only for the team concerned', async () => {
    const session = running();
    const ownTeam = session.gaming_session_user!.gaming_session_team!;
    const streams = fakeEventStreams();
    renderApp(`/sessions/${session.uuid}/game`, {
      streams: streams.create,
      api: gameApi(() => session),
    });
    await screen.findByRole('tab', { name: 'My team' });
    const eliminated = (
      teamUuid: string,
      teamName: string,
      reason: string | null,
      audience: Audience = 'session',
    ) =>
      streams.emit(
        `/api/sessions/${session.uuid}/events`,
        { type: 'team.eliminated', payload: { teamUuid, teamName, reason } },
        audience,
      );
    eliminated('0190a1b2-c3d4-7e5f-8c9b-0000000000b1', 'Blue Owls', null);
    expect(await screen.findByText('Blue Owls has been eliminated.')).toBeTruthy();
    // The team's own: the session's copy says nothing, the team's carries the reason.
    eliminated(ownTeam.uuid, ownTeam.name, null);
    eliminated(ownTeam.uuid, ownTeam.name, 'Scanned the SOC', `team:${ownTeam.uuid}`);
    // Toasts show in the order they were made: once the reason's is up, the other would be too.
    expect(await screen.findByText('Scanned the SOC')).toBeTruthy();
    expect(screen.getAllByText(`${ownTeam.name} has been eliminated.`)).toHaveLength(1);
  });

  it('tells an eliminated team so for good, with the trainer’s reason, and closes answering', async () => {
    const base = running();
    const own = base.gaming_session_user!.gaming_session_team!;
    const session = {
      ...base,
      gaming_session_user: {
        ...base.gaming_session_user!,
        gaming_session_team: { ...own, eliminated: true, eliminationReason: 'Scanned the SOC' },
      },
    };
    renderApp(`/sessions/${session.uuid}/game`, { api: gameApi(() => session) });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading').textContent).toBe('Your team has been eliminated');
    expect(notice.textContent).toContain('The trainer’s reason: Scanned the SOC');
    fireEvent.click(await screen.findByRole('button', { name: /^Who knocked\?/ }));
    expect(screen.getByRole('button', { name: /^Who knocked\?/ }).textContent).toContain(
      'Closed: team eliminated',
    );
    expect(
      await screen.findByText('Your team is eliminated: it can no longer answer.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('lists an objective out of attempts among the closed ones, saying why', async () => {
    const session = running();
    const body = objectivesBody();
    Object.assign(body.objectives[0]!, {
      attempts: 3,
      attemptsLeft: 0,
      inProgress: false,
      closedReason: 'no_attempts_left',
    });
    renderApp(`/sessions/${session.uuid}/game`, {
      api: gameApi(
        () => session,
        () => body,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'In progress' }));
    expect(screen.queryByRole('button', { name: /^Who knocked\?/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(screen.getByRole('button', { name: /^Who knocked\?/ }).textContent).toContain(
      'Closed: no attempt left',
    );
  });

  it('shows who solved what, first solver first', async () => {
    const session = running();
    const body = objectivesBody();
    body.objectives[0]!.solvedBy = [
      { teamUuid: crypto.randomUUID(), teamName: 'Blue Owls', solvedAt: new Date().toISOString() },
      { teamUuid: crypto.randomUUID(), teamName: 'Red Foxes', solvedAt: new Date().toISOString() },
    ];
    renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(
          () => session,
          () => body,
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Teams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who solved what' });
    expect(within(dialog).getByText('Blue Owls, Red Foxes')).toBeTruthy();
    expect(within(dialog).getByText('No team yet')).toBeTruthy();
  });

  it('shows which teammates have the game open, in words, and follows them live', async () => {
    const base = running();
    const ownTeam = base.gaming_session_user!.gaming_session_team!;
    const withBob = (online: boolean) => ({
      ...base,
      gaming_session_user: {
        ...base.gaming_session_user!,
        gaming_session_team: {
          ...ownTeam,
          members: [
            ...ownTeam.members,
            { pseudo: 'Bob', avatarId: 'cipher' as const, isSelf: false, online },
          ],
        },
      },
    });
    let session = withBob(false);
    const streams = fakeEventStreams();
    renderApp(`/sessions/${session.uuid}/game`, {
      streams: streams.create,
      api: {
        ...gameApi(() => session),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'My team' }));
    const members = await screen.findByRole('list', { name: 'Members' });
    const member = (pseudo: string) =>
      within(members)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(pseudo))!;
    expect(member('Alice').textContent).toBe('Alice(you)Online');
    expect(member('Bob').textContent).toBe('BobOffline');
    expect(screen.getByRole('heading', { name: 'Members: 1 of 2 online' })).toBeTruthy();

    session = withBob(true);
    streams.emit(
      `/api/sessions/${session.uuid}/events`,
      { type: 'team.presence_changed', payload: { teamUuid: ownTeam.uuid } },
      `team:${ownTeam.uuid}`,
    );
    await waitFor(() => expect(member('Bob').textContent).toBe('BobOnline'));
    expect(screen.getByRole('heading', { name: 'Members: 2 of 2 online' })).toBeTruthy();
  });

  it.each([
    [
      'English',
      '',
      'My team',
      'The trainer gave your team 7 points.',
      'The trainer took 3 points from Blue Owls.',
      'Trainer adjustments',
      '+7 points: Helped another team',
    ],
    [
      'French',
      '/fr',
      'Mon équipe',
      'Le formateur a donné 7 points à votre équipe.',
      'Le formateur a retiré 3 points à Blue Owls.',
      'Ajustements du formateur',
      '+7 points : Helped another team',
    ],
  ])(
    'tells every player of a score adjustment, its own team the reason, and lists it (%s)',
    async (_language, prefix, tab, own, other, listName, line) => {
      let session = running();
      const ownTeam = session.gaming_session_user!.gaming_session_team!;
      const streams = fakeEventStreams();
      renderApp(`${prefix}/sessions/${session.uuid}/game`, {
        streams: streams.create,
        api: gameApi(() => session),
      });
      fireEvent.click(await screen.findByRole('tab', { name: tab }));
      const adjusted = (
        teamUuid: string,
        teamName: string,
        points: number,
        reason: string | null,
        audience: Audience = 'session',
      ) =>
        streams.emit(
          `/api/sessions/${session.uuid}/events`,
          {
            type: 'score.adjusted',
            payload: { teamUuid, teamName, points, reason, score: points },
          },
          audience,
        );

      session = {
        ...session,
        scoreAdjustments: [
          { points: 7, reason: 'Helped another team', at: new Date().toISOString() },
        ],
      };
      // The session's copy, without the reason, then the team's, with it: one toast, the latter.
      adjusted(ownTeam.uuid, ownTeam.name, 7, null);
      adjusted(ownTeam.uuid, ownTeam.name, 7, 'Helped another team', `team:${ownTeam.uuid}`);
      expect((await screen.findAllByText('Helped another team')).length).toBeGreaterThan(0);
      expect(screen.getAllByText(own)).toHaveLength(1);
      const list = await screen.findByRole('list', { name: listName });
      expect(within(list).getByRole('listitem').textContent).toBe(line);

      // Another team's adjustment comes to this team without its reason.
      adjusted('0190a1b2-c3d4-7e5f-8c9b-0000000000b1', 'Blue Owls', -3, null);
      expect((await screen.findAllByText(other)).length).toBeGreaterThan(0);
    },
  );
});
