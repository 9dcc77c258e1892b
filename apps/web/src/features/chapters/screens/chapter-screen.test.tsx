import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { buildPlayerSession, sessionApi } from '../../sessions/testing/session-api';
import {
  buildChapter,
  buildMission,
  buildObjective,
  chapterNotFound,
  contentApi,
  requestedLocales,
} from '../../content/testing/content-api';

const first = buildMission({
  position: 1,
  title: 'Night shift',
  brief: 'The **web server** behaves oddly.',
  scenario: '## The call\n\nIt is 3 a.m. at the operations centre.',
  rules: 'Flags look like `RAMPART{...}`.',
  difficulty: 1,
  durationMinutes: 45,
  points: 300,
  objectiveCount: 2,
  flagCount: 1,
  bestScore: 280,
  result: 'success',
  objectives: [
    buildObjective({ title: 'Find the attacker', category: 'web', difficulty: 1, points: 100 }),
    buildObjective({
      title: 'Which header?',
      category: 'network',
      type: 'single_choice',
      difficulty: 3,
      points: 200,
      locked: true,
      speedrun: true,
      firstBloodBonus: 50,
    }),
  ],
});
const second = buildMission({
  position: 2,
  title: 'Morning report',
  difficulty: 4,
  successRule: { kind: 'min_points', points: 500 },
  bestScore: 120,
  result: 'failure',
});
const third = buildMission({ position: 3, title: 'Last call', bestScore: null, result: null });
// The API orders missions; the screen keeps that order even if they arrive shuffled.
const chapter = buildChapter({ title: 'Web foundations' }, [second, third, first]);

const missionCard = (title: string) =>
  screen.getByText(title, { selector: 'h3' }).closest('article')!;

describe('chapter screen', () => {
  it('shows the chapter and its missions in order, with best score and result', async () => {
    renderApp(`/chapters/${chapter.chapter_uuid}`, {
      api: contentApi({ chapters: { en: [chapter] } }),
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Web foundations' });
    expect(heading.closest('[data-layout]')?.getAttribute('data-layout')).toBe('default');
    expect(document.title).toBe('Web foundations · Rampart Test');

    const missions = screen.getByText('Missions', { selector: 'h2' }).closest('section')!;
    const titles = within(missions)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Night shift', 'Morning report', 'Last call']);

    const night = missionCard('Night shift');
    const nightText = night.textContent!.replace(/\s+/g, ' ');
    expect(nightText).toContain('Mission 1');
    expect(nightText).toContain('Succeeded');
    expect(nightText).toContain('Best score280 points');
    expect(nightText).toContain('DifficultyIntroduction');
    expect(nightText).toContain('Duration45 min');
    expect(nightText).toContain('2 objectives, including 1 flag');
    expect(nightText).toContain('Solve every required objective before the end.');
    expect(within(night).getByText('web server', { selector: 'strong' })).toBeTruthy();

    const morning = missionCard('Morning report').textContent!;
    expect(morning).toContain('Failed');
    expect(morning).toContain('120 points');
    expect(morning).toContain('Score at least 500 points.');
    expect(missionCard('Last call').textContent).toContain('Not played yet');
  });

  it('tells the scenario, the rules and the objectives on demand', async () => {
    renderApp(`/chapters/${chapter.chapter_uuid}`, {
      api: contentApi({ chapters: { en: [chapter] } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Web foundations' });
    const night = missionCard('Night shift');
    const [scenario, rules, objectives] = night.querySelectorAll('details');
    expect(scenario!.open).toBe(false);
    fireEvent.click(within(scenario!).getByText('Scenario'));
    // The content's own headings continue the page outline below the mission's title.
    expect(within(scenario!).getByRole('heading', { level: 4, name: 'The call' })).toBeTruthy();
    expect(within(rules!).getByText('RAMPART{...}', { selector: 'code' })).toBeTruthy();

    expect(within(objectives!).getByText('Objectives (2)')).toBeTruthy();
    const [find, header] = within(objectives!)
      .getAllByRole('listitem', { name: '' })
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(find!.textContent).toContain('Find the attacker');
    expect(find!.textContent).toContain('Flag');
    expect(find!.textContent).not.toContain('Locked');
    const headerText = header!.textContent!;
    expect(headerText).toContain('Which header?');
    expect(headerText).toContain('Locked');
    expect(headerText).toContain('Network');
    expect(headerText).toContain('Single choice');
    expect(headerText).toContain('Medium');
    expect(headerText).toContain('200 points');
    expect(headerText).toContain('First blood +50');
    expect(headerText).toContain('Speedrun');
    expect(header!.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('plays a mission: creates the player’s own session, then asks for their team', async () => {
    const created = buildPlayerSession({
      isOwner: true,
      ownerKind: 'player',
      teams: [],
      teamsCount: 0,
      gaming_session_user: { joinedAt: new Date().toISOString(), gaming_session_team: null },
    });
    const { router, fetchMock } = renderApp(`/chapters/${chapter.chapter_uuid}`, {
      api: {
        ...contentApi({ chapters: { en: [chapter] } }),
        ...sessionApi(() => created),
        'POST /api/sessions': () => Response.json({ session: created }, { status: 201 }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Web foundations' });
    const play = within(missionCard('Night shift')).getByRole('button', {
      name: 'Play this mission: Night shift',
    });
    fireEvent.click(play);
    expect(await screen.findByRole('textbox', { name: 'Team name' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/sessions/${created.uuid}/join/teams/create`);
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/sessions' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post![1]!.body))).toEqual({ missionUuid: first.uuid });
  });

  it('is the not-found page for a chapter the API does not give this player', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const hidden = buildChapter();
    renderApp(`/fr/chapters/${hidden.chapter_uuid}`, {
      api: { [`GET /api/chapters/${hidden.chapter_uuid}`]: chapterNotFound },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(document.querySelector('[data-status="404"]')).toBeTruthy();
    // An expected outcome, not a crash: nothing is logged as an error.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('is the not-found page for an id that is no uuid, without asking the API', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { fetchMock } = renderApp('/chapters/42', { api: contentApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(requestedLocales(fetchMock, '/api/chapters/42')).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('says when the chapter cannot be loaded, and loads it again on demand', async () => {
    let failures = 1;
    const api = contentApi({ chapters: { en: [chapter] } });
    const path = `GET /api/chapters/${chapter.chapter_uuid}`;
    renderApp(`/chapters/${chapter.chapter_uuid}`, {
      api: {
        [path]: (init, url) =>
          failures-- > 0
            ? Response.json({ error: { code: 'server.internal', message: 'x' } }, { status: 500 })
            : api[path]!(init, url),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This chapter could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Web foundations' })).toBeTruthy();
  });

  it('shows the chapter in French after switching language, asking the API in French', async () => {
    const french = {
      ...chapter,
      title: 'Les fondamentaux du web',
      missions: [
        { ...second, title: 'Rapport du matin' },
        { ...third, title: 'Dernier appel' },
        { ...first, title: 'Garde de nuit' },
      ],
    };
    const { fetchMock } = renderApp(`/en/chapters/${chapter.chapter_uuid}`, {
      api: contentApi({ chapters: { en: [chapter], fr: [french] } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Web foundations' });

    fireEvent.click(screen.getByRole('link', { name: 'Français' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les fondamentaux du web' }),
    ).toBeTruthy();
    expect(missionCard('Garde de nuit').textContent).toContain('Réussie');
    expect(requestedLocales(fetchMock, `/api/chapters/${chapter.chapter_uuid}`)).toEqual([
      'en',
      'fr',
    ]);
  });
});
