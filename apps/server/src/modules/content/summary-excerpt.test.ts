import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXCERPT_SOURCE_CHARS, summaryExcerpt } from './summary-excerpt.js';
import { textMarks } from '@rampart/contracts';

const textOf = (markdown: string) =>
  summaryExcerpt(markdown)
    .map((run) => run.text)
    .join('');

describe('a summary’s excerpt', () => {
  it('keeps the first paragraph, its emphasis, strong, struck and code runs, outermost mark first', () => {
    expect(
      summaryExcerpt(
        '**Sextant** is a _small **newsroom**_ in `Port-Aubel`, on ~~paper~~ live machines.\n\nMore.',
      ),
    ).toEqual([
      { text: 'Sextant', marks: ['strong'] },
      { text: ' is a ', marks: [] },
      { text: 'small ', marks: ['em'] },
      { text: 'newsroom', marks: ['em', 'strong'] },
      { text: ' in ', marks: [] },
      { text: 'Port-Aubel', marks: ['code'] },
      { text: ', on ', marks: [] },
      { text: 'paper', marks: ['del'] },
      { text: ' live machines.', marks: [] },
    ]);
  });

  it('keeps the words of links, drops images, note references and raw HTML', () => {
    expect(
      summaryExcerpt(
        'See [the guide][guide] and www.example.org ![logo](https://x.test/a.png)[^1] <b onmouseover="alert(1)">now</b>.\n\n[guide]: https://example.org\n[^1]: A note.',
      ),
    ).toEqual([{ text: 'See the guide and www.example.org  now.', marks: [] }]);
  });

  it('takes the first paragraph when the text opens with something else, and nothing without one', () => {
    expect(textOf('# Title\n\n1. a list\n\nThe paragraph under it.\n\nMore.')).toBe(
      'The paragraph under it.',
    );
    expect(textOf('Title\n=====\n\nUnder a setext heading.')).toBe('Under a setext heading.');
    expect(summaryExcerpt('# Only a heading')).toEqual([]);
    expect(summaryExcerpt('')).toEqual([]);
  });

  it('keeps line breaks as the browser would show them', () => {
    expect(textOf('One line,  \nthen another\nand a third.')).toBe(
      'One line,\nthen another\nand a third.',
    );
  });

  it('makes an excerpt of any text, however broken its Markdown', () => {
    const pieces = [
      '*',
      '_',
      '~',
      '`',
      '[',
      ']',
      '(',
      ')',
      '!',
      '<',
      '>',
      '#',
      '|',
      '\\',
      '\n',
      ' ',
      'a',
      'é',
      '\u0000',
      ':',
      '^',
      '-',
      '1.',
      'www.',
      'http://',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 500; round++) {
      const length = Math.floor(random() * 60);
      const text = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join(
        '',
      );
      const runs = summaryExcerpt(text);
      for (const run of runs) {
        expect(run.text.length, text).toBeGreaterThan(0);
        for (const mark of run.marks) expect(textMarks, text).toContain(mark);
      }
    }
  });

  it('parses no more of a long first paragraph than a card can show, cut after a word', () => {
    const words = 'lorem ipsum dolor '.repeat(100);
    const excerpt = textOf(`**Long** ${words}\n\nMore.`);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_SOURCE_CHARS);
    expect(excerpt).toMatch(/^Long lorem ipsum .*(lorem|ipsum|dolor)…$/);
    expect(summaryExcerpt(`**Long** ${words}`)[0]).toEqual({ text: 'Long', marks: ['strong'] });
  });

  it('parses a bounded part of the most delimiters a summary may hold (20,000 characters of *_)', () => {
    // Parsed whole, such a text held the event loop for seconds (emphasis is quadratic).
    const hostile = '*_'.repeat(10_000);
    const excerpt = summaryExcerpt(hostile);
    expect(excerpt.map((run) => run.text).join('').length).toBeLessThanOrEqual(
      EXCERPT_SOURCE_CHARS,
    );
  });

  it('hands out copies: a caller that changes one does not change the next answer', () => {
    const first = summaryExcerpt('Some **bold** text.');
    first[1]!.marks.push('code');
    first[0]!.text = 'changed';
    expect(summaryExcerpt('Some **bold** text.')).toEqual([
      { text: 'Some ', marks: [] },
      { text: 'bold', marks: ['strong'] },
      { text: ' text.', marks: [] },
    ]);
  });

  it('makes a non-empty excerpt of every demo chapter’s summary, in both languages', () => {
    const root = new URL('../../../../../content/', import.meta.url);
    const chapters = readdirSync(root, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    expect(chapters.length).toBeGreaterThan(0);
    for (const chapter of chapters) {
      const yaml = parse(readFileSync(new URL(`${chapter.name}/chapter.yaml`, root), 'utf8')) as {
        chapter?: { summary?: Record<string, string> };
        summary?: Record<string, string>;
      };
      const summary = yaml.chapter?.summary ?? yaml.summary;
      expect(summary, chapter.name).toBeDefined();
      for (const text of Object.values(summary!)) {
        const excerpt = textOf(text);
        expect(excerpt.length, `${chapter.name}: ${text}`).toBeGreaterThan(20);
        expect(excerpt).not.toMatch(/[*_`[\]]/);
      }
    }
  });
});
