import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonnerToast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import AppToaster from '../../../app/app-toaster';
import { createQueryClient } from '../../../app/query-client';
import { i18n } from '../../../lib/i18n/i18n';
import {
  EventStreamContext,
  type CreateEventStream,
  type EventStreamSettings,
} from '../../../lib/event-stream/event-stream-context';
import { buildEnvelope } from '../../../lib/event-stream/testing/sse-test-server';
import PlayerNotifications from './player-notifications';

const PLAYER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const CHAPTER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70';
const SESSION = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a80';

/** The player's stream on /en/home, over a fake stream the test speaks through. */
const renderNotifications = (path = '/en/home') => {
  const streams: { path: string; settings: EventStreamSettings }[] = [];
  const createStream: CreateEventStream = (streamPath, settings) => {
    streams.push({ path: streamPath, settings });
    return { state: 'open', lastEventId: null, close: () => undefined };
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(['content', 'home', 'en'], { chapters: [] });
  queryClient.setQueryData(['auth', 'player'], null);
  const router = createMemoryRouter(
    [
      { path: '/en/home', element: <PlayerNotifications playerUuid={PLAYER} /> },
      { path: '/fr/home', element: <PlayerNotifications playerUuid={PLAYER} /> },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <EventStreamContext.Provider value={createStream}>
        <RouterProvider router={router} />
        <AppToaster />
      </EventStreamContext.Provider>
    </QueryClientProvider>,
  );
  const emit = (...args: Parameters<EventStreamSettings['onEvent']>) =>
    act(() => streams[0]!.settings.onEvent(...args));
  const isInvalidated = (key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { streams, emit, router, isInvalidated };
};

const chapterAssigned = buildEnvelope(3, {
  type: 'chapter.assigned',
  payload: { chapterUuid: CHAPTER, title: { en: 'Web basics', fr: 'Les bases du web' } },
});

// A dismissed toast leaves after sonner's exit animation: wait until it has, while the test
// environment still has a window, not after the file's teardown.
afterEach(async () => {
  sonnerToast.dismiss();
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
});

describe('player notifications', () => {
  it('listens to the player’s own stream, as that player', () => {
    const { streams } = renderNotifications();
    expect(streams.map((stream) => stream.path)).toEqual(['/api/me/events']);
  });

  it('toasts a new chapter, refreshes the content and opens the chapter from the toast', async () => {
    const { emit, router, isInvalidated } = renderNotifications();
    emit(chapterAssigned);

    expect(await screen.findByText('New chapter assigned: Web basics')).toBeTruthy();
    expect(isInvalidated(['content', 'home', 'en'])).toBe(true);
    expect(isInvalidated(['auth', 'player'])).toBe(false);

    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(router.state.location.pathname).toBe(`/en/chapters/${CHAPTER}`);
  });

  it('names the chapter in the language of the interface', async () => {
    await i18n.changeLanguage('fr');
    const { emit, router } = renderNotifications('/fr/home');
    emit(chapterAssigned);

    expect(await screen.findByText('Nouveau chapitre assigné : Les bases du web')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Ouvrir' }).click());
    expect(router.state.location.pathname).toBe(`/fr/chapters/${CHAPTER}`);
  });

  it('refreshes the content without a toast when a chapter is withdrawn', async () => {
    const { emit, isInvalidated } = renderNotifications();
    emit(buildEnvelope(4, { type: 'chapter.unassigned', payload: { chapterUuid: CHAPTER } }));
    expect(isInvalidated(['content', 'home', 'en'])).toBe(true);
    expect(sonnerToast.getToasts()).toHaveLength(0);
  });

  it('offers to join a session the player is invited to', async () => {
    const { emit, router } = renderNotifications();
    emit(
      buildEnvelope(5, {
        type: 'session.invited',
        payload: { sessionUuid: SESSION, sessionName: 'Friday range', invitedBy: 'Trainer' },
      }),
    );
    expect(await screen.findByText('Trainer invited you to the session Friday range')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Join' }).click());
    expect(router.state.location.pathname).toBe(`/en/sessions/${SESSION}/join`);
  });

  it('announces a joinable session and a support reply', async () => {
    const { emit } = renderNotifications();
    emit(
      buildEnvelope(6, {
        type: 'session.joinable',
        payload: { sessionUuid: SESSION, sessionName: 'Friday range' },
      }),
    );
    emit(
      buildEnvelope(7, {
        type: 'support.replied',
        payload: {
          threadUuid: SESSION,
          messageUuid: CHAPTER,
          authorPseudo: 'Trainer',
          excerpt: 'Try the robots.txt file.',
        },
      }),
    );
    expect(
      await screen.findByText('The session Friday range is open: you can join it'),
    ).toBeTruthy();
    expect(await screen.findByText('Trainer replied to your support request')).toBeTruthy();
    expect(screen.getByText('Try the robots.txt file.')).toBeTruthy();
  });

  it('refetches the content when the stream had to start over', () => {
    const { streams, isInvalidated } = renderNotifications();
    act(() =>
      streams[0]!.settings.onReset?.({
        v: 1,
        type: 'stream.reset',
        sequence: 0,
        reason: 'last_event_id_ahead',
      }),
    );
    expect(isInvalidated(['content', 'home', 'en'])).toBe(true);
  });
});
