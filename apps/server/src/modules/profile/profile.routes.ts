import {
  avatars,
  deleteProfileSession,
  getAvatars,
  getProfile,
  getProfileSessions,
  postLogoutEverywhere,
  postLogoutOthers,
  putAvatar,
  putLocale,
  putPassword,
  putPseudo,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { bearerToken, principalOf } from '../identity/auth.plugin.js';
import { requestMeta, type AuthRouteDeps } from '../identity/auth.routes.js';
import { requireCapability } from '../identity/auth.service.js';
import type { ProfileService } from './profile.service.js';

export const registerProfileRoutes = (
  app: FastifyInstance,
  deps: AuthRouteDeps & { profile: ProfileService },
) => {
  const avatarsBody = JSON.stringify({ avatars });
  route(app, getAvatars, async ({ request, reply }) => {
    requireCapability(principalOf(request), 'profile.manage');
    return reply.type('application/json; charset=utf-8').send(avatarsBody);
  });

  route(app, getProfile, async ({ request }) => deps.profile.profile(principalOf(request)));

  route(app, putAvatar, async ({ body, request }) => ({
    user: await deps.profile.chooseAvatar(principalOf(request), body.avatarId),
  }));

  route(app, putPseudo, async ({ body, request }) => ({
    user: await deps.profile.changePseudo(principalOf(request), body.pseudo),
  }));

  route(app, putLocale, async ({ body, request, reply }) => {
    const user = await deps.profile.changeLocale(principalOf(request), body.locale);
    deps.cookies.setLocale(request, reply, body.locale);
    return { user };
  });

  route(app, putPassword, async ({ body, request, reply }) => {
    const principal = principalOf(request);
    requireCapability(principal, 'profile.manage');
    const renewed = await deps.auth.changePassword(
      principal,
      body.currentPassword,
      body.password,
      requestMeta(request),
    );
    if (renewed) deps.cookies.setSession(request, reply, 'player', renewed.secret);
    return reply.code(204).send();
  });

  route(app, getProfileSessions, async ({ request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return { sessions: await deps.auth.listSessions(principalOf(request)) };
  });

  route(app, postLogoutOthers, async ({ request, reply }) => {
    const principal = principalOf(request);
    await deps.auth.endAccountSessions(principal.accountId, principal);
    return reply.code(204).send();
  });

  route(app, postLogoutEverywhere, async ({ request, reply }) => {
    const principal = principalOf(request);
    await deps.auth.endAccountSessions(principal.accountId);
    if (bearerToken(request) === null) deps.cookies.resetToGuest(request, reply, 'player');
    return reply.code(204).send();
  });

  route(app, deleteProfileSession, async ({ params, request, reply }) => {
    await deps.auth.endSessionById(principalOf(request), params.id);
    return reply.code(204).send();
  });
};
