import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { buildSurveyDistribution } from '../../trainer-sessions/testing/trainer-api';

const missionUuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02';
const chapter = {
  chapter_uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01',
  title: { en: 'Web security', fr: 'Sécurité web' },
  visibility: 'open',
  position: 1,
  missions: [
    {
      uuid: missionUuid,
      title: { en: 'The leaking shop', fr: 'La boutique qui fuit' },
      difficulty: 2,
      objectiveCount: 4,
      points: 430,
    },
  ],
  assignees: [],
};

const sessions = [
  {
    uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e01',
    name: 'Monday group',
    startsAt: '2026-03-02T09:00:00.000Z',
    distribution: buildSurveyDistribution({ very_satisfied: 2, neutral: 1 }, 4),
  },
  {
    uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e02',
    name: 'Tuesday group',
    startsAt: '2026-03-03T09:00:00.000Z',
    distribution: buildSurveyDistribution({ very_unsatisfied: 1 }, 3),
  },
];

const contentApi = (survey: unknown) => ({
  'GET /api/trainer/chapters': () => Response.json({ chapters: [chapter] }),
  [`GET /api/trainer/missions/${missionUuid}/survey`]: () => Response.json(survey),
});

describe('a mission’s ratings', () => {
  it('opens from the content list with the overall spread, each session’s and anonymous comments', async () => {
    renderApp('/en/trainer/content', {
      api: contentApi({
        distribution: buildSurveyDistribution(
          { very_satisfied: 2, neutral: 1, very_unsatisfied: 1 },
          7,
        ),
        sessions,
        comments: [
          {
            sessionUuid: sessions[1]!.uuid,
            rating: 'very_unsatisfied',
            comment: 'The log was too long to read in time.',
            updatedAt: '2026-03-03T10:05:00.000Z',
          },
        ],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ratings of The leaking shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ratings: The leaking shop' });
    expect((await within(dialog).findByTestId('survey-summary')).textContent).toBe(
      '4 answers · 57% of 7 players answered',
    );
    const levels = within(dialog).getByRole('list', { name: 'Answers by level' });
    expect(within(levels).getAllByRole('listitem')[0]!.textContent).toBe('Very satisfied2 · 50%');

    const table = within(dialog).getByRole('table', { name: 'By session' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Monday group',
      'Tuesday group',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['3 / 4', '2', '0', '1', '0', '0']);

    const comments = within(dialog).getByRole('region', { name: 'Comments' });
    expect(comments.textContent).toContain('Very unsatisfied');
    expect(comments.textContent).toContain('The log was too long to read in time.');
  });

  it('says no one rated the mission yet, in French', async () => {
    renderApp('/fr/trainer/content', {
      api: contentApi({ distribution: buildSurveyDistribution({}, 0), sessions: [], comments: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notes de La boutique qui fuit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notes : La boutique qui fuit' });
    expect(await within(dialog).findByText('Aucune note pour l’instant')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});
