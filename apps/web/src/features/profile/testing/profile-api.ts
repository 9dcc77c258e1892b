import { avatars, type AuthUser, type ProfileSession } from '@rampart/contracts';
import { testPlayer, type ApiRoutes } from '../../../test/render-app';

export const buildProfileSession = (overrides: Partial<ProfileSession> = {}): ProfileSession => ({
  id: 'session-current',
  device: { name: null, browser: 'Firefox', os: 'Linux' },
  ip: '203.0.113.7',
  kind: 'cookie',
  createdAt: '2025-03-01T09:00:00.000Z',
  lastActivityAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  current: true,
  ...overrides,
});

export const apiError = (
  status: number,
  code: string,
  issues?: { path: string; message: string }[],
) => Response.json({ error: { code, message: code, ...(issues ? { issues } : {}) } }, { status });

/** The profile's API for `player`: every read answers, every write succeeds unless overridden. */
export const profileApi = (
  {
    player = testPlayer,
    sessions = [buildProfileSession()],
  }: { player?: AuthUser; sessions?: ProfileSession[] } = {},
  overrides: ApiRoutes = {},
): ApiRoutes => ({
  'GET /api/profile': () => Response.json({ user: player, createdAt: '2025-01-15T10:00:00.000Z' }),
  'GET /api/profile/history': () => Response.json({ teams: [], history: [] }),
  'GET /api/profile/sessions': () => Response.json({ sessions }),
  'GET /api/avatars': () => Response.json({ avatars }),
  'PUT /api/profile/password': () => new Response(null, { status: 204 }),
  'PUT /api/profile/pseudo': (init) =>
    Response.json({ user: { ...player, ...(JSON.parse(String(init.body)) as object) } }),
  'PUT /api/profile/locale': (init) =>
    Response.json({ user: { ...player, ...(JSON.parse(String(init.body)) as object) } }),
  'PUT /api/profile/avatar': (init) =>
    Response.json({ user: { ...player, ...(JSON.parse(String(init.body)) as object) } }),
  'POST /api/profile/sessions/logout-others': () => new Response(null, { status: 204 }),
  'POST /api/profile/sessions/logout-all': () => new Response(null, { status: 204 }),
  ...overrides,
});

/** The bodies sent to `METHOD path`, parsed. */
export const sentBodies = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  method: string,
  path: string,
) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));
