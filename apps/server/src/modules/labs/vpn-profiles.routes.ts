import { getVpnProfile, getVpnStatus } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contentDisposition } from '../content/attachments.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { VpnProfilesService } from './vpn-profiles.service.js';

export const registerVpnRoutes = (app: FastifyInstance, deps: { vpn: VpnProfilesService }) => {
  route(app, getVpnStatus, async ({ params, request }) =>
    deps.vpn.status(principalOf(request), params.uuid),
  );

  route(app, getVpnProfile, async ({ params, request, reply }) => {
    const { filename, body } = await deps.vpn.profile(principalOf(request), params.uuid);
    // The file holds the player's private key: no cache, shared or not, may keep it.
    return reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Content-Disposition', contentDisposition(filename))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
};
