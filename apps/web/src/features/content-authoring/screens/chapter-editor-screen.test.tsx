import type { ChapterDocumentAnswer } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, type ApiRoutes } from '../../../test/render-app';

const chapterUuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01';
const missionUuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c02';
const flagUuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c03';
const choiceUuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c04';

const text = (en: string, fr: string) => ({ en, fr });
const objectiveDefaults = {
  category: 'web' as const,
  difficulty: 1,
  penalty: 0,
  maxAttempts: null,
  locked: false,
  prerequisites: [],
  firstBloodBonus: 0,
  speedrun: false,
  required: true,
  files: [],
  hints: [],
};

const answer = (): ChapterDocumentAnswer => ({
  revision: 'rev-1',
  liveSessions: [],
  document: {
    format: 'rampart.chapter/v1',
    chapter: {
      uuid: chapterUuid,
      title: text('Web security', 'Sécurité web'),
      summary: text('Logs.', 'Journaux.'),
      visibility: 'assigned',
      position: 10,
      missions: [
        {
          uuid: missionUuid,
          title: text('The leaking shop', 'La boutique qui fuit'),
          brief: text('Find the intruder.', 'Trouvez l’intrus.'),
          scenario: text('Our shop was attacked.', 'Notre boutique a été attaquée.'),
          rules: text('No brute force.', 'Pas de force brute.'),
          difficulty: 2,
          durationMinutes: 45,
          successRule: { kind: 'required_objectives' },
          revealAnswersAfterGame: true,
          objectives: [
            {
              ...objectiveDefaults,
              uuid: flagUuid,
              title: text('The attacker', 'L’attaquant'),
              description: text('Which IP?', 'Quelle IP ?'),
              points: 100,
              type: 'flag',
              flag: { accepted: ['203.0.113.7'], caseInsensitive: false },
            },
            {
              ...objectiveDefaults,
              uuid: choiceUuid,
              title: text('The flaw', 'La faille'),
              description: text('Which flaw?', 'Quelle faille ?'),
              points: 50,
              type: 'single_choice',
              choices: [
                { id: 'a', text: text('SQL injection', 'Injection SQL') },
                { id: 'b', text: text('XSS', 'XSS') },
              ],
              correctChoices: ['a'],
            },
          ],
        },
      ],
    },
  },
});

const editorApi = (extra: ApiRoutes = {}, read = answer()): ApiRoutes => ({
  [`GET /api/trainer/chapters/${chapterUuid}/document`]: () => Response.json(read),
  'GET /api/trainer/chapters': () => Response.json({ chapters: [] }),
  ...extra,
});

const saved = {
  import: {
    dryRun: false,
    chapters: { created: 0, updated: 1, removed: 0 },
    missions: { created: 0, updated: 1, removed: 0 },
    objectives: { created: 0, updated: 2, removed: 0 },
    files: { created: 0, updated: 0, removed: 0 },
    chapterUuids: [chapterUuid],
  },
  revision: 'rev-2',
  liveSessions: [],
};

const previewRegion = () => screen.getByRole('region', { name: 'Preview' });

describe('chapter editor', () => {
  it('edits texts side by side in both languages and shows the change in the preview', async () => {
    renderApp(`/en/trainer/content/${chapterUuid}`, { api: editorApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Web security' })).toBeTruthy();
    const english = screen.getByLabelText('Title (English)', {
      selector: '[data-path="chapter.missions[0].objectives[0].title.en"]',
    });
    const french = screen.getByLabelText('Title (French)', {
      selector: '[data-path="chapter.missions[0].objectives[0].title.fr"]',
    });
    expect(english.getAttribute('lang')).toBe('en');
    expect(french.getAttribute('lang')).toBe('fr');

    expect(
      await within(previewRegion()).findByRole('heading', { name: 'The attacker' }),
    ).toBeTruthy();
    fireEvent.change(english, { target: { value: 'The intruder' } });
    expect(within(previewRegion()).getByRole('heading', { name: 'The intruder' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(within(previewRegion()).getByRole('button', { name: 'French' }));
    expect(
      await within(previewRegion()).findByRole('heading', { name: 'L’attaquant' }),
    ).toBeTruthy();
    // The preview speaks French; the app stays in English.
    expect(document.documentElement.lang).toBe('en');
  });

  it('previews an objective with its own penalty, never asking who the player is', async () => {
    const { fetchMock } = renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi(),
      player: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Web security' })).toBeTruthy();
    const penalty = screen.getByLabelText('Penalty per wrong answer', {
      selector: '[data-path="chapter.missions[0].objectives[0].penalty"]',
    });
    fireEvent.change(penalty, { target: { value: '10' } });
    expect(await within(previewRegion()).findByText(/a wrong answer costs 10 points/)).toBeTruthy();
    // A trainer is no player: the player's identity is not theirs to ask for (a 401 logged).
    const identity = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/user');
    expect(identity).toHaveLength(0);
  });

  it('saves the whole chapter with its revision, without files, and says so', async () => {
    let sent: {
      document: { chapter: { missions: { objectives: object[] }[] } };
      revision: string;
    } | null = null;
    renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi({
        [`PUT /api/trainer/chapters/${chapterUuid}/document`]: (init) => {
          sent = JSON.parse(String(init.body));
          return Response.json(saved);
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'The flaw' }));
    fireEvent.change(screen.getByLabelText('Choice b (English)'), {
      target: { value: 'Cross-site scripting' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sent!.revision).toBe('rev-1');
    const objective = sent!.document.chapter.missions[0]!.objectives[1]!;
    expect(objective).not.toHaveProperty('files');
    expect(objective).toMatchObject({
      choices: [{ id: 'a' }, { id: 'b', text: { en: 'Cross-site scripting' } }],
    });
  });

  it('turns off showing the mission’s answers to players after the game, and saves it', async () => {
    let sent: { document: { chapter: { missions: object[] } } } | null = null;
    renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi({
        [`PUT /api/trainer/chapters/${chapterUuid}/document`]: (init) => {
          sent = JSON.parse(String(init.body));
          return Response.json(saved);
        },
      }),
    });
    const reveal = (await screen.findByLabelText(
      'Show players the answers and explanations after the game (once no session of this mission is open)',
    )) as HTMLInputElement;
    expect(reveal.checked).toBe(true);
    fireEvent.click(reveal);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sent!.document.chapter.missions[0]).toMatchObject({ revealAnswersAfterGame: false });
  });

  it('edits an objective’s explanation in both languages, saves it, and keeps it out of the preview', async () => {
    let sent: { document: { chapter: { missions: { objectives: object[] }[] } } } | null = null;
    renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi({
        [`PUT /api/trainer/chapters/${chapterUuid}/document`]: (init) => {
          sent = JSON.parse(String(init.body));
          return Response.json(saved);
        },
      }),
    });
    const group = await screen.findByRole('group', { name: 'Explanation' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(within(group).getByLabelText('Explanation (English)'), {
      target: { value: 'Its requests carry `UNION SELECT`.' },
    });
    fireEvent.change(within(group).getByLabelText('Explanation (French)'), {
      target: { value: 'Ses requêtes portent `UNION SELECT`.' },
    });
    expect(previewRegion().textContent).not.toContain('UNION SELECT');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const [flag, choice] = sent!.document.chapter.missions[0]!.objectives;
    expect(flag).toMatchObject({
      explanation: {
        en: 'Its requests carry `UNION SELECT`.',
        fr: 'Ses requêtes portent `UNION SELECT`.',
      },
    });
    expect(choice).not.toHaveProperty('explanation');
  });

  it('puts the server’s problems on their fields and focuses the first one', async () => {
    renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi({
        [`PUT /api/trainer/chapters/${chapterUuid}/document`]: () =>
          Response.json(
            {
              error: {
                code: 'content.pack_invalid',
                message: 'invalid',
                issues: [
                  {
                    path: 'chapter.missions[0].objectives[1].title.fr',
                    message: 'the French text is empty',
                  },
                  {
                    path: 'chapter.missions[0].objectives[1].points',
                    message: 'must be at least 0',
                  },
                ],
              },
            },
            { status: 422 },
          ),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The chapter has 2 problems: nothing was saved/)).toBeTruthy();
    const french = screen.getByLabelText('Title (French)', {
      selector: '[data-path="chapter.missions[0].objectives[1].title.fr"]',
    });
    await waitFor(() => expect(document.activeElement).toBe(french));
    expect(french.getAttribute('aria-invalid')).toBe('true');
    // In the summary and under the field.
    expect(screen.getAllByText('The French text is missing.')).toHaveLength(2);
  });

  it('tells the trainer that sessions play the chapter and that edits apply forward', async () => {
    const read = answer();
    read.liveSessions = [
      {
        uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c09',
        name: 'Friday drill',
        status: 'running',
        missionUuid,
      },
    ];
    renderApp(`/en/trainer/content/${chapterUuid}`, { api: editorApi({}, read) });
    expect(
      await screen.findByText(
        /A session plays a mission of this chapter now \(Friday drill\)\. A change applies forward/,
      ),
    ).toBeTruthy();
  });

  it('says why a save from a stale revision is refused and offers to reload', async () => {
    renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi({
        [`PUT /api/trainer/chapters/${chapterUuid}/document`]: () =>
          Response.json(
            { error: { code: 'content.edit_conflict', message: 'conflict' } },
            { status: 409 },
          ),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/This chapter changed since you opened it/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the chapter' })).toBeTruthy();
  });

  it('moves an objective with the keyboard, the focus following it', async () => {
    renderApp(`/en/trainer/content/${chapterUuid}`, { api: editorApi() });
    const down = await screen.findByRole('button', { name: 'Move The attacker down' });
    down.focus();
    fireEvent.click(down);
    const objectives = screen.getByRole('region', { name: 'Objectives' });
    const names = within(objectives)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('button')[0]!.textContent);
    expect(names).toEqual(['1. The flaw', '2. The attacker']);
    // At the end of the list its down arrow is disabled: the focus goes to its name.
    expect(document.activeElement).toBe(
      within(objectives).getByRole('button', { name: 'The attacker' }),
    );
  });

  it('attaches a file at once, says why one is refused, and removes one', async () => {
    const attached = {
      uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c0a',
      name: 'access.log',
      size: 2048,
      contentType: 'text/plain; charset=utf-8',
      url: `/api/trainer/objectives/${flagUuid}/files/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c0a`,
    };
    let uploads = 0;
    renderApp(`/en/trainer/content/${chapterUuid}`, {
      api: editorApi({
        [`POST /api/trainer/objectives/${flagUuid}/files`]: () => {
          uploads += 1;
          return uploads === 1
            ? Response.json({ file: attached }, { status: 201 })
            : Response.json(
                { error: { code: 'content.file_type_not_allowed', message: 'no' } },
                { status: 422 },
              );
        },
        [`DELETE /api/trainer/objectives/${flagUuid}/files/${attached.uuid}`]: () =>
          new Response(null, { status: 204 }),
      }),
    });
    const input = await screen.findByLabelText('Attach a file');
    fireEvent.change(input, { target: { files: [new File(['log'], 'access.log')] } });
    // Listed with the objective's files, and in the preview as players will download it.
    expect(await screen.findAllByRole('link', { name: 'access.log' })).toHaveLength(2);
    expect(within(previewRegion()).getByRole('link', { name: 'access.log' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Attach a file'), {
      target: { files: [new File(['x'], 'tool.exe')] },
    });
    expect(await screen.findByText(/This type of file cannot be attached/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove access.log' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove access.log' })).toBeNull(),
    );
    // Files are saved apart: the draft has nothing left to save.
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderApp(`/en/trainer/content/${chapterUuid}`, { api: editorApi() });
    fireEvent.change(
      await screen.findByLabelText('Title (English)', {
        selector: '[data-path="chapter.title.en"]',
      }),
      { target: { value: 'Web security, revised' } },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Back to content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/en/trainer/content/${chapterUuid}`);
    fireEvent.click(screen.getByRole('link', { name: 'Back to content' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/trainer/content'));
  });

  it('creates a new chapter, then keeps editing it at its own address', async () => {
    let n = 0;
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      n += 1;
      return `0190a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, '0')}` as `${string}-${string}-${string}-${string}-${string}`;
    });
    const newUuid = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
    let sent: { revision: string | null } | null = null;
    const { router } = renderApp('/en/trainer/content/new', {
      api: editorApi({
        [`PUT /api/trainer/chapters/${newUuid}/document`]: (init) => {
          sent = JSON.parse(String(init.body));
          return Response.json({ ...saved, revision: 'rev-new' });
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New chapter' })).toBeTruthy();
    fireEvent.change(
      screen.getByLabelText('Title (English)', { selector: '[data-path="chapter.title.en"]' }),
      { target: { value: 'Phishing' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/en/trainer/content/${newUuid}`),
    );
    expect(sent!.revision).toBeNull();
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Phishing' })).toBeTruthy();
    expect(screen.getByLabelText('Attach a file')).toBeTruthy();
  });
});
