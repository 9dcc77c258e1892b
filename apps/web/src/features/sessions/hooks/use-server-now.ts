import { useNow } from '../../../lib/use-now';

/**
 * The server's time now, as this browser estimates it from the offset measured when the session
 * was read; refreshed every `intervalMs` while the calling screen is mounted.
 */
export const useServerNow = (clockOffsetMs: number, intervalMs = 250): number =>
  useNow(intervalMs) + clockOffsetMs;

/** Milliseconds from `now` to an instant (ISO), never below zero; null without an instant. */
export const msUntil = (instant: string | null, now: number): number | null =>
  instant === null ? null : Math.max(0, Date.parse(instant) - now);

/** `mm:ss`, or `h:mm:ss` from an hour on; rounded up, so 0:00 shows only at the very end. */
export const formatClock = (ms: number): string => {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
};
