export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

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
