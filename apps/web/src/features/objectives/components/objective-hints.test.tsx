import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  briefingAlreadySeen,
  buildObjectivesBody,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../../game/testing/game-api';

const hint = (position: number, unlocked: boolean) => ({
  uuid: `00000000-0000-4000-8000-00000000000${position}`,
  position,
  cost: 10,
  unlocked,
  text: unlocked ? 'Read the robots file' : null,
  unlockedBy: unlocked ? 'alice' : null,
  unlockedAt: unlocked ? new Date().toISOString() : null,
  charged: unlocked ? 10 : null,
  free: false,
  files: unlocked
    ? [
        {
          uuid: '00000000-0000-4000-8000-0000000000f1',
          name: 'robots-map.txt',
          size: 2048,
          contentType: 'text/plain; charset=utf-8',
          url: '/api/sessions/s/hints/h/files/f',
        },
      ]
    : [],
});

const setUp = (locale: '' | '/fr') => {
  stubViewport(1440);
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const body = buildObjectivesBody();
  body.objectives[0] = { ...body.objectives[0]!, hints: [hint(1, true), hint(2, false)] };
  renderApp(`${locale}/sessions/${session.uuid}/game`, {
    streams: fakeEventStreams().create,
    api: gameApi(
      () => session,
      () => body,
    ),
  });
};

describe('a hint’s files in the objective window', () => {
  it.each([
    ['', 'Files of this hint'],
    ['/fr', 'Fichiers de cet indice'],
  ] as const)('lists an unlocked hint’s files with their links (%s)', async (locale, label) => {
    setUp(locale);
    fireEvent.click(await screen.findByRole('button', { name: /^Who knocked\?/ }));
    const list = await screen.findByRole('list', { name: label });
    const link = within(list).getByRole('link', { name: 'robots-map.txt' });
    expect(link.getAttribute('href')).toBe('/api/sessions/s/hints/h/files/f');
    expect(screen.getAllByRole('list', { name: label })).toHaveLength(1);
  });
});
