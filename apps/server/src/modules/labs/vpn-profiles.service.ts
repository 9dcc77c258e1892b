import { isClosedStatus } from '@rampart/contracts';
import type { VpnStatus } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { ProviderError, type EnvironmentProvider } from './environment-provider.js';
import type { LabsRepository } from './labs.repository.js';
import {
  GATEWAY_ADDRESS,
  MAX_TUNNEL_HOSTS,
  profileFilename,
  renderProfile,
  tunnelAddress,
} from './vpn-profile.js';
import type { VpnProfilesRepository } from './vpn-profiles.repository.js';
import { generateWireguardKeyPair } from './wireguard-keys.js';

/** `host:port` (the host may be a bracketed IPv6 address) → its host. */
const splitEndpoint = (endpoint: string) => ({
  host: endpoint.slice(0, endpoint.lastIndexOf(':')),
});

/** Phases whose gateway may answer: Degraded keeps the machines still up reachable. */
const VPN_PHASES = new Set(['Ready', 'Degraded']);

/**
 * The VPN tab (docs/labs.md). A player's profile is theirs for the session: made when first
 * asked, at the next free address of their team's tunnel range, and taught to each environment
 * their team gets. Everything is found from the caller's membership: there is no way to name
 * another team, its environment or another player's profile. The private key leaves only in the
 * player's own download; provider failures are logged without it.
 */
export const createVpnProfilesService = (deps: {
  labs: LabsRepository;
  profiles: VpnProfilesRepository;
  sessions: SessionsRepository;
  provider: EnvironmentProvider;
  vpn: { endpoint: string; listenPort: number };
  clock: Clock;
  logger: { warn(details: object, message: string): void };
}) => {
  const { labs, profiles, provider } = deps;

  const providerFailure = (error: unknown, what: string) => {
    if (!(error instanceof ProviderError)) throw error;
    deps.logger.warn({ code: error.code, reason: error.message }, `lab VPN: ${what} failed`);
    return new AppError('lab.connection_error');
  };

  /** The caller's profile, taught to their team's live environment. */
  const prepare = async (principal: Principal, sessionUuid: string) => {
    requireCapability(principal, 'game.play');
    const session = await deps.sessions.findSession(sessionUuid);
    if (!session) throw new AppError('session.not_found');
    const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
    if (!player) throw new AppError('session.not_joined');
    if (!player.team_uuid) throw new AppError('team.not_found');
    const teamUuid = player.team_uuid;
    const lab = await labs.findMissionLab(session.mission_uuid);
    if (!lab) throw new AppError('lab.not_configured');
    if (!lab.vpn) throw new AppError('lab.vpn_disabled');
    const now = await deps.clock.now();
    const { status } = deriveSessionState(timelineOf(session), now);
    if (status === 'paused') throw new AppError('session.paused');
    if (isClosedStatus(status)) throw new AppError('session.ended');
    if (status !== 'running') throw new AppError('session.not_running');
    const team = (await deps.sessions.listTeams(sessionUuid)).find((t) => t.uuid === teamUuid);
    if (!team) throw new AppError('team.not_found');
    if (team.eliminated_at) throw new AppError('team.eliminated');
    const environment = await labs.findLive(sessionUuid, teamUuid);
    if (!environment || environment.expires_at <= now) throw new AppError('lab.not_found');
    if (!VPN_PHASES.has(environment.phase)) throw new AppError('lab.not_ready');
    if (!provider.vpnAddPeer || !provider.vpnHandshakes || !provider.capabilities().vpn) {
      deps.logger.warn({ provider: provider.kind }, 'lab VPN: the lab provider runs no VPN');
      throw new AppError('lab.connection_error');
    }

    // A player moved to another team (in the lobby) gets an address in their new team's range.
    const previous = await profiles.findProfile(sessionUuid, principal.accountId);
    if (previous && previous.team_uuid !== teamUuid)
      await profiles.deleteProfile(sessionUuid, principal.accountId);
    const profile = await profiles.ensureProfile(
      { sessionUuid, accountId: principal.accountId, teamUuid, now },
      generateWireguardKeyPair,
      MAX_TUNNEL_HOSTS,
    );
    if (!profile) throw new AppError('lab.vpn_full');
    const gateway = await profiles.ensureGateway(
      sessionUuid,
      teamUuid,
      generateWireguardKeyPair,
      now,
    );
    const address = tunnelAddress(profile.address_index);

    let reached = { labCidr: profile.lab_cidr, endpointPort: profile.endpoint_port };
    if (profile.peer_environment_id !== environment.id || reached.labCidr === null) {
      try {
        const answer = await provider.vpnAddPeer(
          environment.id,
          {
            privateKey: gateway.private_key,
            publicKey: gateway.public_key,
            address: GATEWAY_ADDRESS,
            listenPort: deps.vpn.listenPort,
          },
          { publicKey: profile.public_key, address },
        );
        reached = { labCidr: answer.labCidr, endpointPort: answer.endpointPort ?? null };
      } catch (error) {
        throw providerFailure(error, 'adding a peer');
      }
      await profiles.markPeer(sessionUuid, principal.accountId, environment.id, {
        labCidr: reached.labCidr!,
        endpointPort: reached.endpointPort,
      });
    }
    const { host } = splitEndpoint(deps.vpn.endpoint);
    return {
      session,
      environment,
      profile,
      gateway,
      address,
      labCidr: reached.labCidr!,
      endpoint:
        reached.endpointPort === null ? deps.vpn.endpoint : `${host}:${reached.endpointPort}`,
      filename: profileFilename(session.name),
      now,
    };
  };

  return {
    /** The profile's metadata (never its key) and the laptop's last handshake. */
    async status(principal: Principal, sessionUuid: string): Promise<VpnStatus> {
      const { environment, profile, address, labCidr, endpoint, filename, now } = await prepare(
        principal,
        sessionUuid,
      );
      let handshakes: Map<string, Date>;
      try {
        handshakes = await provider.vpnHandshakes!(environment.id);
      } catch (error) {
        throw providerFailure(error, 'reading handshakes');
      }
      const last = handshakes.get(profile.public_key);
      return {
        address,
        endpoint,
        labCidr,
        filename,
        lastHandshakeAt: last ? last.toISOString() : null,
        serverTime: now.toISOString(),
      };
    },

    /** The `.conf` file, private key included: for the caller's own download only. */
    async profile(principal: Principal, sessionUuid: string) {
      const { profile, gateway, address, labCidr, endpoint, filename } = await prepare(
        principal,
        sessionUuid,
      );
      return {
        filename,
        body: renderProfile({
          privateKey: profile.private_key,
          address,
          gatewayPublicKey: gateway.public_key,
          endpoint,
          labCidr,
        }),
      };
    },
  };
};

export type VpnProfilesService = ReturnType<typeof createVpnProfilesService>;
