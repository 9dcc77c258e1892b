import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

/**
 * WireGuard keys from Node's own crypto (docs/labs.md): Curve25519 key pairs, written as
 * WireGuard writes them — the raw 32 bytes in standard base64 (`wg genkey`, `wg pubkey`).
 */
export interface WireguardKeyPair {
  privateKey: string;
  publicKey: string;
}

/** The fixed DER header of a PKCS#8 X25519 private key: what precedes its raw 32 bytes. */
const PKCS8_X25519_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

const KEY = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw480]=$/;

/** Whether a string is a WireGuard key (32 bytes in base64), as `wg` would accept it. */
export const isWireguardKey = (value: string) => KEY.test(value);

const base64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

export const generateWireguardKeyPair = (): WireguardKeyPair => {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  const secret = privateKey.export({ format: 'jwk' });
  const shared = publicKey.export({ format: 'jwk' });
  return { privateKey: base64(secret.d!), publicKey: base64(shared.x!) };
};

/** The public key of a private one, as `wg pubkey` derives it. */
export const wireguardPublicKey = (privateKey: string): string => {
  if (!isWireguardKey(privateKey)) throw new Error('not a WireGuard key');
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_X25519_PREFIX, Buffer.from(privateKey, 'base64')]),
    format: 'der',
    type: 'pkcs8',
  });
  return base64(createPublicKey(key).export({ format: 'jwk' }).x!);
};
