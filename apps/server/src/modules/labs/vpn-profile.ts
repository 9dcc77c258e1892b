/**
 * A player's WireGuard profile (docs/labs.md): the `.conf` file WireGuard clients import, and the
 * tunnel addressing it uses.
 *
 * Each team's gateway lives in its own lab's network, so every team may use the same tunnel
 * range: the gateway is `.1` of it and the team's players take `.2` onwards, one /32 each.
 */
export const TUNNEL_NETWORK = '10.201.0.0/24';
export const GATEWAY_ADDRESS = '10.201.0.1/24';
const TUNNEL_BASE = '10.201.0.';
/** `.2` to `.254`: the addresses a team's players may hold (the gateway has `.1`). */
export const MAX_TUNNEL_HOSTS = 253;

/** The /32 of a team's n-th player (0-based). */
export const tunnelAddress = (index: number) => {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_TUNNEL_HOSTS)
    throw new RangeError(`no tunnel address number ${index}`);
  return `${TUNNEL_BASE}${index + 2}/32`;
};

/** Keep-alives every 25 s hold a laptop's NAT mapping open, as WireGuard's docs advise. */
const KEEPALIVE_SECONDS = 25;

export interface ProfileFields {
  privateKey: string;
  address: string;
  gatewayPublicKey: string;
  endpoint: string;
  /** The lab's network: the only thing routed through the tunnel. */
  labCidr: string;
}

/**
 * The `.conf` file. `AllowedIPs` is the lab's network only, never `0.0.0.0/0`: the player's
 * other traffic stays off the tunnel, and nothing but the lab is reachable through it.
 */
export const renderProfile = (fields: ProfileFields) =>
  [
    '[Interface]',
    `PrivateKey = ${fields.privateKey}`,
    `Address = ${fields.address}`,
    '',
    '[Peer]',
    `PublicKey = ${fields.gatewayPublicKey}`,
    `Endpoint = ${fields.endpoint}`,
    `AllowedIPs = ${fields.labCidr}`,
    `PersistentKeepalive = ${KEEPALIVE_SECONDS}`,
    '',
  ].join('\n');

/** A file name WireGuard clients accept as an interface name: 15 characters at most. */
export const profileFilename = (sessionName: string) => {
  const slug = sessionName
    .normalize('NFKD')
    // Accents go (é → e), then anything else not a letter or digit becomes one "-".
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 15)
    .replace(/-+$/, '');
  return `${slug || 'rampart-lab'}.conf`;
};
