import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { buildSessionItem, trainerApi } from '../testing/trainer-api';

describe('the trainer dashboard', () => {
  it('groups the sessions by status, the lobby split into scheduled and open', async () => {
    const sessions = [
      buildSessionItem({ name: 'Live one', status: 'running' }),
      buildSessionItem({ name: 'On hold', status: 'paused', remainingMs: 600_000 }),
      buildSessionItem({ name: 'Planned', scheduledStartAt: '2030-01-01T09:00:00.000Z' }),
      buildSessionItem({ name: 'Open door' }),
      buildSessionItem({ name: 'Called off', status: 'canceled' }),
    ];
    renderApp('/trainer', { api: trainerApi({ sessions }) });
    const running = (await screen.findByRole('heading', { name: /^Running/ })).closest('section')!;
    expect(within(running).getByRole('link', { name: 'Live one' }).getAttribute('href')).toBe(
      `/trainer/sessions/${sessions[0]!.uuid}`,
    );
    const paused = screen.getByRole('heading', { name: /^Paused/ }).closest('section')!;
    expect(paused.textContent).toContain('On hold');
    expect(paused.textContent).toContain('10:00 left (frozen)');
    const scheduled = screen.getByRole('heading', { name: /scheduled/ }).closest('section')!;
    expect(scheduled.textContent).toContain('Planned');
    expect(scheduled.textContent).not.toContain('Open door');
    expect(screen.getByRole('heading', { name: /open/ }).closest('section')!.textContent).toContain(
      'Open door',
    );
    expect(screen.getByText('1 ended session')).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: /^Canceled/, hidden: true }).closest('section')!
        .textContent,
    ).toContain('Called off');
  });

  it('offers the console’s navigation with the support inbox', async () => {
    renderApp('/fr/trainer', { api: trainerApi() });
    const nav = await screen.findByRole('navigation', { name: 'Console formateur' });
    expect(within(nav).getByRole('link', { name: 'Boîte de support' }).getAttribute('href')).toBe(
      '/fr/trainer#support',
    );
    expect(within(nav).getByRole('link', { name: 'Joueurs' }).getAttribute('href')).toBe(
      '/fr/trainer/players',
    );
    expect(await screen.findByText(/Aucune session pour l’instant/)).toBeTruthy();
  });
});
