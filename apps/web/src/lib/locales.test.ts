import { availableLocales, defaultLocale } from '@rampart/contracts';
import { expect, it } from 'vitest';
import { appLocales, fallbackLocale } from './locales';

it('mirrors the locales declared in the contracts', () => {
  expect(appLocales).toEqual(availableLocales);
  expect(fallbackLocale).toBe(defaultLocale);
});
