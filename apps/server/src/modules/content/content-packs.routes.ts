import { getChapterPack, postContentPacks } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import { contentDisposition } from './attachments.js';
import type { ContentPacksService } from './content-packs.service.js';

export const registerContentPackRoutes = (
  app: FastifyInstance,
  deps: { packs: ContentPacksService },
) => {
  route(app, postContentPacks, async ({ body, request }) => ({
    import: await deps.packs.importArchive(principalOf(request), body.archive.data, {
      dryRun: body.dryRun === 'true',
    }),
  }));

  route(app, getChapterPack, async ({ params, request, reply }) => {
    const { name, archive } = await deps.packs.exportArchive(principalOf(request), params.uuid);
    return reply
      .header('Content-Disposition', contentDisposition(name))
      .header('Content-Type', 'application/zip')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  });
};
