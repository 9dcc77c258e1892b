/** Schemes a link in authored content may use; anything else (javascript:, data:, vbscript:…) is dropped. */
const allowedSchemes = new Set(['http', 'https', 'mailto']);

/**
 * The URL itself when it is relative or uses an allowed scheme, else `''` (the link loses its
 * target). Browsers ignore ASCII whitespace and control characters inside a scheme
 * (`java\tscript:`), so the scheme is read with them removed.
 */
export const safeUrl = (url: string): string => {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = compact.indexOf(':');
  if (colon === -1) return url;
  // A colon after the first `/`, `?` or `#` is part of a relative path, not a scheme.
  const firstDelimiter = compact.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return url;
  return allowedSchemes.has(compact.slice(0, colon).toLowerCase()) ? url : '';
};
