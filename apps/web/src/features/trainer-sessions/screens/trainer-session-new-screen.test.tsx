import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import {
  buildTrainerSession,
  missionUuid,
  refusal,
  trainerApi,
  trainerMissions,
} from '../testing/trainer-api';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const posts = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === '/api/trainer/sessions' && init?.method === 'POST',
  );

describe('the session wizard', () => {
  it('refuses absurd settings in the form, naming the limits, and sends nothing', async () => {
    const { fetchMock } = renderApp('/trainer/sessions/new', { api: trainerApi() });
    await screen.findByLabelText('Mission');
    fill('Mission', missionUuid);
    fill('Session name', 'Drill');
    fill('Maximum teams', '0');
    fill('Players per team', '10000');
    fill('Duration (minutes)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create the session' }));
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 20.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 1440.')).toBeTruthy();
    expect(screen.getByLabelText('Maximum teams').getAttribute('aria-invalid')).toBe('true');
    // The first refused field takes focus; what was typed stays.
    expect(document.activeElement).toBe(screen.getByLabelText('Maximum teams'));
    expect((screen.getByLabelText('Players per team') as HTMLInputElement).value).toBe('10000');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('takes the mission’s duration, and shows the server’s refusal translated', async () => {
    renderApp('/fr/trainer/sessions/new', {
      api: {
        ...trainerApi(),
        'POST /api/trainer/sessions': refusal(404, 'content.mission_not_found'),
      },
    });
    await screen.findByLabelText('Durée (minutes)');
    fill('Mission', missionUuid);
    expect((screen.getByLabelText('Durée (minutes)') as HTMLInputElement).value).toBe('45');
    fill('Nom de la session', 'Exercice');
    fireEvent.click(screen.getByRole('button', { name: 'Créer la session' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette mission n’existe pas.');
    expect((screen.getByLabelText('Nom de la session') as HTMLInputElement).value).toBe('Exercice');
  });

  it('follows the chosen mission’s duration until the trainer types one', async () => {
    const longer = {
      ...trainerMissions[0]!,
      uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000a002',
      title: { en: 'Ransomware night', fr: 'Nuit du rançongiciel' },
      durationMinutes: 90,
    };
    renderApp('/trainer/sessions/new', {
      api: {
        ...trainerApi(),
        'GET /api/trainer/missions': () =>
          Response.json({ missions: [...trainerMissions, longer] }),
      },
    });
    const duration = (await screen.findByLabelText('Duration (minutes)')) as HTMLInputElement;
    fill('Mission', missionUuid);
    expect(duration.value).toBe('45');
    fill('Mission', longer.uuid);
    expect(duration.value).toBe('90');
    fill('Mission', '');
    expect(duration.value).toBe('');
    fill('Mission', missionUuid);
    fill('Duration (minutes)', '20');
    fill('Mission', longer.uuid);
    expect(duration.value).toBe('20');
  });

  it('shows the join link of the created session and leads to its cockpit', async () => {
    const session = buildTrainerSession({ status: 'lobby', name: 'Drill' });
    const { fetchMock } = renderApp('/trainer/sessions/new', {
      api: {
        ...trainerApi({ session }),
        'POST /api/trainer/sessions': () => Response.json({ session }, { status: 201 }),
      },
    });
    await screen.findByLabelText('Mission');
    fill('Mission', missionUuid);
    fill('Session name', 'Drill');
    fireEvent.click(screen.getByRole('button', { name: 'Create the session' }));
    await screen.findByRole('heading', { name: 'Session “Drill” created' });
    expect((screen.getByLabelText('Join link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/sessions/${session.uuid}/join`,
    );
    expect(screen.getByRole('link', { name: 'Open the cockpit' }).getAttribute('href')).toBe(
      `/trainer/sessions/${session.uuid}`,
    );
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({
      missionUuid,
      name: 'Drill',
      maxTeams: 10,
      playersPerTeam: 4,
      minPlayersPerTeam: 1,
      durationMinutes: 45,
    });
  });
});

describe('the early end when every team solved everything', () => {
  it.each([
    ['', 'End the game early when every team still playing has solved every objective'],
    ['/fr', 'Terminer la partie dès que chaque équipe encore en jeu a résolu tous les objectifs'],
  ])('is off unless the trainer ticks it (%s)', async (prefix, label) => {
    const session = buildTrainerSession({ status: 'lobby', name: 'Drill' });
    const { fetchMock } = renderApp(`${prefix}/trainer/sessions/new`, {
      api: {
        ...trainerApi({ session }),
        'POST /api/trainer/sessions': () => Response.json({ session }, { status: 201 }),
      },
    });
    const box = (await screen.findByRole('checkbox', { name: label })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fill('Mission', missionUuid);
    fill(prefix ? 'Nom de la session' : 'Session name', 'Drill');
    fireEvent.click(
      screen.getByRole('button', { name: prefix ? 'Créer la session' : 'Create the session' }),
    );
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toMatchObject({
      endWhenAllSolved: true,
    });
  });
});
