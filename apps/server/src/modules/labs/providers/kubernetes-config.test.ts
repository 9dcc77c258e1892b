import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';

const kubeconfigFile = () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rampart-kube-')), 'config');
  writeFileSync(file, 'apiVersion: v1\nkind: Config\n');
  return file;
};

describe('the Kubernetes provider’s configuration', () => {
  it('refuses to start without a way to reach the cluster, saying which settings give one', () => {
    expect(() => loadConfig({ LAB_PROVIDER: 'kubernetes' })).toThrow(
      /LAB_K8S_KUBECONFIG .* or LAB_K8S_IN_CLUSTER=true/,
    );
    expect(() =>
      loadConfig({ LAB_PROVIDER: 'kubernetes', LAB_K8S_KUBECONFIG: '/nonexistent/kubeconfig' }),
    ).toThrow(/LAB_K8S_KUBECONFIG names no file/);
    // Outside a pod there is no service account to run as.
    expect(() => loadConfig({ LAB_PROVIDER: 'kubernetes', LAB_K8S_IN_CLUSTER: 'true' })).toThrow(
      /no service account token/,
    );
  });

  it('reads a kubeconfig file with defaults for the namespaces and the VPN gateway', () => {
    const file = kubeconfigFile();
    const { labs } = loadConfig({ LAB_PROVIDER: 'kubernetes', LAB_K8S_KUBECONFIG: file });
    expect(labs.provider).toBe('kubernetes');
    expect(labs.kubernetes).toEqual({
      kubeconfig: file,
      inCluster: false,
      namespacePrefix: 'rampart-lab',
      vpnGateway: {
        namespaceSelector: { 'kubernetes.io/metadata.name': 'rampart-vpn' },
        podSelector: { 'app.kubernetes.io/name': 'rampart-vpn-gateway' },
        cidr: null,
      },
      runtimeClassName: null,
    });
  });

  it('reads the namespace prefix, the gateway’s selectors and addresses and a runtime class', () => {
    const { labs } = loadConfig({
      LAB_PROVIDER: 'kubernetes',
      LAB_K8S_KUBECONFIG: kubeconfigFile(),
      LAB_K8S_NAMESPACE_PREFIX: 'ctf',
      LAB_K8S_VPN_GATEWAY_NAMESPACE_SELECTOR: 'role=vpn,tier=edge',
      LAB_K8S_VPN_GATEWAY_POD_SELECTOR: 'app=wg',
      LAB_K8S_VPN_CIDR: '10.200.0.0/16',
      LAB_K8S_RUNTIME_CLASS: 'gvisor',
    });
    expect(labs.kubernetes).toMatchObject({
      namespacePrefix: 'ctf',
      vpnGateway: {
        namespaceSelector: { role: 'vpn', tier: 'edge' },
        podSelector: { app: 'wg' },
        cidr: '10.200.0.0/16',
      },
      runtimeClassName: 'gvisor',
    });
  });

  it('refuses a prefix that makes no DNS label, a malformed selector or address block', () => {
    const file = kubeconfigFile();
    for (const [name, value] of [
      ['LAB_K8S_NAMESPACE_PREFIX', 'Rampart_Labs'],
      ['LAB_K8S_NAMESPACE_PREFIX', 'a-prefix-much-too-long-for-names'],
      ['LAB_K8S_VPN_GATEWAY_POD_SELECTOR', 'app'],
      ['LAB_K8S_VPN_CIDR', '10.200.0.0'],
    ] as const) {
      const load = () =>
        loadConfig({ LAB_PROVIDER: 'kubernetes', LAB_K8S_KUBECONFIG: file, [name]: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(new RegExp(name));
    }
  });
});
