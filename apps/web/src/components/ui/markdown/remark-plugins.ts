import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * A remark plugin: reads GitHub-flavoured Markdown (tables, strikethrough, task lists,
 * autolinks, footnotes), as `remark-gfm` does, without its writer of Markdown: the app renders
 * authored text and never writes it back, and the writer was 6 kB of every screen's first load.
 */
export function remarkGfmReader(this: Processor) {
  // The fields remark's parser reads its extensions from (remark-parse declares them).
  const data = this.data() as {
    micromarkExtensions?: ReturnType<typeof gfm>[];
    fromMarkdownExtensions?: ReturnType<typeof gfmFromMarkdown>[];
  };
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

interface MarkdownNode {
  type: string;
  depth?: number;
  children?: MarkdownNode[];
}

const headingsOf = (node: MarkdownNode): MarkdownNode[] =>
  node.type === 'heading' ? [node] : (node.children ?? []).flatMap(headingsOf);

/**
 * A remark plugin: moves the content's headings so that its top level becomes `base`, keeping
 * their relative depths (capped at 6). Authors write `#` or `##` as they like; on the page the
 * headings always sit below the screen's own.
 */
export const remarkShiftHeadings = (base: HeadingLevel) => (tree: MarkdownNode) => {
  const headings = headingsOf(tree);
  const top = Math.min(...headings.map((heading) => heading.depth ?? 1));
  for (const heading of headings) {
    heading.depth = Math.min(6, base + (heading.depth ?? 1) - top);
  }
};

/** A remark plugin: keeps only the first paragraph (a card's excerpt of a longer summary). */
export const remarkFirstParagraph = () => (tree: MarkdownNode) => {
  const first = (tree.children ?? []).find((node) => node.type === 'paragraph');
  tree.children = first ? [first] : [];
};
