import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { buildMessage, buildThread, trainerAuthor } from '../../chat/testing/chat-api';
import {
  buildChapterSummary,
  buildSession,
  contentApi,
  emptyHome,
  requestedLocales,
} from '../../content/testing/content-api';

const webChapter = buildChapterSummary({
  title: 'Web foundations',
  assignedAt: '2025-03-04T09:00:00.000Z',
  missionCount: 3,
  completedMissions: 1,
  totalPoints: 1250,
  difficulty: { min: 1, max: 4 },
  categories: ['web', 'forensics'],
});
const openChapter = buildChapterSummary({
  title: 'Open range',
  visibility: 'open',
  assigned: false,
  assignedAt: null,
});

/** The section titled `name` (role queries are slow on a page this size: found by its title). */
const region = async (name: string) =>
  (await screen.findByText(name, { selector: 'h2' })).closest('section')!;

describe('home screen', () => {
  it('greets the player and says, in each section, that there is nothing yet', async () => {
    renderApp('/home', { api: contentApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.getByText('Welcome back, Alice')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your avatar: Sentinel' })).toBeTruthy();

    const empty = {
      'Assigned to you': 'No chapter is assigned to you yet.',
      'All chapters': 'No chapter is open to you yet.',
      'Ongoing missions': 'No mission in progress.',
      'Ongoing sessions': 'You are not in any session right now.',
      'Joinable sessions': 'No session is open to join.',
    };
    for (const [name, text] of Object.entries(empty)) {
      expect(await within(await region(name)).findByText(text)).toBeTruthy();
    }
    // Each section is a landmark named by its title.
    expect(
      screen
        .getAllByRole('region')
        .map((section) => section.getAttribute('aria-labelledby'))
        .filter((id) => id?.startsWith('home-')),
    ).toEqual([
      'home-assigned-title',
      'home-ongoing-missions-title',
      'home-ongoing-sessions-title',
      'home-joinable-sessions-title',
      'home-chapters-title',
    ]);
  });

  it('draws no part of home before it has loaded, so none is pushed down when the others come', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp('/home', {
      api: {
        ...contentApi(),
        'GET /api/home': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('Ongoing missions', { selector: 'h2' })).toBeNull();
    expect(screen.queryByText('Assigned to you', { selector: 'h2' })).toBeNull();

    answer(Response.json({ locale: 'en', ...emptyHome }));
    expect(
      await within(await region('Ongoing missions')).findByText('No mission in progress.'),
    ).toBeTruthy();
    expect(screen.queryAllByText('Loading…')).toHaveLength(0);
  });

  it('opens the support chat with the trainers, their unanswered replies counted', async () => {
    const thread = buildThread('support', {
      unread: 1,
      messages: [
        buildMessage({
          threadUuid: buildThread('support').uuid,
          author: trainerAuthor,
          text: 'Hello Alice, how can I help?',
        }),
      ],
    });
    const read: unknown[] = [];
    renderApp('/home', {
      api: {
        ...contentApi(),
        'GET /api/support/threads': () => Response.json({ threads: [thread] }),
        'POST /api/support/set-threads-as-read': (init) => {
          read.push(JSON.parse(String(init.body)));
          return new Response(null, { status: 204 });
        },
      },
    });
    // Found by text: role queries are slow on a page this size.
    const entry = (await screen.findByText('Write to the trainers')).closest('button')!;
    await waitFor(() => expect(entry.textContent).toContain('1 unread message'));
    fireEvent.click(entry);
    const dialog = (await screen.findByText('Hello Alice, how can I help?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(within(dialog).getByText('Hello Alice, how can I help?')).toBeTruthy();
    expect(within(dialog).getByLabelText('Message to the trainers')).toBeTruthy();
    // Seen: marked read on the server (every device) and here at once.
    await waitFor(() => expect(read).toEqual([{ threadIds: [thread.uuid] }]));
    await waitFor(() => expect(entry.textContent).not.toContain('unread'));
  });

  it('shows assigned chapters as cards with their figures and progress', async () => {
    renderApp('/home', {
      api: contentApi({
        home: {
          en: { ...emptyHome, assignedChapters: [webChapter], chapters: [webChapter, openChapter] },
        },
      }),
    });
    const assigned = await region('Assigned to you');
    const card = (await within(assigned).findByRole('link', { name: 'Web foundations' })).closest(
      'article',
    )!;
    expect(
      within(assigned).getByRole('link', { name: 'Web foundations' }).getAttribute('href'),
    ).toBe(`/chapters/${webChapter.chapter_uuid}`);
    const text = card.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Read access logs like an analyst.');
    expect(card.querySelector('strong')?.textContent).toBe('access logs');
    expect(text).toContain('Assigned on Mar 4, 2025');
    expect(text).toContain('3 missions');
    expect(text).toContain('1,250 points');
    expect(text).toContain('Introduction to Hard');
    expect(text).toContain('1/3 missions completed');
    expect(
      within(within(card).getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Web', 'Forensics']);

    const all = await region('All chapters');
    expect(all.id).toBe('chapters');
    const rows = within(all).getAllByRole('heading', { level: 3 });
    expect(rows.map((row) => row.textContent)).toEqual(['Web foundations', 'Open range']);
    expect(within(all).getAllByText('Assigned')).toHaveLength(1);
  });

  it('lists ongoing and joinable sessions with the way into each', async () => {
    const ongoing = buildSession({ name: 'Tuesday drill', status: 'running' });
    const joinable = buildSession({ name: 'Friday range', status: 'lobby' });
    renderApp('/home', {
      api: contentApi({
        home: { en: { ...emptyHome, ongoingSessions: [ongoing], joinableSessions: [joinable] } },
      }),
    });
    const sessions = await region('Ongoing sessions');
    const resume = await within(sessions).findByRole('link', {
      name: 'Resume the session Tuesday drill',
    });
    expect(resume.getAttribute('href')).toBe(`/sessions/${ongoing.uuid}/game`);
    expect(within(sessions).getByText('2/8 objectives solved')).toBeTruthy();
    expect(within(sessions).getByText('Your team: rank 2 of 3 teams')).toBeTruthy();
    expect(
      within(sessions).getByRole('link', { name: 'All current sessions' }).getAttribute('href'),
    ).toBe('/currentsSessions');

    const join = within(await region('Joinable sessions')).getByRole('link', {
      name: 'Join the session Friday range',
    });
    expect(join.getAttribute('href')).toBe(`/sessions/${joinable.uuid}/join`);
  });

  it('follows a trainer’s change of an ongoing session without a reload', async () => {
    let ongoing = buildSession({ name: 'Tuesday drill', status: 'running' });
    const streams = fakeEventStreams();
    renderApp('/home', {
      streams: streams.create,
      api: {
        ...contentApi(),
        'GET /api/home': () =>
          Response.json({ locale: 'en', ...emptyHome, ongoingSessions: [ongoing] }),
      },
    });
    const sessions = await region('Ongoing sessions');
    await within(sessions).findByRole('link', { name: 'Resume the session Tuesday drill' });
    await waitFor(() =>
      expect(streams.opened.some((stream) => stream.path === '/api/me/events')).toBe(true),
    );
    ongoing = { ...ongoing, name: 'Tuesday drill, extended' };
    streams.emit(
      '/api/me/events',
      { type: 'session.changed', payload: { sessionUuid: ongoing.uuid, removed: false } },
      `user:${testPlayer.uuid}`,
    );
    expect(
      await within(sessions).findByRole('link', {
        name: 'Resume the session Tuesday drill, extended',
      }),
    ).toBeTruthy();
  });

  it('says when home cannot be loaded and loads it again on demand', async () => {
    let failing = true;
    const api = contentApi();
    renderApp('/home', {
      api: {
        'GET /api/home': (init, url) =>
          failing
            ? Response.json({ error: { code: 'server.internal', message: 'x' } }, { status: 500 })
            : api['GET /api/home']!(init, url),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your home could not be loaded.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(await region('Assigned to you')).findByText(
        'No chapter is assigned to you yet.',
      ),
    ).toBeTruthy();
  });

  it('asks for the content in the new language when the language changes', async () => {
    const french = {
      ...webChapter,
      title: 'Les fondamentaux du web',
      summary: 'Lire des journaux.',
      excerpt: [{ text: 'Lire des journaux.', marks: [] }],
    };
    const { fetchMock } = renderApp('/en/home', {
      api: contentApi({
        home: {
          en: { ...emptyHome, assignedChapters: [webChapter], chapters: [webChapter] },
          fr: { ...emptyHome, assignedChapters: [french], chapters: [french] },
        },
      }),
    });
    const assigned = await region('Assigned to you');
    expect(await within(assigned).findByRole('link', { name: 'Web foundations' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Français' }));

    const assignedFr = await region('Vos chapitres assignés');
    expect(
      await within(assignedFr).findByRole('link', { name: 'Les fondamentaux du web' }),
    ).toBeTruthy();
    expect(within(assignedFr).getByText('1/3 missions réussies')).toBeTruthy();
    expect(requestedLocales(fetchMock, '/api/home')).toEqual(['en', 'fr']);
  });
});
