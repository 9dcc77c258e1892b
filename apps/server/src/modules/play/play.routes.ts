import {
  deleteFollow,
  getHintFile,
  getObjectives,
  getRanking,
  getTrainerHintFile,
  postAnswer,
  postEliminateTeam,
  postGiveHint,
  postUnlockHint,
  postFollow,
  postSpeedrun,
  postUnlockObjective,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { sendAttachment } from '../content/content.routes.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { AnswersService } from './answers.service.js';
import type { HintsService } from './hints.service.js';
import type { ObjectivesService } from './objectives.service.js';
import type { RankingReader } from './ranking-reader.service.js';
import type { TrainerPlay } from './trainer-play.service.js';

export const registerPlayRoutes = (
  app: FastifyInstance,
  deps: {
    answers: AnswersService;
    objectives: ObjectivesService;
    ranking: RankingReader;
    trainer: TrainerPlay;
    hints: HintsService;
  },
) => {
  route(app, getObjectives, async ({ params, query, request }) => {
    const principal = principalOf(request);
    return deps.objectives.list(principal, params.uuid, query.locale ?? principal.locale);
  });

  route(app, postAnswer, async ({ params, body, request }) =>
    deps.answers.submit(
      principalOf(request),
      params.uuid,
      params.objective,
      body.answer,
      body.clientId ?? null,
    ),
  );

  route(app, postUnlockHint, async ({ params, query, request }) => {
    const principal = principalOf(request);
    return deps.hints.unlock(
      principal,
      params.uuid,
      params.objective,
      params.hint,
      query.locale ?? principal.locale,
    );
  });
  route(app, postGiveHint, async ({ params, request }) =>
    deps.hints.give(principalOf(request), params.uuid, params.team, params.hint),
  );

  route(app, getHintFile, async ({ params, request, reply }) =>
    sendAttachment(
      reply,
      await deps.hints.hintFile(principalOf(request), params.uuid, params.hint, params.fileUuid),
    ),
  );
  route(app, getTrainerHintFile, async ({ params, request, reply }) =>
    sendAttachment(
      reply,
      await deps.hints.trainerHintFile(principalOf(request), params.hint, params.fileUuid),
    ),
  );

  route(app, postFollow, async ({ params, request }) =>
    deps.objectives.setFollow(principalOf(request), params.uuid, params.objective, true),
  );
  route(app, deleteFollow, async ({ params, request }) =>
    deps.objectives.setFollow(principalOf(request), params.uuid, params.objective, false),
  );

  // Pre-serialised bytes: no query and no serialisation per read.
  route(app, getRanking, async ({ params, request, reply }) =>
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(await deps.ranking.read(principalOf(request), params.uuid)),
  );

  route(app, postEliminateTeam, async ({ params, body, request }) =>
    deps.trainer.eliminate(principalOf(request), params.uuid, params.team, body.reason),
  );
  route(app, postSpeedrun, async ({ params, body, request, reply }) =>
    reply
      .code(201)
      .send(await deps.trainer.launchSpeedrun(principalOf(request), params.uuid, body)),
  );
  route(app, postUnlockObjective, async ({ params, request }) =>
    deps.trainer.unlock(principalOf(request), params.uuid, params.objective),
  );
};
