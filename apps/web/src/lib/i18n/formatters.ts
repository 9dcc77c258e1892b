import type { i18n as I18n } from 'i18next';

/**
 * The catalogues' `{{n, number}}` and `{{date, datetime(…)}}` formats, with one `Intl` formatter
 * per language and style.
 *
 * i18next's own formats keep their formatters in a cache keyed by every option of the `t` call,
 * the interpolated value included: each new number or date built a new `Intl` formatter, the
 * costliest step of drawing a screen of cards or a ranking (hundreds of `t` calls, a formatter
 * each). Here the key is made of the options `Intl` reads, and nothing else reaches `Intl`, so
 * a text reads the same as before.
 */
const numberOptions = [
  'localeMatcher',
  'style',
  'currency',
  'currencyDisplay',
  'currencySign',
  'unit',
  'unitDisplay',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingIncrement',
  'roundingMode',
  'roundingPriority',
  'trailingZeroDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'numberingSystem',
] as const;

const dateTimeOptions = [
  'localeMatcher',
  'calendar',
  'numberingSystem',
  'hour12',
  'hourCycle',
  'timeZone',
  'weekday',
  'era',
  'year',
  'month',
  'day',
  'dayPeriod',
  'hour',
  'minute',
  'second',
  'fractionalSecondDigits',
  'timeZoneName',
  'formatMatcher',
  'dateStyle',
  'timeStyle',
] as const;

type Format = (
  value: unknown,
  language: string | undefined,
  options?: Record<string, unknown>,
) => string;

const cachedFormat = <F extends { format: (value: never) => string }>(
  read: readonly string[],
  create: (language: string | undefined, options: Record<string, unknown>) => F,
): Format => {
  const formatters = new Map<string, F>();
  return (value, language, options = {}) => {
    const picked: Record<string, unknown> = {};
    for (const name of read) if (options[name] !== undefined) picked[name] = options[name];
    const key = `${language ?? ''}\u0000${JSON.stringify(picked)}`;
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter = create(language, picked);
      formatters.set(key, formatter);
    }
    return formatter.format(value as never);
  };
};

export const formatNumber = cachedFormat(
  numberOptions,
  (language, options) => new Intl.NumberFormat(language, options),
);

export const formatDateTime = cachedFormat(
  dateTimeOptions,
  (language, options) => new Intl.DateTimeFormat(language, options),
);

/** Puts the cached formats in place of i18next's own (once `i18n` is initialised). */
export const installCachedFormats = (i18n: I18n) => {
  const formatter = i18n.services.formatter;
  if (!formatter) throw new Error('i18next has no formatter: interpolation formats are off');
  formatter.add('number', formatNumber);
  formatter.add('datetime', formatDateTime);
};

/**
 * Builds the page's first number and date formatters ahead of the first screen. A page's first
 * `Intl` formatter loads the language's data (tens of milliseconds on a mid-range phone): done
 * while the page waits for its first answers, the screen's drawing does not pay it.
 */
export const warmUpFormats = (language: string) => {
  formatNumber(0, language);
  formatDateTime(0, language, { dateStyle: 'medium' });
};
