import { getVpnProfile, getVpnStatus } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { callRoute } from '../../../lib/call-route';
import { labQueryKeys } from './lab-query-keys';
import { fillPath } from '../../../lib/route-path';

/** The indicator follows the laptop's handshakes: WireGuard renews one every two minutes. */
const VPN_POLL_MS = 10_000;

/** The player's VPN profile (no key) and last handshake, asked again while the tab is open. */
export const useVpnStatus = (sessionUuid: string, enabled: boolean) =>
  useQuery({
    queryKey: labQueryKeys.vpn(sessionUuid),
    queryFn: ({ signal }) => callRoute(getVpnStatus, { params: { uuid: sessionUuid }, signal }),
    enabled,
    refetchInterval: VPN_POLL_MS,
  });

/**
 * The `.conf` file, private key included. Fetched when the player asks (download, QR code) and
 * kept in no query cache: it leaves the page with the file or the code.
 */
export const fetchVpnProfile = async (sessionUuid: string) => {
  const response = await apiClient.openStream(fillPath(getVpnProfile.path, { uuid: sessionUuid }));
  return response.text();
};
