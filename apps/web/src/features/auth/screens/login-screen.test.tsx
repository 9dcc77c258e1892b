import type { AuthUser } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testPlayer, testTrainer, type ApiRoutes } from '../../../test/render-app';
import { trainerApi } from '../../trainer-sessions/testing/trainer-api';

const apiError = (code: string, status: number, headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message: `server says ${code}` } }, { status, headers });

/**
 * An API where logging in works for `password` "Rampart#2025" (or answers `refuse` when given):
 * after a good login the user endpoint answers `user`.
 */
const loginApi = ({
  user = testPlayer,
  prefix = '/api/auth',
  refuse,
}: { user?: AuthUser; prefix?: string; refuse?: () => Response | Promise<Response> } = {}) => {
  let loggedIn: AuthUser | null = null;
  const api: ApiRoutes = {
    [`GET ${prefix}/user`]: () =>
      loggedIn ? Response.json({ user: loggedIn }) : apiError('auth.unauthenticated', 401),
    [`POST ${prefix}/login`]: (init) => {
      if (refuse) return refuse();
      const { password } = JSON.parse(init.body as string) as { password: string };
      if (password !== 'Rampart#2025') return apiError('auth.invalid_credentials', 401);
      loggedIn = user;
      return Response.json({ user });
    },
    'POST /api/auth/magic-login': () => {
      loggedIn = user;
      return Response.json({ user });
    },
  };
  return api;
};

const fillAndSubmit = (username: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
};

const requestsTo = (fetchMock: ReturnType<typeof renderApp>['fetchMock'], path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path);

describe('login screen', () => {
  it('asks for a username and a password, labelled, autocompleted, the first field focused', async () => {
    renderApp('/login');
    const username = await screen.findByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('type')).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(username));
    // Keyboard order is the reading order: nothing jumps the queue.
    expect(document.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
  });

  it('shows and hides the password with a toggle button', async () => {
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(password.id);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('says which field is empty, on the field, and sends nothing', async () => {
    const { fetchMock } = renderApp('/login', { api: loginApi() });
    await screen.findByLabelText('Username');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter your password.',
    );
    expect(requestsTo(fetchMock, '/api/auth/login')).toHaveLength(0);
  });

  it('logs in with the CSRF token, then plays the transition', async () => {
    const { fetchMock, router, queryClient } = renderApp('/login', { api: loginApi() });
    await screen.findByLabelText('Username');
    fillAndSubmit('alice', 'Rampart#2025');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/videoTransitionConnexion');
    const [, init] = requestsTo(fetchMock, '/api/auth/login')[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({
      username: 'alice',
      password: 'Rampart#2025',
      locale: 'en',
    });
    expect(new Headers(init!.headers).get('X-XSRF-TOKEN')).toBe('test-csrf');
    expect(queryClient.getQueryData(['auth', 'player'])).toEqual(testPlayer);
  });

  it('goes back to the page the visitor asked for, in their language', async () => {
    const { router } = renderApp('/fr/home?tab=2', { player: null, api: loginApi() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(router.state.location.search).toBe('?redirect=%2Ffr%2Fhome%3Ftab%3D2');
    fireEvent.change(await screen.findByLabelText('Identifiant'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'Rampart#2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/home');
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('never follows a redirect to another site', async () => {
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fhome', { api: loginApi() });
    await screen.findByLabelText('Username');
    fillAndSubmit('alice', 'Rampart#2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/videoTransitionConnexion'));
  });

  it('says "Attempt failed." and why, as an alert, and stays', async () => {
    const { router } = renderApp('/login', { api: loginApi() });
    await screen.findByLabelText('Username');
    fillAndSubmit('alice', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Attempt failed.')).toBeTruthy();
    expect(within(alert).getByText('The username or password is incorrect.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('says how long to wait when attempts are limited', async () => {
    renderApp('/login', {
      api: loginApi({
        refuse: () => apiError('auth.too_many_attempts', 429, { 'Retry-After': '900' }),
      }),
    });
    await screen.findByLabelText('Username');
    fillAndSubmit('alice', 'Rampart#2025');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Attempt failed.Too many attempts. Try again in 15 minutes.');
  });

  it('shows the attempt under way and sends it once', async () => {
    const { fetchMock } = renderApp('/login', {
      api: loginApi({ refuse: () => new Promise<Response>(() => undefined) }),
    });
    await screen.findByLabelText('Username');
    fillAndSubmit('alice', 'Rampart#2025');
    const pending = await screen.findByRole('button', { name: 'Logging in…' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(pending);
    await waitFor(() => expect(requestsTo(fetchMock, '/api/auth/login')).toHaveLength(1));
  });

  it('speaks French', async () => {
    renderApp('/fr/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.getByLabelText('Identifiant')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  it('tells a player logged out for inactivity why', async () => {
    renderApp('/login?reason=inactivity&redirect=%2Fhome');
    expect((await screen.findByRole('status')).textContent).toBe(
      'You were logged out after 30 minutes of inactivity.',
    );
  });
});

describe('login with a magic link', () => {
  it('posts the token once and goes in', async () => {
    const { fetchMock, router } = renderApp('/login?magic=tok-123', { api: loginApi() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/videoTransitionConnexion'));
    const posts = requestsTo(fetchMock, '/api/auth/magic-login');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]![1]!.body as string)).toEqual({ token: 'tok-123', locale: 'en' });
  });

  it.each([
    ['auth.magic_link_disabled', 403, 'Login links are not allowed on this platform.'],
    ['auth.magic_link_invalid', 404, 'This login link is invalid or has already been used.'],
    [
      'auth.magic_link_expired',
      410,
      'This login link has expired. Ask your trainer for a new one.',
    ],
  ])('explains a refused link (%s) and drops the spent token', async (code, status, text) => {
    const { router } = renderApp('/login?magic=tok-123&redirect=%2Fprofile', {
      api: { 'POST /api/auth/magic-login': () => apiError(code, status) },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Attempt failed.')).toBeTruthy();
    expect(within(alert).getByText(text)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fprofile'));
  });
});

describe('trainer login screen', () => {
  it('logs a trainer in to the trainer interface', async () => {
    const { router, fetchMock } = renderApp('/trainer/login', {
      api: loginApi({ user: testTrainer, prefix: '/api/trainer/auth' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer log in' })).toBeTruthy();
    fillAndSubmit('trainer', 'Rampart#2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/trainer'));
    expect(requestsTo(fetchMock, '/api/trainer/auth/login')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/auth/login')).toHaveLength(0);
  });

  it.each([
    ['/trainer/login', 'en', 'Trainer console'],
    ['/fr/trainer/login', 'fr', 'Console formateur'],
  ])(
    'from %s, says the page’s language, so a French account opens its console in it',
    async (path, locale, console) => {
      const api = loginApi({ user: { ...testTrainer, locale: 'fr' }, prefix: '/api/trainer/auth' });
      const login = api['POST /api/trainer/auth/login']!;
      // The server's answer: the account never chose a language, so it follows the page's.
      api['POST /api/trainer/auth/login'] = (init, url) => {
        const body = JSON.parse(init.body as string) as { locale?: string };
        document.cookie = `locale=${body.locale ?? 'fr'}; Path=/`;
        return login(init, url);
      };
      const { router } = renderApp(path, { api: { ...trainerApi(), ...api } });
      await screen.findByRole('button', { name: locale === 'en' ? 'Log in' : 'Se connecter' });
      const [username, password] = screen
        .getAllByRole('textbox')
        .concat(...document.querySelectorAll<HTMLElement>('input[type=password]'));
      fireEvent.change(username!, { target: { value: 'trainer' } });
      fireEvent.change(password!, { target: { value: 'Rampart#2025' } });
      fireEvent.click(
        screen.getByRole('button', { name: locale === 'en' ? 'Log in' : 'Se connecter' }),
      );
      await waitFor(() => expect(router.state.location.pathname).toMatch(/\/trainer$/));
      expect(await screen.findByRole('navigation', { name: console })).toBeTruthy();
    },
  );

  it('speaks French', async () => {
    renderApp('/fr/trainer/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connexion formateur' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Joueur ? Connectez-vous pour jouer' })).toBeTruthy();
  });
});
