import { avatars, type AuthUser } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer, type ApiRoutes } from '../../../test/render-app';

const newcomer: AuthUser = { ...testPlayer, avatarId: null };

/** The avatar API: the catalogue, and a PUT that answers the player with the chosen avatar. */
const avatarApi = (overrides: ApiRoutes = {}): ApiRoutes => ({
  'GET /api/avatars': () => Response.json({ avatars }),
  'PUT /api/profile/avatar': (init) => {
    const { avatarId } = JSON.parse(String(init.body)) as { avatarId: AuthUser['avatarId'] };
    return Response.json({ user: { ...newcomer, avatarId } });
  },
  ...overrides,
});

const putBodies = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/profile/avatar' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('onboarding avatar screen', () => {
  it('shows every avatar of the catalogue with its name and bonus', async () => {
    renderApp('/onboarding/avatar', { player: newcomer, api: avatarApi() });
    const group = await screen.findByRole('radiogroup', { name: 'Avatars' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(avatars.length);
    const sentinel = within(group).getByRole('radio', { name: /^Sentinel/ });
    // Named by all the card shows, its bonus included.
    expect(within(group).getByRole('radio', { name: /^Sentinel.*speedruns$/ })).toBe(sentinel);
    expect(within(sentinel).getByText('+5% extra time on speedruns')).toBeTruthy();
    expect(within(group).getByRole('radio', { name: /^Bastion/ }).textContent).toContain(
      '-10% on wrong-answer penalties',
    );
  });

  it('is chosen with the arrow keys, then confirmed, then goes to the redirect', async () => {
    const { fetchMock, router, queryClient } = renderApp(
      '/onboarding/avatar?redirect=%2Fchapters%2Fc0ffee',
      { player: newcomer, api: avatarApi() },
    );
    const group = await screen.findByRole('radiogroup', { name: 'Avatars' });
    const radios = within(group).getAllByRole('radio');
    const confirm = screen.getByRole('button', { name: 'Confirm and continue' });
    expect(confirm).toHaveProperty('disabled', true);
    // Nothing checked yet: Tab enters the group on its first avatar.
    expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);

    radios[0]!.focus();
    fireEvent.keyDown(radios[0]!, { key: 'ArrowRight' });
    expect(radios[1]!.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(radios[1]);
    fireEvent.keyDown(radios[1]!, { key: 'ArrowLeft' });
    fireEvent.keyDown(radios[0]!, { key: 'ArrowUp' });
    // Wrapped around to the last one.
    expect(document.activeElement).toBe(radios.at(-1));
    expect(radios.at(-1)!.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(radios.at(-1)!, { key: 'Home' });
    fireEvent.keyDown(radios[0]!, { key: 'ArrowDown' });
    fireEvent.keyDown(radios[1]!, { key: 'ArrowDown' });
    expect(radios[2]!.getAttribute('aria-checked')).toBe('true');
    expect(radios.filter((radio) => radio.getAttribute('aria-checked') === 'true')).toHaveLength(1);
    expect(radios.map((radio) => radio.tabIndex)).toEqual([-1, -1, 0, -1, -1, -1, -1, -1]);
    // The stage shows the pick.
    expect(screen.getByRole('figure', { name: 'Your pick' }).textContent).toContain('Phantom');

    fireEvent.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/chapters/c0ffee'));
    expect(putBodies(fetchMock)).toEqual([{ avatarId: 'phantom' }]);
    expect(queryClient.getQueryData<AuthUser>(['auth', 'player'])?.avatarId).toBe('phantom');
  });

  it('goes home when the redirect would leave the app', async () => {
    const { router } = renderApp('/fr/onboarding/avatar?redirect=%2F%2Fevil.example', {
      player: newcomer,
      api: avatarApi(),
    });
    const confirm = await screen.findByRole('button', { name: 'Valider et continuer' });
    fireEvent.click(await screen.findByRole('radio', { name: /^Cipher/ }));
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/home'));
  });

  it('preselects the avatar a returning player already has', async () => {
    renderApp('/onboarding/avatar', {
      player: { ...testPlayer, avatarId: 'oracle' },
      api: avatarApi(),
    });
    const oracle = await screen.findByRole('radio', { name: /Oracle/ });
    expect(oracle.getAttribute('aria-checked')).toBe('true');
    expect(oracle.tabIndex).toBe(0);
  });

  it('says when the catalogue cannot be loaded and loads it again on demand', async () => {
    let failures = 1;
    renderApp('/onboarding/avatar', {
      player: newcomer,
      api: avatarApi({
        'GET /api/avatars': () =>
          failures-- > 0
            ? Response.json(
                { error: { code: 'server.internal', message: 'boom' } },
                { status: 500 },
              )
            : Response.json({ avatars }),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The avatars could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Avatars' })).toBeTruthy();
  });

  it('keeps the choice and says why when saving fails', async () => {
    const { router } = renderApp('/onboarding/avatar', {
      player: newcomer,
      api: avatarApi({
        'PUT /api/profile/avatar': () =>
          Response.json({ error: { code: 'server.internal', message: 'boom' } }, { status: 500 }),
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: /^Spark/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error has occurred');
    expect(router.state.location.pathname).toBe('/onboarding/avatar');
    expect(screen.getByRole('radio', { name: /^Spark/ }).getAttribute('aria-checked')).toBe('true');
  });
});
