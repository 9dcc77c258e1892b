import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, warmUpFormats } from './formatters';
import { i18n } from './i18n';

/** Counts the `Intl` formatters built while `run` runs. */
const counting = (name: 'NumberFormat' | 'DateTimeFormat', run: () => void) => {
  const Original = Intl[name];
  let built = 0;
  // A subclass, so `new` and `instanceof` behave as with the original.
  const Counting = class extends (Original as typeof Intl.NumberFormat) {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args);
      built += 1;
    }
  };
  Object.defineProperty(Intl, name, { value: Counting, configurable: true, writable: true });
  try {
    run();
  } finally {
    Object.defineProperty(Intl, name, { value: Original, configurable: true, writable: true });
  }
  return built;
};

describe('the catalogues’ number and date formats', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('format as Intl does, with the options the text names', async () => {
    expect(i18n.t('content:units.points', { count: 12345 })).toBe('12,345 points');
    expect(i18n.t('content:units.minutes', { minutes: 90 })).toBe(
      new Intl.NumberFormat('en', { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(
        90,
      ),
    );
    const date = new Date('2026-03-14T09:30:00Z');
    expect(i18n.t('content:sessionCard.startsAt', { date })).toBe(
      `Starts ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(date)}`,
    );
    await i18n.changeLanguage('fr');
    expect(i18n.t('content:units.points', { count: 12345 })).toBe(
      `${new Intl.NumberFormat('fr').format(12345)} points`,
    );
  });

  it('build one formatter per language and style, not one per value', () => {
    // A ranking or a page of cards: hundreds of different numbers and dates.
    const numbers = counting('NumberFormat', () => {
      for (let n = 0; n < 200; n += 1) i18n.t('content:units.points', { count: n * 7 });
    });
    expect(numbers).toBeLessThanOrEqual(1);
    const dates = counting('DateTimeFormat', () => {
      for (let day = 1; day <= 28; day += 1)
        i18n.t('content:sessionCard.startsAt', { date: new Date(2026, 1, day) });
    });
    expect(dates).toBeLessThanOrEqual(1);
  });

  it('are built ahead of the first screen by the warm-up, for the texts’ own options', () => {
    // German: a language no other test formats in, so its formatters are built here only.
    expect(counting('NumberFormat', () => warmUpFormats('de'))).toBe(1);
    // What i18next hands the format of `{{count, number}}`: the `t` call's options.
    const later = counting('NumberFormat', () =>
      formatNumber(42, 'de', { count: 42, lng: 'de', ns: 'content', interpolationkey: 'count' }),
    );
    expect(later).toBe(0);
    // `{{date, datetime(dateStyle: medium)}}`
    const dates = counting('DateTimeFormat', () =>
      formatDateTime(new Date(2026, 2, 1), 'de', { dateStyle: 'medium', date: new Date() }),
    );
    expect(dates).toBe(0);
  });
});
