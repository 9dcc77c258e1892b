import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n/i18n';
import { describeDevice } from './describe-device';

describe('describeDevice', () => {
  it.each([
    ['en', { name: null, browser: 'Firefox', os: 'Linux' }, 'Firefox on Linux'],
    ['fr', { name: null, browser: 'Firefox', os: 'Linux' }, 'Firefox sur Linux'],
    ['en', { name: 'CI runner', browser: null, os: null }, 'CI runner'],
    ['fr', { name: null, browser: 'Safari', os: null }, 'Safari'],
    ['en', { name: null, browser: null, os: null }, 'Unknown device'],
    ['fr', { name: null, browser: null, os: null }, 'Appareil inconnu'],
  ] as const)('in %s, %o reads "%s"', async (locale, device, expected) => {
    await initI18n(locale);
    await i18n.loadNamespaces('profile');
    expect(describeDevice(i18n.getFixedT(locale, 'profile'), device)).toBe(expected);
  });
});
