import type { ChatMessage } from '@rampart/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { buildMessage, buildThread, selfAuthor } from '../../chat/testing/chat-api';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  FLAG_OBJECTIVE,
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';

const setUp = (locale: '' | '/fr' = '') => {
  stubViewport(1440);
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const posted: Record<string, unknown>[] = [];
  renderApp(`${locale}/sessions/${session.uuid}/game`, {
    streams: fakeEventStreams().create,
    api: {
      ...gameApi(() => session),
      [`GET /api/session/${session.uuid}/chat/threads`]: () =>
        Response.json({ threads: [buildThread('support')] }),
      [`POST /api/session/${session.uuid}/chat/messages`]: (init) => {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        posted.push(body);
        const message: ChatMessage = buildMessage({
          threadUuid: body.threadId!,
          author: selfAuthor,
          text: body.text!,
          clientId: body.clientId!,
          created_at: new Date().toISOString(),
          ...(body.objectiveUuid ? { objectiveUuid: body.objectiveUuid } : {}),
        });
        return Response.json({ message }, { status: 201 });
      },
      [`POST /api/session/${session.uuid}/chat/set-threads-as-read`]: () =>
        new Response(null, { status: 204 }),
    },
  });
  return { posted };
};

describe('asking for help from an objective’s window', () => {
  it('sends the team’s question with the objective it is about', async () => {
    const { posted } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: /^Who knocked\?/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat support' });
    expect(within(dialog).getByText(/what you write now is about “Who knocked\?”/)).toBeTruthy();
    fireEvent.change(await within(dialog).findByRole('textbox'), {
      target: { value: 'We are stuck' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('We are stuck')).toBeTruthy();
    expect(posted).toEqual([
      expect.objectContaining({ text: 'We are stuck', objectiveUuid: FLAG_OBJECTIVE }),
    ]);
  });

  it('sends a question from the game’s own support button about no objective', async () => {
    const { posted } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: /^Support/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat support' });
    fireEvent.change(await within(dialog).findByRole('textbox'), {
      target: { value: 'General question' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('General question')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]).not.toHaveProperty('objectiveUuid');
  });

  it('says it in French', async () => {
    setUp('/fr');
    fireEvent.click(await screen.findByRole('button', { name: /^Who knocked\?/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Demander de l’aide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat support' });
    expect(within(dialog).getByText(/porte sur « Who knocked\? »/)).toBeTruthy();
  });
});
