import { excerptSource } from '@rampart/contracts';
import { memo, type ComponentPropsWithoutRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import styles from './markdown.module.css';
import {
  remarkFirstParagraph,
  remarkGfmReader,
  remarkShiftHeadings,
  type HeadingLevel,
} from './remark-plugins';
import { safeUrl } from './safe-url';

interface MarkdownProps {
  /** Authored Markdown (GitHub flavour). Raw HTML in it is dropped, never rendered. */
  children: string;
  /**
   * The level the content's top headings take, so that they continue the page's outline instead
   * of competing with its title (see remark-plugins.ts).
   */
  headingLevel?: HeadingLevel;
  /**
   * `excerpt`: the first paragraph, inline text only (emphasis, code), for a summary under a
   * title: links unwrap to their text. (A chapter's card has its excerpt from the server, drawn
   * by `ExcerptText` without this parser.)
   */
  variant?: 'full' | 'excerpt';
  className?: string;
}

/** Opens outside the app, in a new tab that cannot reach back to this one. */
function ExternalLink({ href, children }: ComponentPropsWithoutRef<'a'>) {
  const { t } = useTranslation();
  // The URL was refused by `safeUrl`: keep the words, drop the link.
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children} <span className="visually-hidden">{t('a11y.opensInNewTab')}</span>
    </a>
  );
}

function ImageAlt({ alt }: ComponentPropsWithoutRef<'img'>) {
  return alt ? <span className={styles.imageAlt}>{alt}</span> : null;
}

const components: Components = { a: ExternalLink, img: ImageAlt };

const excerptElements = ['p', 'strong', 'em', 'code', 'del'];

/** How many rendered texts are kept: a mission's briefing, its objectives, a chapter. */
const RENDERED_LIMIT = 200;
const rendered = new Map<string, ReactElement>();

/**
 * The elements of a text, parsed once per text and options: the same briefing is shown in its tab
 * and in the modal of a first visit, the same description in the list and the detail, and a
 * screen that mounts again finds its texts parsed. Elements are immutable, so one may be
 * rendered in several places; the oldest are forgotten past `RENDERED_LIMIT`.
 */
const renderMarkdown = (text: string, variant: 'full' | 'excerpt', headingLevel: HeadingLevel) => {
  const key = `${variant}\u0000${headingLevel}\u0000${text}`;
  const known = rendered.get(key);
  if (known) {
    // Most recently used last: the map's order is the order of forgetting.
    rendered.delete(key);
    rendered.set(key, known);
    return known;
  }
  const element = ReactMarkdown({
    children: variant === 'excerpt' ? excerptSource(text) : text,
    remarkPlugins:
      variant === 'excerpt'
        ? [remarkGfmReader, remarkFirstParagraph]
        : [remarkGfmReader, [remarkShiftHeadings, headingLevel]],
    skipHtml: true,
    urlTransform: safeUrl,
    components,
    ...(variant === 'excerpt' ? { allowedElements: excerptElements, unwrapDisallowed: true } : {}),
  });
  rendered.set(key, element);
  if (rendered.size > RENDERED_LIMIT) rendered.delete(rendered.keys().next().value as string);
  return element;
};

/**
 * Renders content Markdown safely: no raw HTML (no rehype-raw, ever), links only to http(s) and
 * mailto, each opening a new tab with `rel="noopener noreferrer"`, images replaced by their
 * alternative text (no request to another site, and the CSP allows none).
 *
 * Parsing is the costliest rendering on the game screen: each text is parsed once
 * (`renderMarkdown`), and the component is memoised, its props all strings, as its parents
 * re-render often (a speedrun's value ticks every second, every stream event refreshes a query).
 */
export const Markdown = memo(function Markdown({
  children,
  headingLevel = 3,
  variant = 'full',
  className,
}: MarkdownProps) {
  return (
    <div className={[styles.markdown, className].filter(Boolean).join(' ')}>
      {renderMarkdown(children, variant, headingLevel)}
    </div>
  );
});
