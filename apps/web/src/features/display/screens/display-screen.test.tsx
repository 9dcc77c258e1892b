import type { DisplaySnapshot } from '@rampart/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const teamUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000d001';
const objectiveUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000d002';

const snapshot = (overrides: Partial<DisplaySnapshot['session']> = {}): DisplaySnapshot => ({
  session: {
    uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000d000',
    name: 'Friday drill',
    missionTitle: { en: 'Night shift', fr: 'Nuit blanche' },
    status: 'paused',
    startsAt: '2026-03-02T10:00:00.000Z',
    endsAt: null,
    remainingMs: 600_000,
    serverTime: '2026-03-02T10:05:00.000Z',
    over: false,
    ...overrides,
  },
  teams: [
    {
      uuid: teamUuid,
      name: 'Red Foxes',
      hasLogo: true,
      score: 120,
      rank: 1,
      eliminated: false,
      awards: [{ kind: 'first_blood', count: 1 }],
    },
  ],
  solves: [
    {
      teamUuid,
      teamName: 'Red Foxes',
      objectiveUuid,
      objectiveTitle: { en: 'The first probe', fr: 'Le premier coup de sonde' },
      points: 120,
      firstBlood: true,
      speedrun: false,
      at: '2026-03-02T10:03:00.000Z',
    },
  ],
  eliminations: [],
  speedrun: null,
  streamPosition: 40,
});

/** The display's API: its snapshot, and a stream that stays open and silent. */
const displayApi = (answer: () => Response) => ({
  [`GET /api/display/${token}`]: answer,
  [`GET /api/display/${token}/events`]: () => new Promise<Response>(() => undefined),
});

describe('the projector view', () => {
  it('shows the board from the link alone: no cookie sent, no identity asked', async () => {
    const { fetchMock } = renderApp(`/en/display/${token}`, {
      player: null,
      trainer: null,
      api: displayApi(() => Response.json(snapshot())),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday drill' })).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByText('10:00')).toBeTruthy();
    // In the ranking and in the latest solves.
    expect(screen.getAllByText('Red Foxes')).toHaveLength(2);
    expect(screen.getByText('The first probe')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe(
      `/api/display/${token}/teams/${teamUuid}/logo`,
    );
    const calls = fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init }));
    const displayCalls = calls.filter((call) => call.url.startsWith('/api/display/'));
    expect(displayCalls.length).toBeGreaterThan(0);
    for (const call of displayCalls) expect(call.init?.credentials).toBe('omit');
    // Its stream opens where the board was read: nothing between the two is lost.
    await waitFor(() => {
      const stream = fetchMock.mock.calls.find(
        ([url]) => String(url) === `/api/display/${token}/events`,
      );
      expect(stream?.[1]?.headers).toEqual({ 'Last-Event-ID': '40' });
    });
    expect(calls.some((call) => call.url.includes('/auth/user'))).toBe(false);
  });

  it('speaks French behind ?lang=fr', async () => {
    renderApp(`/display/${token}?lang=fr`, {
      player: null,
      trainer: null,
      api: displayApi(() => Response.json(snapshot())),
    });
    expect(await screen.findByText('En pause')).toBeTruthy();
    expect(screen.getByText('Le premier coup de sonde')).toBeTruthy();
  });

  it('says plainly that a revoked link no longer works', async () => {
    renderApp(`/en/display/${token}`, {
      player: null,
      trainer: null,
      api: displayApi(() =>
        Response.json(
          { error: { code: 'display.link_revoked', message: 'revoked' } },
          { status: 403 },
        ),
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This display link was revoked.' }),
    ).toBeTruthy();
  });
});
