import { describe, expect, it } from 'vitest';
import { MAX_TUNNEL_HOSTS, profileFilename, renderProfile, tunnelAddress } from './vpn-profile.js';
import { generateWireguardKeyPair } from './wireguard-keys.js';

describe('a player’s WireGuard profile', () => {
  it('routes only the lab network through the tunnel, with the player’s own /32', () => {
    const player = generateWireguardKeyPair();
    const gateway = generateWireguardKeyPair();
    const conf = renderProfile({
      privateKey: player.privateKey,
      address: tunnelAddress(0),
      gatewayPublicKey: gateway.publicKey,
      endpoint: 'vpn.example.org:51820',
      labCidr: '10.13.0.0/24',
    });
    expect(conf).toBe(
      [
        '[Interface]',
        `PrivateKey = ${player.privateKey}`,
        'Address = 10.201.0.2/32',
        '',
        '[Peer]',
        `PublicKey = ${gateway.publicKey}`,
        'Endpoint = vpn.example.org:51820',
        'AllowedIPs = 10.13.0.0/24',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    );
    expect(conf).not.toContain(player.publicKey);
    expect(conf).not.toContain(gateway.privateKey);
  });

  it('gives a team’s players .2 to .254, the gateway keeping .1', () => {
    expect(tunnelAddress(0)).toBe('10.201.0.2/32');
    expect(tunnelAddress(MAX_TUNNEL_HOSTS - 1)).toBe('10.201.0.254/32');
    expect(() => tunnelAddress(MAX_TUNNEL_HOSTS)).toThrow(RangeError);
    expect(() => tunnelAddress(-1)).toThrow(RangeError);
  });

  it('is named as WireGuard clients accept an interface: at most 15 plain characters', () => {
    expect(profileFilename('Red Team — Café Hack!')).toBe('red-team-cafe-h.conf');
    expect(profileFilename('Lab')).toBe('lab.conf');
    expect(profileFilename('ééé')).toBe('eee.conf');
    expect(profileFilename('日本')).toBe('rampart-lab.conf');
    expect(profileFilename('aaaaaaaaaaaaaa b')).toBe('aaaaaaaaaaaaaa.conf');
  });
});
