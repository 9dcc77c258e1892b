import type { TextRun } from '@rampart/contracts';
import type { ReactNode } from 'react';
import styles from './markdown.module.css';

/**
 * Runs as elements: consecutive runs that share their mark at `depth` share its element, so
 * that `_small **newsroom**_` is one `<em>` around a `<strong>`, as it was written. Text stays
 * text, never markup.
 */
const drawRuns = (runs: readonly TextRun[], depth = 0): ReactNode[] => {
  const drawn: ReactNode[] = [];
  for (let start = 0; start < runs.length;) {
    const mark = runs[start]!.marks[depth];
    let end = start + 1;
    if (mark === undefined) {
      drawn.push(runs[start]!.text);
    } else {
      while (end < runs.length && runs[end]!.marks[depth] === mark) end += 1;
      // The marks are named after the elements that draw them.
      const Element = mark;
      // Elements have no identity but their place, and runs are never reordered.
      drawn.push(<Element key={start}>{drawRuns(runs.slice(start, end), depth + 1)}</Element>);
    }
    start = end;
  }
  return drawn;
};

/**
 * An excerpt the server made of a Markdown text (a chapter summary's `excerpt`): its first
 * paragraph as runs of text with their marks, drawn as the Markdown component draws an excerpt,
 * without the Markdown parser (a screen that lists chapters loads none).
 */
export function ExcerptText({ runs, className }: { runs: readonly TextRun[]; className?: string }) {
  return (
    <div className={[styles.markdown, className].filter(Boolean).join(' ')}>
      {runs.length > 0 && <p>{drawRuns(runs)}</p>}
    </div>
  );
}
