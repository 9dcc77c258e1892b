const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * `date` relative to `now` in the largest unit that fits, in `locale`'s words ("5 minutes ago",
 * "il y a 2 jours", "now" under a minute). Time is a parameter: the caller owns the clock.
 */
export const formatRelativeTime = (date: Date, now: Date, locale: string): string => {
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const unit = units.find(([, size]) => Math.abs(seconds) >= size);
  if (!unit) return format.format(0, 'second');
  const [name, size] = unit;
  return format.format(Math.trunc(seconds / size), name);
};
