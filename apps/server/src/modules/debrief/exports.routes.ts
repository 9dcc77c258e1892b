import { getRankingCsv, getSessionExport, getSubmissionsCsv } from '@rampart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.js';
import { contentDisposition } from '../content/attachments.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { ExportsService } from './exports.service.js';

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition(name))
    .header('Cache-Control', 'private, no-store')
    .send(csv);

export const registerExportsRoutes = (app: FastifyInstance, deps: { exports: ExportsService }) => {
  const { exports } = deps;

  route(app, getRankingCsv, async ({ params, request, reply }) =>
    sendCsv(
      reply,
      `ranking-${params.uuid}.csv`,
      await exports.rankingCsv(principalOf(request), params.uuid),
    ),
  );

  route(app, getSubmissionsCsv, async ({ params, request, reply }) =>
    sendCsv(
      reply,
      `submissions-${params.uuid}.csv`,
      await exports.submissionsCsv(principalOf(request), params.uuid),
    ),
  );

  route(app, getSessionExport, async ({ params, request, reply }) =>
    reply
      .header('Content-Disposition', contentDisposition(`session-${params.uuid}.json`))
      .header('Cache-Control', 'private, no-store')
      .send(await exports.sessionJson(principalOf(request), params.uuid)),
  );
};
