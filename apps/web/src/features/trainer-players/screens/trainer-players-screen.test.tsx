import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testAppInfo, type ApiRoutes } from '../../../test/render-app';

const alice = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01',
  username: 'alice',
  pseudo: 'Alice',
  avatarId: null,
  locale: 'en',
  lastActivityAt: '2026-11-20T10:00:00.000Z',
};
const bob = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02',
  username: 'bob',
  pseudo: 'Bobby',
  avatarId: null,
  locale: 'fr',
  lastActivityAt: null,
};
const chapter = {
  chapter_uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a10',
  title: { en: 'Phishing basics', fr: 'Bases du phishing' },
  visibility: 'assigned',
  position: 1,
  missions: [],
  assignees: [{ id: alice.uuid, username: 'alice', pseudo: 'Alice' }],
};

const apiError = (code: string, status: number) =>
  Response.json({ error: { code, message: `server says ${code}` } }, { status });

const playersApi = (extra: ApiRoutes = {}, players = [alice, bob]): ApiRoutes => ({
  'GET /api/trainer/players': () => Response.json({ players }),
  'GET /api/trainer/chapters': () => Response.json({ chapters: [chapter] }),
  ...extra,
});

const link = (username: string) => ({
  kind: 'magic_link',
  url: `http://localhost/login?magic=token-of-${username}`,
  expiresAt: '2026-11-24T12:00:00.000Z',
});

describe('trainer players screen', () => {
  it('lists players with their chapters and activity, and filters them by search', async () => {
    renderApp('/en/trainer/players', { api: playersApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Players' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Player accounts' });
    expect(within(table).getByText('Phishing basics')).toBeTruthy();
    expect(within(table).getByText('Never signed in')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search players'), { target: { value: 'bobb' } });
    expect(within(table).queryByText('alice')).toBeNull();
    expect(within(table).getByText('bob')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search players'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No player matches “zzz”.')).toBeTruthy();
  });

  it('says there is no player yet and offers the import', async () => {
    renderApp('/en/trainer/players', { api: playersApi({}, []) });
    expect(await screen.findByText('No player yet')).toBeTruthy();
  });

  it('checks a CSV first, shows the rejected rows with why, then imports and shows the links', async () => {
    const calls: string[] = [];
    const report = (dryRun: boolean) => ({
      dryRun,
      created: [
        {
          line: 2,
          username: 'carol',
          pseudo: 'Carol',
          locale: 'en',
          uuid: dryRun ? null : '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a03',
          handover: dryRun ? null : link('carol'),
        },
      ],
      rejected: [{ line: 3, raw: 'dave,Dave,de', reasons: ['bad_locale'] }],
    });
    renderApp('/en/trainer/players', {
      api: playersApi({
        'POST /api/trainer/players/import': (_init, url) => {
          calls.push(url);
          return Response.json(report(url.includes('dryRun=true')));
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import players from CSV' });
    const file = new File(['username,pseudo,locale\n'], 'players.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(await within(dialog).findByText('Preview: nothing has been created yet')).toBeTruthy();
    expect(within(dialog).getByText('1 row ready to import')).toBeTruthy();
    expect(within(dialog).getByText('dave,Dave,de')).toBeTruthy();
    expect(within(dialog).getByText('Language must be fr or en')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 player' }));
    expect(await within(dialog).findByText('Import done')).toBeTruthy();
    expect((within(dialog).getByLabelText('Login link for carol') as HTMLInputElement).value).toBe(
      'http://localhost/login?magic=token-of-carol',
    );
    expect(within(dialog).getByRole('button', { name: 'Download the links (CSV)' })).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0]).toContain('dryRun=true');
    expect(calls[1]).not.toContain('dryRun');
  });

  it('says why a CSV is refused whole, in the trainer’s language', async () => {
    renderApp('/fr/trainer/players', {
      api: playersApi({
        'POST /api/trainer/players/import': () => apiError('players.csv_bad_header', 422),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Importer un CSV' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['name\n'], 'players.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('Fichier CSV'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La première ligne du CSV doit être exactement : username,pseudo,locale',
    );
  });

  it('creates a player and shows the link once; a taken username is said so', async () => {
    let attempts = 0;
    renderApp('/en/trainer/players', {
      api: playersApi({
        'POST /api/trainer/players': () => {
          attempts += 1;
          if (attempts === 1) return apiError('account.username_taken', 409);
          return Response.json(
            {
              player: {
                uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a04',
                username: 'erin',
                pseudo: 'Erin',
                locale: 'en',
              },
              handover: link('erin'),
            },
            { status: 201 },
          );
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New player' }));
    const dialog = await screen.findByRole('dialog', { name: 'New player' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'erin' } });
    fireEvent.change(within(dialog).getByLabelText('Pseudo'), { target: { value: 'Erin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the player' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This username is already taken.',
    );
    expect(within(dialog).getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the player' }));
    expect(await within(dialog).findByText('erin has been created.')).toBeTruthy();
    expect(within(dialog).getByText(/Shown only once/)).toBeTruthy();
  });

  it('resets a password only once confirmed, and shows the temporary password', async () => {
    let body: unknown = null;
    renderApp('/en/trainer/players', {
      api: playersApi({
        [`POST /api/trainer/players/${bob.uuid}/password-reset`]: (init) => {
          body = JSON.parse(String(init.body));
          return Response.json({ handover: { kind: 'password', password: 'Temp#Pass1xyz' } });
        },
      }),
    });
    const actions = await screen.findByRole('group', { name: 'Actions for bob' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of bob' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    expect(body).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset and sign out' }));
    const secret = await within(dialog).findByLabelText('Temporary password for bob');
    expect((secret as HTMLInputElement).value).toBe('Temp#Pass1xyz');
    expect(body).toEqual({ method: 'temporary_password' });
  });

  it('assigns a chapter by sending the chapter’s assignees with the player added', async () => {
    let sent: unknown = null;
    renderApp('/en/trainer/players', {
      api: playersApi({
        [`PUT /api/trainer/chapters/${chapter.chapter_uuid}/assignments`]: (init) => {
          sent = JSON.parse(String(init.body));
          return Response.json({ chapter });
        },
      }),
    });
    const actions = await screen.findByRole('group', { name: 'Actions for bob' });
    await waitFor(() =>
      expect(
        (within(actions).getByRole('button', { name: 'Chapters' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(within(actions).getByRole('button', { name: 'Chapters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chapters of bob' });
    fireEvent.click(within(dialog).getByLabelText('Phishing basics'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ playerIds: [alice.uuid, bob.uuid] }));
  });

  describe('with sign-in through the organisation’s provider', () => {
    const withProvider = {
      ...testAppInfo,
      'sign-in-provider': { label: 'School account', trainers: true },
    };
    const issuer = 'https://sso.school.example/realms/school';

    it('links a player by subject, says clearly when the subject is taken, then unlinks', async () => {
      let identity: { issuer: string; subject: string } | null = null;
      const sent: unknown[] = [];
      renderApp('/en/trainer/players', {
        appInfo: withProvider,
        api: playersApi({
          [`GET /api/trainer/players/${bob.uuid}/identity`]: () => Response.json({ identity }),
          [`PUT /api/trainer/players/${bob.uuid}/identity`]: (init) => {
            const body = JSON.parse(String(init.body)) as { subject: string };
            sent.push(body);
            if (body.subject === 'sub-alice') return apiError('auth.identity_taken', 409);
            identity = { issuer, subject: body.subject };
            return new Response(null, { status: 204 });
          },
          [`DELETE /api/trainer/players/${bob.uuid}/identity`]: () => {
            identity = null;
            return new Response(null, { status: 204 });
          },
        }),
      });
      const actions = await screen.findByRole('group', { name: 'Actions for bob' });
      fireEvent.click(within(actions).getByRole('button', { name: 'Organisation account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Organisation account: bob' });
      expect(
        await within(dialog).findByText(/Not linked: signing in with the organisation/),
      ).toBeTruthy();
      const subject = within(dialog).getByLabelText('Subject at School account');
      fireEvent.change(subject, { target: { value: ' sub-alice ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'This subject is already linked to another player. Unlink it from that player first, or check the subject.',
      );
      expect(subject.getAttribute('aria-invalid')).toBe('true');

      fireEvent.change(subject, { target: { value: 'sub-bob' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
      expect(await within(dialog).findByText('sub-bob')).toBeTruthy();
      expect(within(dialog).getByText(issuer)).toBeTruthy();
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(sent).toEqual([{ subject: 'sub-alice' }, { subject: 'sub-bob' }]);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
      expect(
        await within(dialog).findByText(/Not linked: signing in with the organisation/),
      ).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Unlink' })).toBeNull();
    });

    it('shows the link in French, and says when it cannot be read', async () => {
      let failures = 1;
      renderApp('/fr/trainer/players', {
        appInfo: withProvider,
        api: playersApi({
          [`GET /api/trainer/players/${alice.uuid}/identity`]: () => {
            if (failures-- > 0) return apiError('server.internal', 500);
            return Response.json({ identity: { issuer, subject: 'sub-alice' } });
          },
        }),
      });
      const actions = await screen.findByRole('group', { name: 'Actions pour alice' });
      fireEvent.click(within(actions).getByRole('button', { name: 'Compte de l’organisation' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Compte de l’organisation : alice',
      });
      expect(within(dialog).getByRole('status')).toBeTruthy();
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Réessayer' }));
      expect(await within(dialog).findByText('sub-alice')).toBeTruthy();
      expect(within(dialog).getByText('Fournisseur')).toBeTruthy();
      expect(within(dialog).getByLabelText('Sujet chez School account')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Délier' })).toBeTruthy();
    });

    it('offers no link when no provider is configured', async () => {
      renderApp('/en/trainer/players', { api: playersApi() });
      const actions = await screen.findByRole('group', { name: 'Actions for bob' });
      expect(within(actions).getByRole('button', { name: 'Login link' })).toBeTruthy();
      expect(within(actions).queryByRole('button', { name: 'Organisation account' })).toBeNull();
    });
  });
});
