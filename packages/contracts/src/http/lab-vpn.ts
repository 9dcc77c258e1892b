import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The VPN tab (docs/labs.md): one WireGuard profile per player and session, made when first
 * asked, kept across the session's environments. Both routes resolve the caller's own team
 * only (never a team or environment the client names), while the session runs, for a team still
 * in the game, when the mission's lab has a VPN (404 `lab.vpn_disabled` otherwise).
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });

/** A handshake this recent means the player's laptop is connected (WireGuard re-keys every 2 min). */
export const vpnConnectedSeconds = 180;

export const vpnStatusSchema = z.object({
  /** The player's tunnel address, e.g. `10.201.0.2/32`. */
  address: z.string(),
  /** Where the laptop connects (`host:port`). */
  endpoint: z.string(),
  /** The lab's network: all the tunnel carries (the profile's AllowedIPs). */
  labCidr: z.string(),
  /** The `.conf` file's name, as the download names it. */
  filename: z.string(),
  /** The last completed handshake of this player's laptop with the lab's gateway; null: never. */
  lastHandshakeAt: instant.nullable(),
  serverTime: instant,
});
export type VpnStatus = z.infer<typeof vpnStatusSchema>;

export const getVpnStatus = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/vpn',
  summary: 'The caller’s VPN profile (no key) and whether their laptop is connected',
  tag: 'labs',
  access: 'player',
  params: z.object({ uuid }),
  responses: { 200: vpnStatusSchema, 403: null, 404: null, 409: null, 502: null },
});

export const getVpnProfile = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/vpn/profile',
  summary: 'Downloads the caller’s WireGuard profile (.conf, with their private key)',
  tag: 'labs',
  access: 'player',
  params: z.object({ uuid }),
  produces: 'text/plain',
  responses: { 200: null, 403: null, 404: null, 409: null, 502: null },
});

export const labVpnRoutes = [getVpnStatus, getVpnProfile] as const;
