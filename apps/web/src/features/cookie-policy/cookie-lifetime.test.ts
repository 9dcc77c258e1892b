import type { CookieLifetime } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { formatCookieLifetime } from './cookie-lifetime';

describe('formatCookieLifetime', () => {
  it.each<[string, CookieLifetime, string]>([
    ['en', { kind: 'days', days: 365 }, '365 days'],
    ['en', { kind: 'days', days: 1 }, '1 day'],
    ['en', { kind: 'minutes', minutes: 30 }, '30 minutes'],
    ['en', { kind: 'session' }, 'Session'],
    ['en', { kind: 'provider' }, 'Set by the identity provider'],
    ['fr', { kind: 'days', days: 365 }, '365 jours'],
    ['fr', { kind: 'minutes', minutes: 1 }, '1 minute'],
    ['fr', { kind: 'minutes', minutes: 30 }, '30 minutes'],
    ['fr', { kind: 'provider' }, "Définie par le fournisseur d'identité"],
  ])('%s: %j → %s', async (language, lifetime, expected) => {
    await i18n.changeLanguage(language);
    expect(formatCookieLifetime(i18n.getFixedT(language, 'cookies'), lifetime)).toBe(expected);
  });
});
