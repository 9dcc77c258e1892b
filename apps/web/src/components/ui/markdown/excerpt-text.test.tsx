import { render } from '@testing-library/react';
import type { TextRun } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { ExcerptText } from './excerpt-text';
import { Markdown } from './markdown';

describe('ExcerptText', () => {
  it('draws the runs the server made of a text as the Markdown component draws its excerpt', () => {
    const cases: [string, TextRun[]][] = [
      [
        '**Sextant** is a _small **newsroom**_ in `Port-Aubel`, on ~~paper~~ live machines.\n\nMore.',
        [
          { text: 'Sextant', marks: ['strong'] },
          { text: ' is a ', marks: [] },
          { text: 'small ', marks: ['em'] },
          { text: 'newsroom', marks: ['em', 'strong'] },
          { text: ' in ', marks: [] },
          { text: 'Port-Aubel', marks: ['code'] },
          { text: ', on ', marks: [] },
          { text: 'paper', marks: ['del'] },
          { text: ' live machines.', marks: [] },
        ],
      ],
      [
        'See [the guide](https://example.org) **now**.',
        [
          { text: 'See the guide ', marks: [] },
          { text: 'now', marks: ['strong'] },
          { text: '.', marks: [] },
        ],
      ],
      ['# Only a heading', []],
    ];
    for (const [markdown, runs] of cases) {
      const drawn = render(<ExcerptText runs={runs} className="summary" />);
      const parsed = render(
        <Markdown variant="excerpt" className="summary">
          {markdown}
        </Markdown>,
      );
      expect(drawn.container.innerHTML, markdown).toBe(parsed.container.innerHTML);
      drawn.unmount();
      parsed.unmount();
    }
  });

  it('shows markup in a run as text, never as elements', () => {
    const { container } = render(
      <ExcerptText
        runs={[{ text: '<img src=x onerror="alert(1)"> <b>bold</b>', marks: ['em'] }]}
      />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.querySelector('em')?.textContent).toBe(
      '<img src=x onerror="alert(1)"> <b>bold</b>',
    );
  });
});
