import type { ChatThread } from '@rampart/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import { buildTrainerSession, trainerApi } from '../../trainer-sessions/testing/trainer-api';

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

  it('lists only the teams that wrote, not every team that opened its chat', async () => {
    const quiet = {
      ...supportThread(0, []),
      uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000c0a2',
      team: { uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000e0ff', name: 'Quiet Crows' },
    };
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [threadsPath]: () =>
          Response.json({ threads: [supportThread(1, ['The VPN drops']), quiet] }),
        [`POST /api/trainer/sessions/${session.uuid}/chat/set-threads-as-read`]: () =>
          new Response(null, { status: 204 }),
      },
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByTestId('cockpit-support');
    expect(await within(panel).findByRole('button', { name: /Blue Owls/ })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Quiet Crows/ })).toBeNull();
  });

  it('says no team asked anything while the teams’ threads are all empty', async () => {
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [threadsPath]: () => Response.json({ threads: [supportThread(0, [])] }),
      },
      streams: fakeEventStreams().create,
    });
    const panel = await screen.findByTestId('cockpit-support');
    expect(
      await within(panel).findByText(
        'No team has asked the trainers anything in this session yet.',
      ),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Blue Owls/ })).toBeNull();
  });
});

const adminThread = (): ChatThread => ({
  ...supportThread(0, []),
  uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000c0ad',
  channel: 'admin',
  team: null,
});

describe('the Admin channel in the cockpit', () => {
  const renderCockpit = (status: 'running' | 'stopped', locale: '' | '/fr' = '') => {
    const current = buildTrainerSession({ status });
    renderApp(`${locale}/trainer/sessions/${current.uuid}`, {
      api: {
        ...trainerApi({ session: current }),
        [threadsPath]: () => Response.json({ threads: [adminThread()] }),
      },
      streams: fakeEventStreams().create,
    });
  };

  it('lets a trainer broadcast while the session runs', async () => {
    renderCockpit('running');
    expect(await screen.findByRole('textbox', { name: 'Message to Admin channel' })).toBeTruthy();
  });

  it('closes once the session is stopped, and says why', async () => {
    renderCockpit('stopped');
    expect(
      await screen.findByText('The session is over: nothing more can be broadcast.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message to Admin channel' })).toBeNull();
  });

  it('says so in French', async () => {
    renderCockpit('stopped', '/fr');
    expect(
      await screen.findByText('La session est terminée : plus rien ne peut être diffusé.'),
    ).toBeTruthy();
  });
});

describe('the cockpit’s summary', () => {
  it.each([
    ['', '1/1 team · up to 1 player each'],
    ['/fr', '1/1 équipe · jusqu’à 1 joueur chacune'],
  ])('says one team of one player in the singular (%s)', async (locale, text) => {
    const single = buildTrainerSession({ maxTeams: 1, teamsCount: 1, playersPerTeam: 1 });
    renderApp(`${locale}/trainer/sessions/${single.uuid}`, {
      api: trainerApi({ session: single }),
      streams: fakeEventStreams().create,
    });
    const summary = await screen.findByTestId('cockpit-summary');
    expect(await within(summary).findByText(text)).toBeTruthy();
  });

  it('says several in the plural', async () => {
    renderApp(path, { api: trainerApi({ session }), streams: fakeEventStreams().create });
    const summary = await screen.findByTestId('cockpit-summary');
    expect(await within(summary).findByText('1/10 teams · up to 4 players each')).toBeTruthy();
  });
});
