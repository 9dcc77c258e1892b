import type { AuthUser } from '@rampart/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { testPlayer, testTrainer } from '../../test/render-app';
import { createAppAuth } from './app-auth';

const setup = (answers: Record<string, () => Response> = {}) => {
  const fetchMock = vi.fn(async (url: string) => {
    const answer = answers[url];
    if (!answer) throw new Error(`unexpected ${url}`);
    return answer();
  });
  const http = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
  const queryClient = new QueryClient();
  const auth = createAppAuth({
    queryClient,
    http,
    navigator: {
      location: () => ({ path: '/login', search: '', href: '/login' }),
      navigate: vi.fn(),
      assign: vi.fn(),
    },
  });
  return { auth, queryClient, fetchMock };
};

describe('the app’s auth clients', () => {
  it('keep each user under its query key, validated against the contracts', async () => {
    const { auth, queryClient } = setup({
      '/api/auth/user': () => Response.json({ user: testPlayer }),
      '/api/trainer/auth/user': () => Response.json({ user: testTrainer }),
    });
    await auth.player.resolveIdentity();
    await auth.trainer.resolveIdentity();
    expect(queryClient.getQueryData(['auth', 'player'])).toEqual(testPlayer);
    expect(queryClient.getQueryData(['auth', 'trainer'])).toEqual(testTrainer);
  });

  it('refuse a user that breaks its contract', async () => {
    const { auth } = setup({
      '/api/auth/user': () => Response.json({ user: { ...testPlayer, role: 'admin' } }),
    });
    await expect(auth.player.fetchIdentity()).rejects.toMatchObject({
      code: 'client.unexpected_response',
    });
  });

  it('let any screen read the user with its key alone', async () => {
    const { queryClient } = setup({ '/api/auth/user': () => Response.json({ user: testPlayer }) });
    const observer = new QueryObserver<AuthUser | null>(queryClient, {
      queryKey: ['auth', 'player'],
    });
    const result = await observer.refetch();
    expect(result.data).toEqual(testPlayer);
  });

  it('drop what the previous account loaded when another one logs in', async () => {
    let answer: AuthUser = testPlayer;
    const { auth, queryClient } = setup({
      '/api/auth/user': () => Response.json({ user: answer }),
    });
    await auth.player.refreshIdentity();
    queryClient.setQueryData(['profile'], { of: 'alice' });
    queryClient.setQueryData(['app-info'], { 'app-name': 'Rampart' });
    await auth.player.reset();
    await auth.player.refreshIdentity(); // alice again: her data may stay
    expect(queryClient.getQueryData(['profile'])).toEqual({ of: 'alice' });

    answer = { ...testPlayer, uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99', username: 'bob' };
    await auth.player.reset();
    await auth.player.refreshIdentity();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(queryClient.getQueryData(['app-info'])).toEqual({ 'app-name': 'Rampart' });
    expect(queryClient.getQueryData(['auth', 'player'])).toMatchObject({ username: 'bob' });
  });
});
