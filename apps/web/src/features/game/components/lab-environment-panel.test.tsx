import type { TeamEnvironment } from '@rampart/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';

const lab: NonNullable<TeamEnvironment['lab']> = {
  machines: [
    { name: 'workstation', ports: [] },
    { name: 'web', ports: [80] },
  ],
  consoleMachine: 'workstation',
  vpn: false,
  ttlSeconds: 1800,
  maxTtlSeconds: 3600,
};

const environment = (phase: 'Provisioning' | 'Ready' | 'Failed') => ({
  uuid: '0190a1b2-c3d4-7e5f-8c9b-0000000000e1',
  phase,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
  renewCount: 0,
  maxRenewals: 2,
  expiresAtLatest: new Date(Date.now() + 3_600_000).toISOString(),
});

const answer = (body: Partial<TeamEnvironment>): TeamEnvironment => ({
  lab,
  environment: null,
  serverTime: new Date().toISOString(),
  ...body,
});

const refusal = (code: string, status: number) => () =>
  Response.json({ error: { code, message: 'server words, never shown' } }, { status });

/** The game screen on the given tab, the team's environment answered by `get` (and `post`). */
const openTab = async (
  tab: 'Console' | 'VPN',
  get: () => Response,
  post?: () => Response,
  locale: '' | '/fr' = '',
) => {
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const path = `/api/sessions/${session.uuid}/environment`;
  renderApp(`${locale}/sessions/${session.uuid}/game`, {
    api: {
      ...gameApi(() => session),
      [`GET ${path}`]: get,
      ...(post ? { [`POST ${path}`]: post } : {}),
    },
  });
  // The French catalogue is in once the tabs read in French.
  await screen.findByRole('tab', { name: locale === '/fr' ? 'Classement' : 'Ranking' });
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
};

beforeEach(() => stubViewport(1024));

describe('the Console and VPN tabs', () => {
  it.each([1440, 390])('appear only for a mission with a lab (%i px wide)', async (width) => {
    stubViewport(width);
    let withLab = false;
    const session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    const { queryClient } = renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`GET /api/sessions/${session.uuid}/environment`]: () =>
          Response.json(answer(withLab ? {} : { lab: null })),
      },
    });
    const names = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
    await screen.findByRole('tab', { name: 'Ranking' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(names()).not.toContain('Console');
    expect(names()).not.toContain('VPN');

    withLab = true;
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('tab', { name: 'Console' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'VPN' })).toBeTruthy();
  });

  it('read the environment again when opened, not what the game screen read before', async () => {
    // The game screen read "not started" when it opened; the session's start then gave the team
    // its lab, and that event never reached this browser (it came before the stream did).
    let started = false;
    const session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    const { queryClient } = renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`GET /api/sessions/${session.uuid}/environment`]: () =>
          Response.json(answer(started ? { environment: environment('Provisioning') } : {})),
      },
    });
    await screen.findByRole('tab', { name: 'Console' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    started = true;
    fireEvent.click(screen.getByRole('tab', { name: 'Console' }));
    expect(await screen.findByText('The lab machines are starting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the lab' })).toBeNull();
  });

  it('offer to start the team’s lab, and say when no environment is available', async () => {
    await openTab('Console', () => Response.json(answer({})), refusal('lab.no_capacity', 503));
    fireEvent.click(await screen.findByRole('button', { name: 'Start the lab' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No environment available, try again later',
    );
  });

  it('say “Game connection error” in French when the provider fails', async () => {
    await openTab(
      'Console',
      () => Response.json(answer({})),
      refusal('lab.connection_error', 502),
      '/fr',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer le lab' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Erreur de connexion au jeu : contactez l’administrateur',
    );
  });

  it('show the machines starting with a progress bar', async () => {
    await openTab('Console', () =>
      Response.json(answer({ environment: environment('Provisioning') })),
    );
    expect(await screen.findByText('The lab machines are starting')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'The lab machines are starting' })).toBeTruthy();
  });

  it('show a failed environment with the spec’s connection error', async () => {
    await openTab('Console', () => Response.json(answer({ environment: environment('Failed') })));
    expect(
      await screen.findByText('Game connection error: contact the administrator'),
    ).toBeTruthy();
  });

  it('tell on the VPN tab whether the lab has a VPN', async () => {
    await openTab('VPN', () => Response.json(answer({ environment: environment('Ready') })));
    expect(
      await screen.findByText(/reached through the Console tab only: it has no VPN/),
    ).toBeTruthy();
  });

  it('follow the team’s environment live: ready when the stream says so', async () => {
    const session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    const streams = fakeEventStreams();
    let phase: 'Provisioning' | 'Ready' = 'Provisioning';
    renderApp(`/sessions/${session.uuid}/game`, {
      streams: streams.create,
      api: {
        ...gameApi(() => session),
        [`GET /api/sessions/${session.uuid}/environment`]: () =>
          Response.json(answer({ environment: environment(phase) })),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'VPN' }));
    expect(await screen.findByText('The lab machines are starting')).toBeTruthy();
    phase = 'Ready';
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'lab.environment_changed',
      payload: {
        teamUuid: '0190a1b2-c3d4-7e5f-8c9b-0000000000a1',
        environmentUuid: environment('Ready').uuid,
        phase: 'Ready',
        expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
      },
    });
    expect(
      await screen.findByText(/reached through the Console tab only: it has no VPN/),
    ).toBeTruthy();
  });
});
