/** A piece of a message's text: plain text, or a link that is safe to open. */
export type MessageSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A run of non-space characters starting with http:// or https://.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than a URL ("see https://x.org.").
const TRAILING = /[.,;:!?)\]}]+$/;

const safeHref = (candidate: string): string | null => {
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // No credentials in a link a player is invited to click.
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
};

/**
 * Splits a message into text and links. Only http and https URLs become links; everything else,
 * HTML included, stays text (React escapes it). `javascript:`, `data:` and friends never match.
 */
export const messageSegments = (text: string): MessageSegment[] => {
  const segments: MessageSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const trimmed = raw.replace(TRAILING, '');
    const href = safeHref(trimmed);
    pushText(text.slice(last, start));
    if (href) {
      segments.push({ kind: 'link', text: trimmed, href });
      pushText(raw.slice(trimmed.length));
    } else {
      pushText(raw);
    }
    last = start + raw.length;
  }
  pushText(text.slice(last));
  return segments;
};
