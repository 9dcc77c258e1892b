import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { generateWireguardKeyPair, isWireguardKey, wireguardPublicKey } from './wireguard-keys.js';

const wgPubkey = (privateKey: string) =>
  execFileSync('wg', ['pubkey'], { input: `${privateKey}\n` })
    .toString()
    .trim();

describe('WireGuard keys', () => {
  it('are written as wg writes them, and wg derives the same public key from the private one', () => {
    for (let i = 0; i < 5; i += 1) {
      const pair = generateWireguardKeyPair();
      expect(isWireguardKey(pair.privateKey)).toBe(true);
      expect(isWireguardKey(pair.publicKey)).toBe(true);
      expect(wgPubkey(pair.privateKey)).toBe(pair.publicKey);
      expect(wireguardPublicKey(pair.privateKey)).toBe(pair.publicKey);
    }
  });

  it('derive the public key of a key made by wg genkey', () => {
    const privateKey = execFileSync('wg', ['genkey']).toString().trim();
    expect(wireguardPublicKey(privateKey)).toBe(wgPubkey(privateKey));
  });

  it('are never the same twice', () => {
    const keys = new Set(Array.from({ length: 50 }, () => generateWireguardKeyPair().privateKey));
    expect(keys.size).toBe(50);
  });

  it('refuse what is not a key', () => {
    expect(isWireguardKey('')).toBe(false);
    expect(isWireguardKey('not a key')).toBe(false);
    expect(() => wireguardPublicKey('AAAA')).toThrow();
  });
});
