import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { buildSession, contentApi, emptyHome } from '../../content/testing/content-api';

describe('current sessions screen', () => {
  it('says there is no session yet and leads back home', async () => {
    renderApp('/currentsSessions', { api: contentApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Current sessions' })).toBeTruthy();
    expect(await screen.findByText('You are not in any session right now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it('lists the ongoing sessions of home, each leading to its screen', async () => {
    const lobby = buildSession({
      name: 'Tuesday drill',
      status: 'lobby',
      startsAt: null,
      rank: null,
    });
    const paused = buildSession({ name: 'Red team night', status: 'paused' });
    renderApp('/fr/currentsSessions', {
      api: contentApi({ home: { en: { ...emptyHome, ongoingSessions: [lobby, paused] } } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sessions en cours' });
    const first = (await screen.findByText('Tuesday drill', { selector: 'h2' })).closest(
      'article',
    )!;
    expect(first.textContent).toContain("En salle d'attente");
    expect(
      within(first)
        .getByRole('link', { name: 'Reprendre la session Tuesday drill' })
        .getAttribute('href'),
    ).toBe(`/fr/sessions/${lobby.uuid}/lobby`);
    const second = screen.getByText('Red team night', { selector: 'h2' }).closest('article')!;
    expect(second.textContent).toContain('En pause');
    expect(second.textContent).toContain('2/8 objectifs résolus');
    // The team's rank once play began; none in the lobby.
    expect(second.textContent).toContain('Votre équipe : rang 2 sur 3 équipes');
    expect(first.textContent).not.toContain('rang');
  });
});
