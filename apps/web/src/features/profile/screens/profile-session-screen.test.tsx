import type { HistoryEntry } from '@rampart/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { buildSurveyResponse, debriefApi } from '../../stats/testing/stats-api';
import { profileApi } from '../testing/profile-api';

const entry: HistoryEntry = {
  sessionUuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70',
  name: 'Friday exercise',
  status: 'finished',
  mission: {
    uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a71',
    title: { en: 'Night shift', fr: 'Garde de nuit' },
  },
  team: { uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a72', name: 'Red Foxes' },
  startedAt: '2026-03-02T09:00:00.000Z',
  endedAt: '2026-03-02T09:30:00.000Z',
  score: 90,
  rank: 2,
  teams: 5,
  result: 'failure',
  awards: [
    { kind: 'first_blood', count: 2 },
    { kind: 'speedrun', count: 1 },
  ],
};
const historyApi = () => ({
  'GET /api/profile/history': () => Response.json({ teams: [], history: [entry] }),
});

describe('profile session detail', () => {
  it('shows the mission, team, score, rank and result, with the way to the stats and the survey', async () => {
    renderApp(`/profile/sessions/${entry.sessionUuid}`, {
      api: profileApi({}, { ...historyApi(), ...debriefApi(entry.sessionUuid).routes }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday exercise' })).toBeTruthy();
    const facts = [...document.querySelectorAll('dl > div')].map((fact) => fact.textContent);
    expect(facts).toEqual([
      'MissionNight shift',
      'TeamRed Foxes',
      'Score90',
      'Rank2nd of 5',
      'Result✗ Mission failed',
      'PlayedMar 2, 2026',
    ]);
    const awards = screen.getByRole('list', { name: 'Awards' });
    expect(
      within(awards)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['First blood× 2', 'Speedrun won']);
    expect(screen.getByRole('link', { name: 'See the statistics' }).getAttribute('href')).toBe(
      `/sessions/${entry.sessionUuid}/stats`,
    );
    expect(
      (await screen.findByRole('link', { name: 'Rate the session' })).getAttribute('href'),
    ).toBe(`/sessions/${entry.sessionUuid}/survey`);
  });

  it('no longer offers the survey once rated, in French', async () => {
    renderApp(`/fr/profile/sessions/${entry.sessionUuid}`, {
      api: profileApi(
        {},
        {
          ...historyApi(),
          ...debriefApi(entry.sessionUuid, { response: buildSurveyResponse() }).routes,
        },
      ),
    });
    expect(await screen.findByText('2e sur 5')).toBeTruthy();
    expect(screen.getByText('Mission échouée')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les statistiques' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Noter la session' })).toBeNull();
  });

  it('says a session is not in the history and leads back to it', async () => {
    renderApp('/fr/profile/sessions/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99', {
      api: profileApi({}, historyApi()),
    });
    expect(await screen.findByText('Cette session n’est pas dans votre historique.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Retour à votre historique' }).getAttribute('href'),
    ).toBe('/fr/profile#history');
  });
});
