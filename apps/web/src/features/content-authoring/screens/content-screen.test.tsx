import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

const chapter = {
  chapter_uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01',
  title: { en: 'Web security', fr: 'Sécurité web' },
  visibility: 'open',
  position: 1,
  missions: [
    {
      uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02',
      title: { en: 'The leaking shop', fr: 'La boutique qui fuit' },
      difficulty: 2,
      objectiveCount: 4,
      points: 430,
    },
  ],
  assignees: [],
};

const tally = (created: number, updated = 0) => ({ created, updated, removed: 0 });

describe('content screen', () => {
  it('lists chapters with their missions, and links to edit and export each', async () => {
    renderApp('/en/trainer/content', {
      api: { 'GET /api/trainer/chapters': () => Response.json({ chapters: [chapter] }) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Web security' })).toBeTruthy();
    expect(screen.getByText('The leaking shop: 4 objectives, 430 points')).toBeTruthy();
    expect(screen.getByText('Every player')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit “Web security”' }).getAttribute('href')).toBe(
      `/en/trainer/content/${chapter.chapter_uuid}`,
    );
    expect(
      screen.getByRole('link', { name: 'Export (zip) “Web security”' }).getAttribute('href'),
    ).toBe(`/api/trainer/chapters/${chapter.chapter_uuid}/pack`);
    expect(screen.getByRole('link', { name: 'Content', current: 'page' })).toBeTruthy();
  });

  it('says there is no chapter yet', async () => {
    renderApp('/fr/trainer/content', {
      api: { 'GET /api/trainer/chapters': () => Response.json({ chapters: [] }) },
    });
    expect(await screen.findByText('Aucun chapitre pour l’instant')).toBeTruthy();
  });

  it('checks an archive first, shows what it would change, then imports it', async () => {
    const calls: string[] = [];
    renderApp('/en/trainer/content', {
      api: {
        'GET /api/trainer/chapters': () => Response.json({ chapters: [chapter] }),
        'POST /api/trainer/content-packs': async (init) => {
          const dryRun = (init.body as FormData).get('dryRun') === 'true';
          calls.push(dryRun ? 'dry' : 'import');
          return Response.json({
            import: {
              dryRun,
              chapters: tally(0, 1),
              missions: tally(1, 1),
              objectives: tally(2),
              files: tally(0),
              chapterUuids: [chapter.chapter_uuid],
            },
          });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import a pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import content packs' });
    const file = new File(['zip'], 'pack.zip', { type: 'application/zip' });
    fireEvent.change(within(dialog).getByLabelText('Archive (.zip)'), {
      target: { files: [file] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check the archive' }));
    expect(
      await within(dialog).findByText('The archive is valid. Importing it will change:'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Missions: 1 created, 1 updated, 0 removed')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/^Imported\./)).toBeTruthy();
    expect(calls).toEqual(['dry', 'import']);
  });

  it('lists the placed problems of an archive that cannot be imported', async () => {
    renderApp('/en/trainer/content', {
      api: {
        'GET /api/trainer/chapters': () => Response.json({ chapters: [chapter] }),
        'POST /api/trainer/content-packs': () =>
          Response.json(
            {
              error: {
                code: 'content.pack_invalid',
                message: 'invalid',
                issues: [
                  {
                    path: 'web/chapter.yaml:12:7 chapter.missions[0].title.fr',
                    message: 'the French text is empty',
                  },
                ],
              },
            },
            { status: 422 },
          ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import a pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import content packs' });
    fireEvent.change(within(dialog).getByLabelText('Archive (.zip)'), {
      target: { files: [new File(['zip'], 'pack.zip')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check the archive' }));
    expect(await within(dialog).findByText('Problems found: nothing was imported.')).toBeTruthy();
    expect(
      within(dialog).getByText('web/chapter.yaml:12:7 chapter.missions[0].title.fr'),
    ).toBeTruthy();
  });

  it('deletes a chapter after confirmation, and says why one in use cannot be', async () => {
    let attempts = 0;
    renderApp('/en/trainer/content', {
      api: {
        'GET /api/trainer/chapters': () => Response.json({ chapters: [chapter] }),
        [`DELETE /api/trainer/chapters/${chapter.chapter_uuid}`]: () => {
          attempts += 1;
          return attempts === 1
            ? Response.json(
                { error: { code: 'content.chapter_in_use', message: 'in use' } },
                { status: 409 },
              )
            : new Response(null, { status: 204 });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Web security”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this chapter?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the chapter' }));
    expect(
      await within(dialog).findByText(/Gaming sessions used missions of this chapter/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the chapter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(attempts).toBe(2);
  });
});
