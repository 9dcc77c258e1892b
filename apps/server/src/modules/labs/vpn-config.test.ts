import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

describe('the lab VPN’s configuration', () => {
  it('reads the endpoint players connect to, and listens on its port', () => {
    expect(loadConfig({ LAB_VPN_ENDPOINT: 'vpn.example.org:443' }).labs.vpn).toEqual({
      endpoint: 'vpn.example.org:443',
      listenPort: 443,
    });
    expect(loadConfig({ LAB_VPN_ENDPOINT: '[2001:db8::1]:51820' }).labs.vpn.listenPort).toBe(51820);
  });

  it('refuses an endpoint that is not host:port, naming the variable', () => {
    for (const endpoint of [
      'vpn.example.org',
      ':51820',
      'vpn.example.org:0',
      'host:70000',
      'a b:1',
    ])
      expect(() => loadConfig({ LAB_VPN_ENDPOINT: endpoint })).toThrow(/LAB_VPN_ENDPOINT/);
  });
});
