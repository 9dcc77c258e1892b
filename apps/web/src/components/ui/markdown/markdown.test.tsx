import { render } from '@testing-library/react';
import { excerptSource } from '@rampart/contracts';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';
import { safeUrl } from './safe-url';

const hostile = [
  '<script>window.__pwned = "script"; alert(1)</script>',
  '',
  '<img src=x onerror="window.__pwned = \'onerror\'; alert(1)">',
  '',
  'Inline <b onmouseover="alert(1)">html</b> and <iframe src="javascript:alert(1)"></iframe>.',
  '',
  '[x](javascript:alert(1)) [upper](JaVaScRiPt:alert(1)) [tab](java\tscript:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [vb](vbscript:msgbox(1))',
  '[entity](&#106;avascript:alert(1)) [ref][evil] <javascript:alert(1)>',
  '',
  '![pic](javascript:alert(1)) ![remote](https://tracker.example/pixel.png)',
  '',
  '[evil]: javascript:alert(1)',
].join('\n');

describe('Markdown', () => {
  it('never runs or keeps a script, an event handler or a javascript: link', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { container } = render(<Markdown>{hostile}</Markdown>);

    expect(container.querySelectorAll('script, iframe, img, b, object, embed')).toHaveLength(0);
    const attributes = [...container.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().map((name) => [name, element.getAttribute(name) ?? '']),
    );
    expect(attributes.filter(([name]) => name!.startsWith('on') || name === 'src')).toEqual([]);
    expect(attributes.filter(([, value]) => /script:|data:/i.test(value!))).toEqual([]);
    // Every refused link became plain text: no anchor is left at all.
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
    expect((window as { __pwned?: string }).__pwned).toBeUndefined();
    // The words of a refused link stay readable.
    expect(container.textContent).toContain('upper');
  });

  it('opens links in a new tab that cannot reach back, and says so', () => {
    const { getByRole } = render(
      <Markdown>{'Read the [OWASP Top 10](https://owasp.org/Top10/) first.'}</Markdown>,
    );
    const link = getByRole('link', { name: 'OWASP Top 10 (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://owasp.org/Top10/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders GitHub-flavoured Markdown: lists, code, tables, strikethrough', () => {
    const { container } = render(
      <Markdown>
        {
          '- **bold** and `code`\n- ~~old~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncurl -s x\n```'
        }
      </Markdown>,
    );
    expect(container.querySelector('li strong')?.textContent).toBe('bold');
    expect(container.querySelector('li code')?.textContent).toBe('code');
    expect(container.querySelector('del')?.textContent).toBe('old');
    expect(container.querySelectorAll('table td')).toHaveLength(2);
    expect(container.querySelector('pre code')?.textContent).toBe('curl -s x\n');
  });

  it.each([
    ['#', '# Story\n\n## Twist'],
    ['##', '## Story\n\n### Twist'],
  ])('continues the page outline below its title (content headings from %s)', (_top, content) => {
    const { container } = render(<Markdown headingLevel={3}>{content}</Markdown>);
    expect([...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => h.tagName)).toEqual(
      ['H3', 'H4'],
    );
  });

  it('keeps the first paragraph, as inline text, in an excerpt', () => {
    const { container } = render(
      <Markdown variant="excerpt">
        {'# Title\n\nSee [the site](https://example.org) **now**.\n\n1. a list\n\nMore.'}
      </Markdown>,
    );
    expect(container.querySelector('a, h1, h2, h3, ol, li')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('now');
    expect(container.textContent).toBe('See the site now.');
  });

  it('makes an excerpt from the first paragraph alone as from the whole text', () => {
    const summaries = [
      // As the demo chapters' summaries are written.
      '**Sextant** is a small newsroom in `Port-Aubel`.\nA source signs **MISTRAL**.\n\nThe team verifies what it can.\n\n- first\n- second',
      'The Ardoise affair goes on, on ~~paper~~ live machines, see www.example.org.\n\nEach team gets its own.',
      '_Brisemer_ runs the warehouses: forty dispatchers.\r\n\r\nIn March, a truck left.',
      // What may not be cut: a first block that is not a paragraph, a paragraph whose links or
      // notes are defined further down.
      'Title\n=====\n\nThe paragraph under it.',
      'Title\n---\n\nThe paragraph under it.',
      'name | points\n--- | ---\nflag | 10\n\nThe paragraph under it.',
      'Read [the guide][guide] first[^1].\n\nMore.\n\n[guide]: https://example.org\n[^1]: A note.',
      '# Heading\n\nThe paragraph under it.',
      '1. a list\n\nThe paragraph under it.',
      '> a quote\n\nThe paragraph under it.',
      '```\ncode\n\nmore code\n```\n\nThe paragraph under it.',
      '    indented code\n\nThe paragraph under it.',
      '* a list item\n\nThe paragraph under it.',
      '<div>html</div>\n\nThe paragraph under it.',
      'One paragraph only, **bold**.',
    ];
    for (const text of summaries) {
      const excerpt = render(<Markdown variant="excerpt">{text}</Markdown>);
      // An unused definition further down keeps the whole text: the reference rendering.
      const whole = render(
        <Markdown variant="excerpt">{`${text}\n\n[unused-label]: https://example.org`}</Markdown>,
      );
      expect(excerpt.container.innerHTML, text).toBe(whole.container.innerHTML);
      excerpt.unmount();
      whole.unmount();
    }
    // The first three are cut: a card parses its first lines, not its whole summary.
    for (const text of summaries.slice(0, 3)) {
      expect(excerptSource(text)).not.toBe(text);
      expect(text.startsWith(excerptSource(text))).toBe(true);
    }
  });

  it('shows one text in several places, each with its own level and form', () => {
    // A text is parsed once and its elements reused: where it is shown must still decide its
    // headings and whether it is a whole text or an excerpt.
    const text = '# Story\n\nThe **team** reads [the log](https://example.org).\n\n## Twist';
    const { container } = render(
      <>
        <section>
          <Markdown headingLevel={2}>{text}</Markdown>
        </section>
        <section>
          <Markdown headingLevel={4}>{text}</Markdown>
        </section>
        <section>
          <Markdown headingLevel={2}>{text}</Markdown>
        </section>
        <section>
          <Markdown variant="excerpt">{text}</Markdown>
        </section>
      </>,
    );
    const [first, second, third, excerpt] = [...container.querySelectorAll('section')];
    const headings = (section: Element | undefined) =>
      [...(section?.querySelectorAll('h1, h2, h3, h4, h5, h6') ?? [])].map((h) => h.tagName);
    expect(headings(first)).toEqual(['H2', 'H3']);
    expect(headings(second)).toEqual(['H4', 'H5']);
    expect(headings(third)).toEqual(['H2', 'H3']);
    expect(third?.innerHTML).toBe(first?.innerHTML);
    expect(first?.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(headings(excerpt)).toEqual([]);
    expect(excerpt?.textContent).toBe('The team reads the log.');
  });
});

describe('safeUrl', () => {
  it.each([
    'https://example.org/a',
    'http://example.org',
    'mailto:soc@example.org',
    '/chapters/1',
    'files/log.txt',
    '#rules',
    '?q=a:b',
    'path/with:colon',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('drops %j', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
