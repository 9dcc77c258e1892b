import type { SessionDetail } from '@rampart/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fakeEventStreams } from '../../lib/event-stream/testing/fake-event-streams';
import { buildPlayerSession, buildTeam, sessionApi } from './testing/session-api';

const outsider = (overrides: Partial<SessionDetail> = {}) =>
  buildPlayerSession({ gaming_session_user: null, teams: [], ...overrides });

const apiError = (status: number, code: string, message = 'server text') =>
  Response.json({ error: { code, message } }, { status });

describe('the session screens follow the session (session-datas, verify-session-status)', () => {
  it('shows the 404 page for a session that does not exist', async () => {
    renderApp('/sessions/0190a1b2-c3d4-7e5f-8b9b-ffffffffffff/lobby', {
      api: {
        'GET /api/sessions/0190a1b2-c3d4-7e5f-8b9b-ffffffffffff': () =>
          apiError(404, 'session.not_found'),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('sends a player who is not in the session to join it', async () => {
    const session = outsider();
    const { router } = renderApp(`/fr/sessions/${session.uuid}/lobby`, {
      api: sessionApi(() => session),
    });
    expect(await screen.findByRole('button', { name: 'Rejoindre cette session' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/fr/sessions/${session.uuid}/join`);
  });

  it.each([
    ['running', 'lobby', 'game'],
    ['countdown', 'lobby', 'startScreen'],
    ['lobby', 'game', 'lobby'],
    ['finished', 'game', 'statsTransition'],
  ] as const)('sends a player from a %s session on %s to %s', async (status, from, to) => {
    const session = buildPlayerSession({
      status,
      startsAt: status === 'lobby' ? null : new Date(Date.now() + 5000).toISOString(),
      endsAt: status === 'lobby' ? null : new Date(Date.now() + 600_000).toISOString(),
    });
    const { router } = renderApp(`/sessions/${session.uuid}/${from}`, {
      api: sessionApi(() => session),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/${to}`),
    );
  });
});

describe('joining', () => {
  it('joins the session, then offers to join a team with its token or to create one', async () => {
    let session = outsider({ teamsCount: 1 });
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/join`, {
      api: {
        ...sessionApi(() => session),
        [`POST /api/sessions/${session.uuid}/join`]: () => {
          session = {
            ...session,
            gaming_session_user: { joinedAt: session.serverTime, gaming_session_team: null },
          };
          return Response.json({ session });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday exercise' })).toBeTruthy();
    expect(screen.getByText('Night shift · Web security')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join this session' }));
    expect(await screen.findByRole('link', { name: 'Join a team with its token' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a team' }).getAttribute('href')).toBe(
      `/sessions/${session.uuid}/join/teams/create`,
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === `/api/sessions/${session.uuid}/join` && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('does not offer to create a team when the session has its maximum of teams', async () => {
    const session = outsider({
      teamsCount: 4,
      maxTeams: 4,
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    renderApp(`/sessions/${session.uuid}/join`, { api: sessionApi(() => session) });
    expect(await screen.findByText('Maximum number of teams reached.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create a team' })).toBeNull();
  });

  it('checks a token before sending it, then says why the server refused it', async () => {
    const session = outsider({
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/join/teams`, {
      api: {
        ...sessionApi(() => session),
        [`POST /api/sessions/${session.uuid}/teams/join`]: () => apiError(409, 'team.full'),
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Team token' });
    fireEvent.change(field, { target: { value: 'not a token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText(/This is not a team token/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/teams/join'))).toBe(false);

    fireEvent.change(field, { target: { value: 'Zq3xT0kEn-Example_Token12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('Maximum number of players reached in this team.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
  });
});

describe('creating a team', () => {
  it('sends the name and logo as a form, then shows the token to share and goes on to the transition', async () => {
    let session = outsider({
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    const created = {
      ...buildTeam({ name: 'Red Foxes', members: [] }),
      token: 'Zq3xT0kEn-Example_Token12',
      eliminationReason: null,
    };
    let sent: FormData | null = null;
    const { router } = renderApp(`/sessions/${session.uuid}/join/teams/create`, {
      api: {
        ...sessionApi(() => session),
        [`POST /api/sessions/${session.uuid}/teams`]: (init) => {
          sent = init.body as FormData;
          session = buildPlayerSession({
            ...session,
            gaming_session_user: { joinedAt: session.serverTime, gaming_session_team: created },
          });
          return Response.json({ team: created }, { status: 201 });
        },
      },
    });
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    fireEvent.click(screen.getByRole('button', { name: 'Create the team' }));
    expect(await screen.findByText('Give your team a name of 1 to 40 characters.')).toBeTruthy();

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fox.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Logo (optional)'), { target: { files: [logo] } });
    fireEvent.change(name, { target: { value: '  Red Foxes ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the team' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Red Foxes is ready' }),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Team token' }) as HTMLInputElement).value).toBe(
      'Zq3xT0kEn-Example_Token12',
    );
    expect(sent!.get('name')).toBe('Red Foxes');
    expect((sent!.get('logo') as File).name).toBe('fox.png');
    fireEvent.click(screen.getByRole('link', { name: 'Continue to the lobby' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/videoTransitionCreation|lobby$/),
    );
  });

  it('refuses a blank or invisible team name in the browser, on the name field', async () => {
    const session = outsider({
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    let posts = 0;
    renderApp(`/sessions/${session.uuid}/join/teams/create`, {
      api: {
        ...sessionApi(() => session),
        [`POST /api/sessions/${session.uuid}/teams`]: () => {
          posts += 1;
          return apiError(422, 'request.invalid');
        },
      },
    });
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    for (const typed of ['   ', 'Red\u200bFoxes']) {
      fireEvent.change(name, { target: { value: typed } });
      (document.activeElement as HTMLElement | null)?.blur();
      fireEvent.click(screen.getByRole('button', { name: 'Create the team' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Give your team a name of 1 to 40 characters.',
      );
      await waitFor(() => expect(document.activeElement).toBe(name));
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
        'Give your team a name of 1 to 40 characters.',
      );
    }
    expect(posts).toBe(0);
  });

  it('refuses an SVG logo in the browser, before sending anything', async () => {
    const session = outsider({
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    renderApp(`/sessions/${session.uuid}/join/teams/create`, { api: sessionApi(() => session) });
    await screen.findByRole('textbox', { name: 'Team name' });
    const svg = new File(['<svg onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByLabelText('Logo (optional)'), { target: { files: [svg] } });
    expect(await screen.findByText('The logo must be a PNG, JPEG or WebP image.')).toBeTruthy();
  });

  it('forgets the server’s refusal of a logo once another file is picked', async () => {
    const session = outsider({
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    renderApp(`/sessions/${session.uuid}/join/teams/create`, {
      api: {
        ...sessionApi(() => session),
        [`POST /api/sessions/${session.uuid}/teams`]: () =>
          Response.json(
            { error: { code: 'team.logo_invalid', message: 'Not an image' } },
            { status: 400 },
          ),
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Team name' }), {
      target: { value: 'Red Foxes' },
    });
    const input = screen.getByLabelText('Logo (optional)');
    // Named and typed as a PNG, but the server reads the bytes.
    const fake = new File(['not a png'], 'fox.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the team' }));
    expect(await screen.findByText('The logo must be a PNG, JPEG or WebP image.')).toBeTruthy();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fox2.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() =>
      expect(screen.queryByText('The logo must be a PNG, JPEG or WebP image.')).toBeNull(),
    );
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText(
        'A PNG, JPEG or WebP image of 1 MB at most. It is shown small, as a square.',
      ),
    ).toBeTruthy();
  });
});

describe('the lobby', () => {
  it('shows the team token, the players joined and awaited, and team names as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const session = buildPlayerSession();
    session.teams = [...session.teams, buildTeam({ name: hostile, members: [] })];
    renderApp(`/sessions/${session.uuid}/lobby`, { api: sessionApi(() => session) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday exercise' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Team token' }) as HTMLInputElement).value).toBe(
      'Zq3xT0kEn-Example_Token12',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Teams 3/4' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: hostile })).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getAllByText('Awaiting a player…').length).toBe(2 + 2 + 3);
    expect(screen.getByRole('heading', { name: 'The trainer starts the game' })).toBeTruthy();
  });

  it('lets the owner of a session they created start it', async () => {
    const session = buildPlayerSession({ isOwner: true, ownerKind: 'player' });
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/lobby`, {
      api: {
        ...sessionApi(() => session),
        [`POST /api/sessions/${session.uuid}/start`]: () => Response.json({ session }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the game' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === `/api/sessions/${session.uuid}/start` && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });
  it('moves to the start screen when the start arrives while a read of the lobby is under way', async () => {
    // The read a teammate's arrival asks for leaves before the trainer's start and is answered
    // after its event: it must not put the lobby back.
    let session = buildPlayerSession();
    const before = session;
    let answerStaleRead: () => void = () => {};
    let reads = 0;
    const streams = fakeEventStreams();
    const path = `/api/sessions/${session.uuid}/events`;
    const { router } = renderApp(`/sessions/${session.uuid}/lobby`, {
      streams: streams.create,
      api: {
        [`GET /api/sessions/${session.uuid}`]: () => {
          reads += 1;
          if (reads !== 2) return Response.json({ session });
          return new Promise<Response>((resolve) => {
            answerStaleRead = () => resolve(Response.json({ session: before }));
          });
        },
      },
    });
    await screen.findByRole('heading', { name: 'The trainer starts the game' });
    await waitFor(() =>
      expect(streams.opened.some((stream) => stream.path === path && !stream.closed)).toBe(true),
    );
    streams.emit(path, {
      type: 'team.member_joined',
      payload: { teamUuid: session.gaming_session_user!.gaming_session_team!.uuid, pseudo: 'Bob' },
    });
    await waitFor(() => expect(reads).toBe(2));
    const serverNow = Date.now();
    session = {
      ...session,
      status: 'countdown',
      startsAt: new Date(serverNow + 10_000).toISOString(),
      endsAt: new Date(serverNow + 10_000 + 30 * 60_000).toISOString(),
    };
    streams.emit(path, {
      type: 'session.status_changed',
      payload: {
        sessionUuid: session.uuid,
        status: 'countdown',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        remainingMs: 30 * 60_000,
        serverTime: new Date(serverNow).toISOString(),
      },
    });
    await act(async () => answerStaleRead());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/startScreen`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Game will start in' }),
    ).toBeTruthy();
    // And it stays there: the read of the lobby's time was not taken.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/startScreen`);
  });
});

describe('the start screen', () => {
  it('counts down on the server’s time, even with a browser clock an hour ahead', async () => {
    // The server says it is an hour earlier than this browser thinks: only the offset matters.
    const serverNow = Date.now() - 3_600_000;
    const session = buildPlayerSession({
      status: 'countdown',
      serverTime: new Date(serverNow).toISOString(),
      startsAt: new Date(serverNow + 8_000).toISOString(),
      endsAt: new Date(serverNow + 8_000 + 30 * 60_000).toISOString(),
    });
    renderApp(`/sessions/${session.uuid}/startScreen`, { api: sessionApi(() => session) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Game will start in' }),
    ).toBeTruthy();
    const count = Number(screen.getByRole('timer').textContent);
    expect(count).toBeGreaterThanOrEqual(7);
    expect(count).toBeLessThanOrEqual(8);
  });

  it('says "players missing" while a start waits for teams to fill', async () => {
    const session = buildPlayerSession({
      startPhase: 'waiting_for_players',
      startWaitEndsAt: new Date(Date.now() + 95_000).toISOString(),
      minPlayersPerTeam: 2,
    });
    renderApp(`/fr/sessions/${session.uuid}/startScreen`, { api: sessionApi(() => session) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Joueurs manquants' }),
    ).toBeTruthy();
    expect(screen.getByText(/dans 01:3[45]\./)).toBeTruthy();
    expect(screen.getAllByText('Encore 1 joueur pour commencer').length).toBe(2);
  });

  it('says "game canceled" once the wait is over', async () => {
    const session = buildPlayerSession({ status: 'canceled' });
    renderApp(`/sessions/${session.uuid}/startScreen`, { api: sessionApi(() => session) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Game canceled' })).toBeTruthy();
  });
});

describe('a game stopped before it began', () => {
  const countdown = () => {
    const serverNow = Date.now();
    return buildPlayerSession({
      status: 'countdown',
      serverTime: new Date(serverNow).toISOString(),
      startsAt: new Date(serverNow + 8_000).toISOString(),
      endsAt: new Date(serverNow + 8_000 + 30 * 60_000).toISOString(),
    });
  };

  it.each([
    ['English', '', 'Game canceled', 'The game was canceled before it began.'],
    ['French', '/fr', 'Partie annulée', 'La partie a été annulée avant de commencer.'],
  ])(
    'says "game canceled" in %s on the start screen, with no end transition or survey',
    async (_language, prefix, heading, hint) => {
      let session = countdown();
      const streams = fakeEventStreams();
      const { router } = renderApp(`${prefix}/sessions/${session.uuid}/startScreen`, {
        streams: streams.create,
        api: sessionApi(() => session),
      });
      await screen.findByRole('timer');
      // The trainer stops it during the countdown.
      session = { ...session, status: 'canceled', startsAt: null, endsAt: null, remainingMs: 0 };
      streams.emit(`/api/sessions/${session.uuid}/events`, {
        type: 'session.status_changed',
        payload: {
          sessionUuid: session.uuid,
          status: 'canceled',
          startPhase: 'idle',
          startWaitEndsAt: null,
          startsAt: null,
          endsAt: null,
          remainingMs: 0,
          serverTime: new Date().toISOString(),
        },
      });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.getByText(hint, { exact: false })).toBeTruthy();
      expect(router.state.location.pathname).toBe(`${prefix}/sessions/${session.uuid}/startScreen`);
      // Its end transition, survey and stats lead back there.
      for (const screenPath of ['statsTransition', 'survey', 'stats']) {
        await act(() => router.navigate(`${prefix}/sessions/${session.uuid}/${screenPath}`));
        await waitFor(() =>
          expect(router.state.location.pathname).toBe(
            `${prefix}/sessions/${session.uuid}/startScreen`,
          ),
        );
      }
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    },
  );
});

describe('the game screen', () => {
  it('shows the time left, and a frozen clock with the pause notice while paused', async () => {
    const session = buildPlayerSession({
      status: 'paused',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      remainingMs: 12 * 60_000 + 5_000,
    });
    renderApp(`/sessions/${session.uuid}/game`, { api: sessionApi(() => session) });
    expect(await screen.findByText(/Game paused/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('12:05');
  });
});

describe('the index', () => {
  it('leads to the session the player is in', async () => {
    const session = buildPlayerSession({ status: 'running' });
    renderApp('/', {
      api: {
        'GET /api/me/sessions': () =>
          Response.json({
            locale: 'en',
            sessions: [
              {
                ...session,
                missionUuid: session.mission.uuid,
                missionTitle: session.mission.title,
                chapter_uuid: session.mission.chapter_uuid,
                playersCount: 4,
              },
            ],
          }),
      },
    });
    const join = await screen.findByRole('link', { name: 'Join my session' });
    expect(join.getAttribute('href')).toBe(`/sessions/${session.uuid}/game`);
  });

  it('opens the session of a pasted join link, and says when a link leads nowhere', async () => {
    const { router } = renderApp('/', {
      api: { 'GET /api/me/sessions': () => Response.json({ locale: 'en', sessions: [] }) },
    });
    const field = await screen.findByRole('textbox', { name: 'Join link or session code' });
    fireEvent.change(field, { target: { value: 'https://example.org/nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the session' }));
    expect(await screen.findByText(/does not lead to a session/)).toBeTruthy();
    const uuid = '0b6f2f3e-8d4c-4b8e-9d1a-3c5e7f9a1b2c';
    fireEvent.change(field, {
      target: { value: `https://rampart.example/fr/sessions/${uuid}/join` },
    });
    fireEvent.click(
      within(field.closest('form')!).getByRole('button', { name: 'Open the session' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sessions/${uuid}/join`));
  });
});
