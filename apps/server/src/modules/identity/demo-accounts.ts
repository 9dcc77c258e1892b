import type { AuthService } from './auth.service.js';
import type { IdentityRepository } from './identity.repository.js';

export const DEMO_PASSWORD = 'Rampart#2025';

export const demoAccounts = [
  { username: 'trainer', pseudo: 'Trainer', role: 'trainer', locale: 'fr' },
  { username: 'alice', pseudo: 'Alice', role: 'player', locale: 'en' },
  { username: 'bob', pseudo: 'Bob', role: 'player', locale: 'fr' },
  { username: 'carol', pseudo: 'Carol', role: 'player', locale: 'en' },
  { username: 'dave', pseudo: 'Dave', role: 'player', locale: 'fr' },
  { username: 'erin', pseudo: 'Erin', role: 'player', locale: 'en' },
  { username: 'frank', pseudo: 'Frank', role: 'player', locale: 'fr' },
] as const;

/** Creates the demo accounts on a database that has no account at all; returns whether it did. */
export const seedDemoAccounts = async (deps: { repo: IdentityRepository; auth: AuthService }) => {
  if ((await deps.repo.countAccounts()) > 0) return false;
  for (const account of demoAccounts) {
    await deps.auth.createAccount({ ...account, password: DEMO_PASSWORD });
  }
  return true;
};
