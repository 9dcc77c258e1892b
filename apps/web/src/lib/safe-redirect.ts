// A made-up origin to resolve against: the check must not depend on where the app is served.
const PROBE_ORIGIN = 'https://rampart.invalid';

/**
 * `value` as a path of this app (path, query, hash), or null when it would leave the app.
 * Redirect targets come from the URL (`?redirect=`), which anyone can craft: taking them as they
 * are is an open redirect. Only same-origin relative paths pass; `//evil.example`,
 * `/\evil.example`, `/\t/evil.example`, `https://…` and `javascript:` do not, whatever the
 * browser would make of them.
 */
export const safeRedirectPath = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // The URL parser drops tabs and newlines and reads `\` as `/`: judge what it resolved to.
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};
