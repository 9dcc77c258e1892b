import { excerptSource, type TextMark, type TextRun } from '@rampart/contracts';
import type { PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

const MARK_OF = { strong: 'strong', emphasis: 'em', delete: 'del' } as const;

const push = (runs: TextRun[], text: string, marks: TextMark[]) => {
  if (text === '') return;
  const last = runs.at(-1);
  if (last && last.marks.join() === marks.join()) last.text += text;
  else runs.push({ text, marks });
};

/**
 * Flattens inline Markdown into runs, outermost mark first. Links keep their words; images,
 * note references and raw HTML leave nothing: an excerpt is a few words in a card, whose title
 * is already a link.
 */
const collect = (nodes: readonly PhrasingContent[], marks: TextMark[], runs: TextRun[]) => {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        push(runs, node.value, marks);
        break;
      case 'inlineCode':
        push(runs, node.value, [...marks, 'code']);
        break;
      case 'break':
        push(runs, '\n', marks);
        break;
      case 'strong':
      case 'emphasis':
      case 'delete':
        collect(node.children, [...marks, MARK_OF[node.type]], runs);
        break;
      case 'link':
      case 'linkReference':
        collect(node.children, marks, runs);
        break;
      default:
        break;
    }
  }
};

const isParagraph = (node: RootContent) => node.type === 'paragraph';

/**
 * How much of a first paragraph is parsed: a card shows three lines of it (some 300 characters),
 * and the parser's emphasis takes time in the square of the delimiters' count (20,000 characters
 * of `*_`, the most a summary may have, held the server four seconds; 1,000, 10 ms).
 */
export const EXCERPT_SOURCE_CHARS = 1_000;

/** The first `EXCERPT_SOURCE_CHARS` of a text, cut after a word, marked as cut. */
const bounded = (text: string) => {
  if (text.length <= EXCERPT_SOURCE_CHARS) return text;
  const head = text.slice(0, EXCERPT_SOURCE_CHARS);
  const lastSpace = head.search(/\s\S*$/);
  return `${lastSpace > 0 ? head.slice(0, lastSpace) : head}…`;
};

/** Texts already made into runs: every home of every player shows the same few summaries. */
const EXCERPTS_KEPT = 500;
const made = new Map<string, readonly TextRun[]>();

/**
 * The first paragraph of a Markdown text (GitHub's flavour, as the web app reads it) as runs of
 * plain text and their marks: what a chapter's card shows. Parsed once per text, its first
 * `EXCERPT_SOURCE_CHARS` only.
 */
export const summaryExcerpt = (markdown: string): TextRun[] => {
  let runs = made.get(markdown);
  if (!runs) {
    const tree = fromMarkdown(bounded(excerptSource(markdown)), {
      extensions: [gfm()],
      mdastExtensions: [gfmFromMarkdown()],
    });
    const first = tree.children.find(isParagraph);
    const collected: TextRun[] = [];
    if (first?.type === 'paragraph') collect(first.children, [], collected);
    runs = collected;
    made.set(markdown, runs);
    if (made.size > EXCERPTS_KEPT) made.delete(made.keys().next().value as string);
  }
  return runs.map((run) => ({ text: run.text, marks: [...run.marks] }));
};
