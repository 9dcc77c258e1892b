import {
  getCurrentSessions,
  getSession,
  getSessionMission,
  getTeamLogo,
  getTrainerSession,
  getTrainerSessionMission,
  getTrainerTeamLogo,
  getTrainerSessions,
  postCloseSession,
  postJoinSession,
  postJoinTeam,
  postLeaveTeam,
  postSession,
  postStartSession,
  postTeam,
  postTrainerPause,
  postTrainerResume,
  postTrainerSession,
  postTrainerStart,
  postTrainerStop,
  putSessionMission,
  type Locale,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { Principal } from '../identity/auth.service.js';
import type { SessionMission } from './session-mission.service.js';
import type { SessionsService } from './sessions.service.js';
import type { TrainerSessions } from './trainer-sessions.service.js';

const localeOf = (query: { locale?: Locale | undefined } | undefined, principal: Principal) =>
  query?.locale ?? principal.locale;

/** A stored logo, re-encoded on upload, sent so that nothing can run it as a document. */
const sendLogo = (reply: FastifyReply, logo: { data: Uint8Array; type: string }) =>
  reply
    .header('Content-Type', logo.type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, max-age=300')
    .send(Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength));

export const registerSessionRoutes = (
  app: FastifyInstance,
  deps: { sessions: SessionsService; trainer: TrainerSessions; mission: SessionMission },
) => {
  const { sessions, trainer, mission } = deps;

  route(app, getSession, async ({ params, query, request }) => {
    const principal = principalOf(request);
    return sessions.detailFor(principal, params.uuid, localeOf(query, principal));
  });

  route(app, getSessionMission, async ({ params, query, request }) => {
    const principal = principalOf(request);
    return mission.forPlayer(principal, params.uuid, localeOf(query, principal));
  });

  route(app, postSession, async ({ body, request, reply }) => {
    const principal = principalOf(request);
    const created = await sessions.createForPlayer(principal, body.missionUuid, principal.locale);
    return reply.code(201).send(created);
  });

  route(app, putSessionMission, async ({ params, body, request }) => {
    const principal = principalOf(request);
    return sessions.switchMission(principal, params.uuid, body.missionUuid, principal.locale);
  });

  route(app, postJoinSession, async ({ params, request }) => {
    const principal = principalOf(request);
    return sessions.join(principal, params.uuid, principal.locale);
  });

  route(app, postTeam, async ({ params, body, request, reply }) => {
    const team = await sessions.createTeam(principalOf(request), params.uuid, body);
    return reply.code(201).send(team);
  });

  route(app, postJoinTeam, async ({ params, body, request }) =>
    sessions.joinTeam(principalOf(request), params.uuid, body.token),
  );

  route(app, postLeaveTeam, async ({ params, request }) => {
    const principal = principalOf(request);
    return sessions.leaveTeam(principal, params.uuid, principal.locale);
  });

  route(app, getTeamLogo, async ({ params, request, reply }) =>
    sendLogo(reply, await sessions.teamLogo(principalOf(request), params.uuid, params.teamUuid)),
  );

  route(app, getTrainerTeamLogo, async ({ params, request, reply }) =>
    sendLogo(reply, await trainer.teamLogo(principalOf(request), params.uuid, params.teamUuid)),
  );

  route(app, postStartSession, async ({ params, request }) => {
    const principal = principalOf(request);
    return sessions.startByOwner(principal, params.uuid, principal.locale);
  });

  route(app, postCloseSession, async ({ params, request }) => {
    const principal = principalOf(request);
    return sessions.closeByOwner(principal, params.uuid, principal.locale);
  });

  route(app, getCurrentSessions, async ({ query, request }) => {
    const principal = principalOf(request);
    return sessions.currentSessions(principal, localeOf(query, principal));
  });

  route(app, postTrainerSession, async ({ body, request, reply }) =>
    reply.code(201).send(await trainer.create(principalOf(request), body)),
  );

  route(app, getTrainerSessions, async ({ request }) => trainer.list(principalOf(request)));

  route(app, getTrainerSession, async ({ params, request }) =>
    trainer.get(principalOf(request), params.uuid),
  );

  route(app, getTrainerSessionMission, async ({ params, query, request }) => {
    const principal = principalOf(request);
    return mission.forTrainer(principal, params.uuid, localeOf(query, principal));
  });

  route(app, postTrainerStart, async ({ params, body, request }) =>
    trainer.act(principalOf(request), params.uuid, 'start', body?.force ?? false),
  );
  route(app, postTrainerPause, async ({ params, request }) =>
    trainer.act(principalOf(request), params.uuid, 'pause'),
  );
  route(app, postTrainerResume, async ({ params, request }) =>
    trainer.act(principalOf(request), params.uuid, 'resume'),
  );
  route(app, postTrainerStop, async ({ params, request }) =>
    trainer.act(principalOf(request), params.uuid, 'stop'),
  );
};
