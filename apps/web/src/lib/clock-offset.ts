/**
 * How far the server's clock is ahead of this browser's (negative when behind), measured when
 * an answer carrying the server's time arrives. Countdowns are computed on the server's time
 * (`useServerNow`), so a browser clock that is wrong by an hour still shows them right.
 */
export const clockOffsetMs = (serverTime: string, receivedAt = Date.now()): number =>
  Date.parse(serverTime) - receivedAt;

/** A session (or anything that carries the server's time) with its measured clock offset. */
export const withClockOffset = <T extends { serverTime: string }>(value: T) => ({
  ...value,
  clockOffsetMs: clockOffsetMs(value.serverTime),
});
