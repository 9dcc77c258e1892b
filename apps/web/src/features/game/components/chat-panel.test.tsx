import type { ChatMessage, ChatThread } from '@rampart/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { buildMessage, buildThread, selfAuthor, trainerAuthor } from '../../chat/testing/chat-api';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';

const setUp = (threads: ChatThread[]) => {
  stubViewport(1440);
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const posted: unknown[] = [];
  const read: unknown[] = [];
  const streams = fakeEventStreams();
  const view = renderApp(`/sessions/${session.uuid}/game`, {
    streams: streams.create,
    api: {
      ...gameApi(() => session),
      [`GET /api/session/${session.uuid}/chat/threads`]: () => Response.json({ threads }),
      [`POST /api/session/${session.uuid}/chat/messages`]: (init) => {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        const message: ChatMessage = buildMessage({
          threadUuid: body.threadId,
          author: selfAuthor,
          text: body.text,
          clientId: body.clientId,
          created_at: new Date().toISOString(),
        });
        return Response.json({ message }, { status: 201 });
      },
      [`POST /api/session/${session.uuid}/chat/set-threads-as-read`]: (init) => {
        read.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      },
    },
  });
  return { ...view, session, posted, read, streams };
};

const openChat = async () => {
  const mission = await screen.findByRole('region', { name: 'Mission' });
  fireEvent.click(within(mission).getByRole('tab', { name: /^Chat/ }));
  return within(await screen.findByRole('tablist', { name: 'Chat channels' }));
};

describe('the Chat tab', () => {
  const team = buildThread('team', {
    unread: 2,
    messages: [
      buildMessage({
        threadUuid: buildThread('team').uuid,
        text: '<b>bold?</b> see https://example.org/x',
      }),
      buildMessage({ threadUuid: buildThread('team').uuid, text: 'javascript:alert(1)' }),
    ],
  });
  const threads = [
    buildThread('admin'),
    buildThread('general', { unread: 1 }),
    team,
    buildThread('support'),
  ];

  it('shows Admin, General and Team with their unread counts, Admin first', async () => {
    setUp(threads);
    const mission = await screen.findByRole('region', { name: 'Mission' });
    // The Chat tab carries the global count (General 1 + Team 2).
    expect(
      await within(mission).findByRole('tab', { name: /^Chat\s*3 unread messages$/ }),
    ).toBeTruthy();
    const channels = await openChat();
    expect(channels.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Admin',
      'General11 unread message',
      'Team22 unread messages',
    ]);
    expect(channels.getByRole('tab', { name: 'Admin' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Only the trainers write in this channel.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Message to/ })).toBeNull();
  });

  it('shows HTML as text, makes only http(s) links clickable, and marks the channel read', async () => {
    const { read } = setUp(threads);
    const channels = await openChat();
    fireEvent.click(channels.getByRole('tab', { name: /^Team/ }));
    const list = await screen.findByRole('region', { name: 'Messages: Team' });
    expect(within(list).getByText('<b>bold?</b> see', { exact: false })).toBeTruthy();
    expect(list.querySelector('b')).toBeNull();
    const link = within(list).getByRole('link', { name: 'https://example.org/x' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await waitFor(() => expect(read).toContainEqual({ threadIds: [team.uuid] }));
    await waitFor(() =>
      expect(channels.getAllByRole('tab').map((tab) => tab.textContent)[2]).toBe('Team'),
    );
  });

  it('sends with a client id, shows the message, and hears teammates live', async () => {
    const { posted, streams, session } = setUp(threads);
    const channels = await openChat();
    fireEvent.click(channels.getByRole('tab', { name: /^General/ }));
    const input = await screen.findByRole('textbox', { name: 'Message to General' });
    fireEvent.change(input, { target: { value: '  hello all  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ threadId: buildThread('general').uuid, text: 'hello all' });
    expect((posted[0] as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);
    const list = screen.getByRole('region', { name: 'Messages: General' });
    expect(await within(list).findByText('hello all')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('');

    const live = buildMessage({ threadUuid: buildThread('general').uuid, text: 'hi Alice' });
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'chat.message_posted',
      payload: { channel: 'general', message: live },
    });
    expect(await within(list).findByText('hi Alice')).toBeTruthy();
    // Said by the live region; heard twice (a retry) it is shown once.
    expect(screen.getByText('Bob: hi Alice')).toBeTruthy();
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'chat.message_posted',
      payload: { channel: 'general', message: live },
    });
    await act(async () => undefined);
    expect(within(list).getAllByText('hi Alice')).toHaveLength(1);
  });

  it('counts a message arriving in a channel not shown, and a support answer on Support', async () => {
    const { streams, session } = setUp(threads);
    await openChat();
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'chat.message_posted',
      payload: { channel: 'team', message: buildMessage({ threadUuid: team.uuid, text: 'psst' }) },
    });
    const channels = within(screen.getByRole('tablist', { name: 'Chat channels' }));
    await waitFor(() =>
      expect(channels.getByRole('tab', { name: /^Team/ }).textContent).toBe(
        'Team33 unread messages',
      ),
    );
    // The support thread's count goes to the Support button, not to the Chat tab.
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'chat.message_posted',
      payload: {
        channel: 'support',
        message: buildMessage({
          threadUuid: buildThread('support').uuid,
          author: trainerAuthor,
        }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Support1 unread message' })).toBeTruthy();
  });
});
