import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { lastEventIdStore } from '../../../lib/event-stream/last-event-ids';
import { renderApp, testPlayer, testTrainer } from '../../../test/render-app';

const CHAPTER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70';

const chapterAssignedFrame = `id: 3\nevent: chapter.assigned\ndata: ${JSON.stringify({
  v: 1,
  sequence: 3,
  audience: 'user:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  createdAt: '2025-01-01T00:00:03.000Z',
  type: 'chapter.assigned',
  payload: { chapterUuid: CHAPTER, title: { en: 'Web basics', fr: 'Les bases du web' } },
})}\n\n`;

/** An answer the test gives when it chooses: the handler, and the function that answers. */
const held = () => {
  let answer!: (response: Response) => void;
  const handler = () =>
    new Promise<Response>((resolve) => {
      answer = resolve;
    });
  return { handler, answer: (response: Response) => answer(response) };
};

const notFound = () =>
  Response.json({ error: { code: 'request.not_found', message: '' } }, { status: 404 });

const streamRequests = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/me/events');

afterEach(() => {
  sonnerToast.dismiss();
});

describe('the player’s own event stream in the layouts', () => {
  it('is open on player screens and turns a chapter assignment into a toast', async () => {
    let answered = 0;
    const { fetchMock } = renderApp('/en/home', {
      api: {
        // One stream with one event; afterwards the stream is gone (404 stops the client).
        'GET /api/me/events': () =>
          answered++ === 0
            ? new Response(chapterAssignedFrame, {
                headers: { 'Content-Type': 'text/event-stream' },
              })
            : Response.json({ error: { code: 'request.not_found', message: '' } }, { status: 404 }),
      },
    });

    expect(await screen.findByText('New chapter assigned: Web basics')).toBeTruthy();
    const [url, init] = streamRequests(fetchMock)[0]!;
    expect(url).toBe('/api/me/events');
    expect(new Headers(init!.headers).get('Accept')).toBe('text/event-stream');
  });

  it('opens, and the toasts’ region appears, once the screen has its first answers', async () => {
    const home = held();
    const { fetchMock } = renderApp('/en/home', {
      api: { 'GET /api/home': home.handler, 'GET /api/me/events': notFound },
    });
    // The frame is drawn, the screen waits for its content.
    expect(await screen.findByRole('banner')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streamRequests(fetchMock)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: /notifications/i })).toBeNull();

    home.answer(notFound());
    await waitFor(() => expect(streamRequests(fetchMock)).toHaveLength(1));
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeTruthy();
  });

  it('opens from where the identity read found it, so what came in between is replayed', async () => {
    // A fresh page: no stream of this page has stopped anywhere yet.
    lastEventIdStore.clear();
    const { fetchMock } = renderApp('/en/home', {
      api: {
        'GET /api/auth/user': () => Response.json({ user: testPlayer, streamPosition: 41 }),
        'GET /api/me/events': notFound,
      },
    });
    await waitFor(() => expect(streamRequests(fetchMock)).toHaveLength(1));
    const [, init] = streamRequests(fetchMock)[0]!;
    expect(new Headers(init!.headers).get('Last-Event-ID')).toBe('41');
  });

  it('does not open while the player logs out, even once the screen is drawn then', async () => {
    const home = held();
    const logout = held();
    const { fetchMock } = renderApp('/en/home', {
      api: {
        'GET /api/home': home.handler,
        'POST /api/auth/logout': logout.handler,
        'GET /api/me/events': notFound,
      },
    });
    // The player logs out from the account menu while the home's content is on its way.
    fireEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/logout')).toBe(true),
    );
    // The screen's answer comes, and with it the moment the frame's pieces load.
    home.answer(notFound());
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streamRequests(fetchMock)).toHaveLength(0);
    logout.answer(new Response(null, { status: 204 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streamRequests(fetchMock)).toHaveLength(0);
  });

  it('is not open on trainer screens', async () => {
    const { fetchMock } = renderApp('/trainer', { trainer: testTrainer });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('banner')).toBeTruthy());
    expect(streamRequests(fetchMock)).toHaveLength(0);
  });
});
