import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import {
  createIdentityRepository,
  type AccountRow,
} from '../src/modules/identity/identity.repository.js';
import { hashPassword } from '../src/modules/identity/passwords.js';

export const TEST_PASSWORD = 'Correct#Horse9';
let cachedHash: Promise<string> | undefined;

/** An account with a unique username and pseudo; the password is TEST_PASSWORD unless given. */
export const buildAccount = async (
  db: Kysely<Database>,
  overrides: Partial<{
    username: string;
    pseudo: string;
    role: 'player' | 'trainer';
    password: string;
    avatarId: string | null;
    locale: 'fr' | 'en';
  }> = {},
): Promise<AccountRow & { password: string }> => {
  const suffix = randomBytes(4).toString('hex');
  const password = overrides.password ?? TEST_PASSWORD;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = overrides.password ? await hashPassword(password) : await cachedHash;
  const created = await createIdentityRepository(db).insertAccount({
    username: overrides.username ?? `user_${suffix}`,
    pseudo: overrides.pseudo ?? `Player ${suffix}`,
    role: overrides.role ?? 'player',
    passwordHash,
    locale: overrides.locale ?? 'en',
    avatarId: overrides.avatarId ?? null,
  });
  if ('conflict' in created) throw new Error(`account ${created.conflict} already taken`);
  return { ...created, password };
};
