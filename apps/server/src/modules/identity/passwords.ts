import { hash, verify } from '@node-rs/argon2';
import { randomToken } from '../../lib/secrets.js';

/** argon2id with OWASP's parameters: 19 MiB, 2 passes, 1 lane. */
const parameters = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, parameters);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification, for unknown usernames, so that a wrong username and a
 * wrong password cannot be told apart by how long the answer takes.
 */
export const verifyAgainstNothing = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('rampart-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
};

/** A temporary password that meets the rules of new passwords, to be handed over once. */
export const generateTemporaryPassword = (): string => `${randomToken(12)}#7Aa`;
