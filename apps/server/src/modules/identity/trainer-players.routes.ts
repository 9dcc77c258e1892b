import {
  getTrainerPlayers,
  postTrainerPlayer,
  postTrainerPlayerPasswordReset,
  postTrainerPlayersImport,
  type PlayerHandover,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from './auth.plugin.js';
import { magicLinkUrl } from './auth.routes.js';
import type { Handover, TrainerPlayersService } from './trainer-players.service.js';

const toHandover = (request: FastifyRequest, handover: Handover): PlayerHandover =>
  handover.kind === 'magic_link'
    ? {
        kind: 'magic_link',
        url: magicLinkUrl(request, handover.token),
        expiresAt: handover.expiresAt.toISOString(),
      }
    : handover;

export const registerTrainerPlayersRoutes = (
  app: FastifyInstance,
  deps: { players: TrainerPlayersService },
) => {
  route(app, getTrainerPlayers, async ({ request }) => ({
    players: await deps.players.listPlayers(principalOf(request)),
  }));

  route(app, postTrainerPlayer, async ({ body, request, reply }) => {
    const { password, ...rest } = body;
    const created = await deps.players.createPlayer(principalOf(request), {
      ...rest,
      ...(password ? { password } : {}),
    });
    reply.header('Cache-Control', 'no-store');
    return reply.code(201).send({
      player: created.player,
      handover: created.handover ? toHandover(request, created.handover) : null,
    });
  });

  route(app, postTrainerPlayersImport, async ({ body, query, request, reply }) => {
    const report = await deps.players.importPlayers(
      principalOf(request),
      body.file.data,
      query.dryRun === 'true',
    );
    reply.header('Cache-Control', 'no-store');
    return {
      ...report,
      created: report.created.map((row) => ({
        ...row,
        handover: row.handover ? toHandover(request, row.handover) : null,
      })),
    };
  });

  route(app, postTrainerPlayerPasswordReset, async ({ params, body, request, reply }) => {
    const handover = await deps.players.resetPassword(
      principalOf(request),
      params.uuid,
      body.method,
    );
    reply.header('Cache-Control', 'no-store');
    return { handover: toHandover(request, handover) };
  });
};
