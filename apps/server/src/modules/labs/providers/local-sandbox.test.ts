import { describe, expect, it } from 'vitest';
import { localLabTemplate } from '../../../../test/local-lab.js';
import { anchorScript, encodeMachineEnv, labEtcFiles, sandboxOptions } from './local-sandbox.js';

/** The host paths a sandbox's options bind, read-only or not. */
const boundSources = (options: string[]) =>
  options.flatMap((option, index) =>
    ['--bind', '--ro-bind', '--dev-bind', '--bind-try', '--ro-bind-try'].includes(option)
      ? [options[index + 1]!]
      : [],
  );

describe('the local provider’s sandboxes, as command lines', () => {
  const options = sandboxOptions({
    rootfs: '/',
    etcDir: '/tmp/rampart-labs-1/lab-1-1',
    hostname: 'web',
    tmpfsBytes: 16 << 20,
  });

  it('bind nothing of the host but the root filesystem’s /usr and the lab’s generated /etc files', () => {
    const sources = boundSources(options);
    expect(sources[0]).toBe('/usr');
    for (const source of sources.slice(1))
      expect(source).toMatch(/^\/tmp\/rampart-labs-1\/lab-1-1\/[a-z.]+$/);
    for (const forbidden of ['/etc', '/home', '/root', '/var', process.cwd()])
      expect(
        sources.some((source) => source === forbidden || source.startsWith(`${forbidden}/`)),
      ).toBe(false);
  });

  it('run the player as uid 1000 with no capability, no nested user namespace, sized tmpfs', () => {
    const joined = options.join(' ');
    expect(joined).toContain('--uid 1000 --gid 1000');
    expect(joined).toContain('--cap-drop ALL');
    expect(joined).toContain('--unshare-user');
    expect(joined).toContain('--disable-userns');
    expect(joined).toContain('--die-with-parent');
    expect(joined).toContain(`--size ${16 << 20} --tmpfs /tmp`);
    expect(joined).toContain(`--size ${16 << 20} --tmpfs /home`);
    expect(joined).toContain('--clearenv');
  });

  it('name every machine of the lab in /etc/hosts', () => {
    expect(labEtcFiles(localLabTemplate()).hosts).toBe(
      '127.0.0.1 localhost\n10.200.0.10 workstation\n10.200.0.11 web\n',
    );
  });

  it('keep the flags out of the anchor’s script: they travel base64-encoded on its stdin', () => {
    const template = localLabTemplate();
    const script = anchorScript({
      machines: template.machines.map((machine) => ({
        name: machine.name,
        rootfs: '/',
        command: machine.command ?? ['sleep', 'infinity'],
        ports: machine.ports,
      })),
      etcDir: '/tmp/rampart-labs-1/lab-1-1',
      tmpfsBytes: 16 << 20,
      bwrap: 'bwrap',
    });
    expect(script).not.toContain('RAMPART{');
    expect(script).toContain('read -r env_1');
    const encoded = encodeMachineEnv({ FLAG: "RAMPART{it's\nLAB_ENV}" });
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]*$/);
    expect(Buffer.from(encoded, 'base64').toString()).toBe("FLAG='RAMPART{it'\\''s\nLAB_ENV}'\n");
  });
});
