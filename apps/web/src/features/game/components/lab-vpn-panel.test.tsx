import type { TeamEnvironment, VpnStatus } from '@rampart/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import {
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';
import { eventually } from '../../../test/eventually';

const now = Date.now();

const teamEnvironment = (vpn: boolean): TeamEnvironment => ({
  lab: {
    machines: [{ name: 'workstation', ports: [] }],
    consoleMachine: 'workstation',
    vpn,
    ttlSeconds: 1800,
    maxTtlSeconds: 3600,
  },
  environment: {
    uuid: '0190a1b2-c3d4-7e5f-8c9b-0000000000e1',
    phase: 'Ready',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 1_800_000).toISOString(),
    renewCount: 0,
    maxRenewals: 2,
    expiresAtLatest: new Date(now + 3_600_000).toISOString(),
  },
  serverTime: new Date(now).toISOString(),
});

const vpnStatus = (lastHandshakeAt: string | null = null): VpnStatus => ({
  address: '10.201.0.2/32',
  endpoint: 'vpn.rampart.test:51820',
  labCidr: '10.13.0.0/24',
  filename: 'lab-session.conf',
  lastHandshakeAt,
  serverTime: new Date(now).toISOString(),
});

const PROFILE = `[Interface]
PrivateKey = cGxheWVyLXByaXZhdGUta2V5LXBsYXllci1wcml2YXQ=
Address = 10.201.0.2/32

[Peer]
PublicKey = Z2F0ZXdheS1wdWJsaWMta2V5LWdhdGV3YXktcHVibGk=
Endpoint = vpn.rampart.test:51820
AllowedIPs = 10.13.0.0/24
PersistentKeepalive = 25
`;

const refusal = (code: string, status: number) => () =>
  Response.json({ error: { code, message: 'server words, never shown' } }, { status });

/** The game screen on its VPN tab, the VPN routes answered by `vpn` and `profile`. */
const openVpnTab = async (
  options: {
    vpn?: () => Response;
    profile?: () => Response;
    hasVpn?: boolean;
    locale?: '' | '/fr';
  } = {},
) => {
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const base = `/api/sessions/${session.uuid}`;
  const profile = vi.fn(options.profile ?? (() => new Response(PROFILE)));
  renderApp(`${options.locale ?? ''}/sessions/${session.uuid}/game`, {
    api: {
      ...gameApi(() => session),
      [`GET ${base}/environment`]: () => Response.json(teamEnvironment(options.hasVpn ?? true)),
      [`GET ${base}/vpn`]: options.vpn ?? (() => Response.json(vpnStatus())),
      [`GET ${base}/vpn/profile`]: profile,
    },
  });
  await screen.findByRole('tab', { name: options.locale === '/fr' ? 'Classement' : 'Ranking' });
  fireEvent.click(screen.getByRole('tab', { name: 'VPN' }));
  return { profile };
};

beforeEach(() => stubViewport(1024));
afterEach(() => vi.restoreAllMocks());

describe('the VPN tab', () => {
  it('shows the player’s address, the server and the lab network, and how to connect', async () => {
    await openVpnTab();
    expect(await screen.findByText('10.201.0.2/32')).toBeTruthy();
    expect(screen.getByText('vpn.rampart.test:51820')).toBeTruthy();
    expect(screen.getByText('10.13.0.0/24')).toBeTruthy();
    expect(screen.getByText('Not connected yet').getAttribute('role')).toBe('status');
    const steps = within(screen.getByRole('heading', { name: 'How to connect' }).parentElement!);
    expect(steps.getAllByRole('listitem')).toHaveLength(4);
    expect(
      steps.getByText(/Reach the lab machines at their addresses in 10\.13\.0\.0\/24/),
    ).toBeTruthy();
    // The private key is fetched only when the player asks for the file or the code.
    expect(document.body.textContent).not.toContain('PrivateKey');
  });

  it('says connected while the laptop’s last handshake is recent', async () => {
    await openVpnTab({
      vpn: () => Response.json(vpnStatus(new Date(now - 30_000).toISOString())),
    });
    expect(
      (await screen.findByText(/^Connected · last handshake at/)).closest('[role="status"]'),
    ).toBeTruthy();
  });

  it('says not connected when the last handshake is older than WireGuard’s renewal', async () => {
    await openVpnTab({
      vpn: () => Response.json(vpnStatus(new Date(now - 600_000).toISOString())),
    });
    expect(await screen.findByText(/^Not connected · last handshake at/)).toBeTruthy();
  });

  it('downloads the profile as a file named by the server', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:profile';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { profile } = await openVpnTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the profile' }));
    await eventually(() => expect(clicked).toHaveLength(1));
    expect(profile).toHaveBeenCalledTimes(1);
    expect(clicked[0]!.download).toBe('lab-session.conf');
    expect(await created[0]!.text()).toBe(PROFILE);
  });

  it('shows the QR code on demand, with a text saying what it is, and hides it again', async () => {
    await openVpnTab();
    const show = await screen.findByRole('button', { name: 'Show the QR code' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const code = await screen.findByRole('img', { name: /QR code of your WireGuard profile/ });
    expect(code.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText(/contains your private key/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide the QR code' }));
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('says “Game connection error” in French when the gateway cannot be reached', async () => {
    await openVpnTab({ vpn: refusal('lab.connection_error', 502), locale: '/fr' });
    expect(
      await screen.findByText('Erreur de connexion au jeu : contactez l’administrateur'),
    ).toBeTruthy();
  });

  it('says why a download is refused', async () => {
    await openVpnTab({ profile: refusal('team.eliminated', 403) });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the profile' }));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('team.eliminated');
  });

  it('says the lab is reached through the Console tab only when it has no VPN', async () => {
    await openVpnTab({ hasVpn: false, vpn: refusal('lab.vpn_disabled', 404) });
    expect(
      await screen.findByText(/reached through the Console tab only: it has no VPN/),
    ).toBeTruthy();
  });
});
