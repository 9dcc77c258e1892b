import { useEffect, useState } from 'react';

/**
 * This browser's time (milliseconds since the epoch), refreshed every `intervalMs` while the
 * caller is mounted: relative times ("5 minutes ago") and countdowns stay true. The one clock hook
 * of the web app; a screen that needs the server's time adds its measured offset to it.
 */
export const useNow = (intervalMs = 30_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};
