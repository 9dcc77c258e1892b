import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('profile session detail', () => {
  it('says there is nothing to show yet and leads back to the history', async () => {
    renderApp('/fr/profile/sessions/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Détail de la session' }),
    ).toBeTruthy();
    expect(screen.getByText("Rien à afficher pour l'instant.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à votre profil' }).getAttribute('href')).toBe(
      '/fr/profile#history',
    );
  });
});
