/**
 * What a card shows of a chapter's Markdown summary: its first paragraph, as inline text. The
 * server makes it (`excerpt` of a chapter summary) so that a screen listing chapters needs no
 * Markdown parser; the web app's Markdown component makes the same from the same part of a text.
 */

/** A line that makes the line above it a heading (`===` or `---` under it). */
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/m;
/** A paragraph's first characters: a letter, or emphasis or a code span around one. */
const PARAGRAPH_START = /^(\p{L}|(\*\*?|__?)[\p{L}\p{N}`]|`[^`])/u;

/**
 * The part of `text` an excerpt is made from: its first block when that block is a paragraph,
 * up to the first blank line, which no paragraph crosses. Parsing the rest would cost a card the
 * time of the whole summary for its first lines. The whole text is kept when its end could
 * still change that paragraph (a link or footnote defined further down: `]:`), or when its first
 * block may be something else (a heading, a table, a list, a quote, a fence, HTML...).
 */
export const excerptSource = (text: string): string => {
  const end = text.search(/\n[ \t\r]*\n/);
  if (end === -1) return text;
  const head = text.slice(0, end);
  // A `|` may make the block a table, an underline a heading.
  if (!PARAGRAPH_START.test(head) || SETEXT_UNDERLINE.test(head) || head.includes('|')) return text;
  if (text.includes(']:', end)) return text;
  return head;
};
