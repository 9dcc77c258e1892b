import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { trainerApi } from '../testing/trainer-api';

const sessionUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000d001';

describe('the support inbox across sessions', () => {
  it('leads to each session whose teams wait, and the navigation counts them with the players', async () => {
    renderApp('/trainer', {
      api: {
        ...trainerApi({ supportSessions: [{ sessionUuid, name: 'Friday drill', unread: 2 }] }),
        'GET /api/trainer/support/threads': () =>
          Response.json({
            threads: [
              {
                uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000c0b1',
                channel: 'support',
                sessionUuid: null,
                team: null,
                player: { pseudo: 'Bob', avatarId: null },
                canPost: true,
                unread: 1,
                messages: [],
              },
            ],
          }),
      },
    });
    const waiting = await screen.findByRole('navigation', { name: 'Teams waiting in sessions' });
    const link = within(waiting).getByRole('link', { name: 'Friday drill' });
    expect(link.getAttribute('href')).toBe(`/trainer/sessions/${sessionUuid}`);
    expect(within(waiting).getByText('2 unread team messages')).toBeTruthy();
    expect(
      within(await screen.findByRole('button', { name: /Bob/ })).getByText('1 unread message'),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Trainer console' });
    expect(await within(nav).findAllByText('3 unread support messages')).toHaveLength(2);
  });
});
