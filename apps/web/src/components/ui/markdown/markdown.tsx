import { memo, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styles from './markdown.module.css';
import { remarkFirstParagraph, remarkShiftHeadings, type HeadingLevel } from './remark-plugins';
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
   * `excerpt`: the first paragraph, inline text only (emphasis, code), for a summary inside a
   * card whose title is already a link: links unwrap to their text.
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

/**
 * Renders content Markdown safely: no raw HTML (no rehype-raw, ever), links only to http(s) and
 * mailto, each opening a new tab with `rel="noopener noreferrer"`, images replaced by their
 * alternative text (no request to another site, and the CSP allows none).
 *
 * Memoised: parsing is the costliest rendering on the game screen, and the text rarely changes
 * while its parents re-render often (a speedrun's value ticks every second, every stream event
 * refreshes a query). Its props are all strings, so the same text is parsed once.
 */
export const Markdown = memo(function Markdown({
  children,
  headingLevel = 3,
  variant = 'full',
  className,
}: MarkdownProps) {
  return (
    <div className={[styles.markdown, className].filter(Boolean).join(' ')}>
      <ReactMarkdown
        remarkPlugins={
          variant === 'excerpt'
            ? [remarkGfm, remarkFirstParagraph]
            : [remarkGfm, [remarkShiftHeadings, headingLevel]]
        }
        skipHtml
        urlTransform={safeUrl}
        components={components}
        {...(variant === 'excerpt'
          ? { allowedElements: excerptElements, unwrapDisallowed: true }
          : {})}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
});
