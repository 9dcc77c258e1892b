/** Reading and writing the few cookies the browser itself manages (the locale; the CSRF token is read only). */

export const readCookie = (name: string, cookieHeader: string = document.cookie): string | null => {
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const raw = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
};

export interface WriteCookieOptions {
  days: number;
  path?: string;
  /** Lax on the same origin; a cross-origin deployment needs None (which implies Secure). */
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export const writeCookie = (name: string, value: string, options: WriteCookieOptions): void => {
  const { days, path = '/', sameSite = 'Lax' } = options;
  const maxAge = Math.round(days * 24 * 60 * 60);
  const secure = sameSite === 'None' || window.location.protocol === 'https:';
  document.cookie = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${maxAge}`,
    `Path=${path}`,
    `SameSite=${sameSite}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
};
