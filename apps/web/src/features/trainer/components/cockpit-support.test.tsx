import type { ChatThread } from '@rampart/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../realtime/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import { buildTrainerSession, trainerApi } from '../testing/trainer-api';

const session = buildTrainerSession();
const team = session.teams[0]!;
const path = `/trainer/sessions/${session.uuid}`;
const threadsPath = `GET /api/trainer/sessions/${session.uuid}/chat/threads`;

const supportThread = (unread: number, texts: string[]): ChatThread => ({
  uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000c0a1',
  channel: 'support',
  sessionUuid: session.uuid,
  team: { uuid: team.uuid, name: team.name },
  player: null,
  canPost: true,
  unread,
  messages: texts.map((text, index) => ({
    uuid: `0190a1b2-c3d4-7e5f-8a9b-00000000c1${String(index).padStart(2, '0')}`,
    threadUuid: '0190a1b2-c3d4-7e5f-8a9b-00000000c0a1',
    clientId: null,
    author: {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      pseudo: 'Alice',
      role: 'player',
      avatarId: null,
    },
    text,
    created_at: session.serverTime,
  })),
});

describe('the teams’ support in the cockpit', () => {
  it('counts each team’s unread questions and reads again when the stream brings one', async () => {
    const streams = fakeEventStreams();
    let threads = [supportThread(1, ['The VPN drops'])];
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [threadsPath]: () => Response.json({ threads }),
        [`POST /api/trainer/sessions/${session.uuid}/chat/set-threads-as-read`]: () =>
          new Response(null, { status: 204 }),
      },
      streams: streams.create,
    });
    const panel = await screen.findByTestId('cockpit-support');
    expect(await within(panel).findByText('1 unread support message')).toBeTruthy();
    threads = [supportThread(2, ['The VPN drops', 'Still down'])];
    const [message] = threads[0]!.messages.slice(-1);
    streams.emit(
      `/api/trainer/sessions/${session.uuid}/events`,
      {
        type: 'chat.message_posted',
        payload: { channel: 'support', message: message! },
      },
      'trainers',
    );
    expect(await within(panel).findByText('2 unread support messages')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: /Blue Owls/ }));
    expect(
      await within(panel).findByRole('heading', { name: 'Conversation with Blue Owls' }),
    ).toBeTruthy();
    // In the list's excerpt and in the conversation.
    expect(within(panel).getAllByText('Still down')).toHaveLength(2);
  });

  it('says when no team has asked anything', async () => {
    renderApp(path, { api: trainerApi({ session }), streams: fakeEventStreams().create });
    const panel = await screen.findByTestId('cockpit-support');
    expect(
      await within(panel).findByText(
        'No team has asked the trainers anything in this session yet.',
      ),
    ).toBeTruthy();
  });
});
