import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (the labs' WireGuard private keys) are sealed with AES-256-GCM
 * under the deployment's SECRET_KEY. A sealed value reads `rs1:<key id>:<base64url>`, the
 * base64url holding a random 12-byte nonce, the ciphertext and the 16-byte tag: the version says
 * how to open it, the key id which key sealed it, so a rotation can tell what it has re-sealed
 * and a wrong key is named as such instead of producing garbage.
 */
const VERSION = 'rs1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

export interface SecretKey {
  /** Derived from the key (not secret): which key sealed a value. */
  readonly id: string;
  readonly bytes: Buffer;
}

/** A SECRET_KEY as written: 32 random bytes, in base64 (`openssl rand -base64 32`) or hex. */
export const parseSecretKey = (text: string): SecretKey => {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(
          trimmed,
          trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64',
        )
      : null;
  if (!bytes || bytes.length !== KEY_BYTES)
    throw new SecretKeyError(
      'SECRET_KEY must be 32 random bytes in base64 or hex (make one with `openssl rand -base64 32`)',
    );
  return {
    id: hash('sha256', Buffer.concat([Buffer.from('rampart key id\0'), bytes]), 'hex').slice(0, 12),
    bytes,
  };
};

export const generateSecretKey = (): string => randomBytes(KEY_BYTES).toString('base64');

export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}:`);

/** The id of the key that sealed a value, or null for a value stored in clear. */
export const sealedKeyId = (value: string): string | null =>
  isSealed(value) ? (value.split(':')[1] ?? null) : null;

export interface SecretBox {
  /** The key new values are sealed with. */
  readonly current: SecretKey;
  seal(plaintext: string): string;
  /** Opens a value sealed by any key of the ring; throws a SecretKeyError otherwise. */
  open(sealed: string): string;
}

/** `keys[0]` seals; every key of the ring opens (the others: what a rotation leaves behind). */
export const createSecretBox = (keys: readonly SecretKey[]): SecretBox => {
  const current = keys[0];
  if (!current) throw new SecretKeyError('a secret box needs a key');
  const byId = new Map(keys.map((key) => [key.id, key]));
  return {
    current,
    seal(plaintext) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, nonce);
      const body = Buffer.concat([
        nonce,
        cipher.update(plaintext, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}:${current.id}:${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, keyId, payload] = sealed.split(':');
      if (version !== VERSION || !keyId || payload === undefined)
        throw new SecretKeyError('a stored secret is not sealed in a form this Rampart reads');
      const key = byId.get(keyId);
      if (!key)
        throw new SecretKeyError(
          `a stored secret was sealed with another SECRET_KEY (key id ${keyId}; this server's is ${current.id})`,
        );
      const body = Buffer.from(payload, 'base64url');
      if (body.length < NONCE_BYTES + TAG_BYTES)
        throw new SecretKeyError('a stored secret is truncated');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, body.subarray(0, NONCE_BYTES));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretKeyError(
          `a stored secret does not open with key ${keyId}: altered or corrupt`,
        );
      }
    },
  };
};
