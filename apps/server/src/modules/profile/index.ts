import type { FastifyInstance } from 'fastify';
import type { IdentityModule } from '../identity/index.js';
import { registerProfileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

/**
 * A player's own profile: avatar, pseudo, language, password, open sessions. It builds on the
 * identity module's accounts and sign-in, and nothing below it depends on the profile.
 */
export const createProfileModule = (identity: IdentityModule) => {
  const profile = createProfileService({ repo: identity.repo, auth: identity.auth });
  return {
    profile,
    registerRoutes: (app: FastifyInstance) =>
      registerProfileRoutes(app, {
        auth: identity.auth,
        cookies: identity.cookies,
        repo: identity.repo,
        profile,
      }),
  };
};
