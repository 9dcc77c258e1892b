import type { TeamLine } from '../lib/team-lines';

/** A team's line as the chart draws it (pattern, marker, colour), for legends. Decorative. */
export function TeamLineSample({ line }: { line: TeamLine }) {
  const marker = (() => {
    const fill = line.mine ? line.color : 'var(--color-bg-elevated)';
    const common = { fill, stroke: line.color, strokeWidth: 1.5 };
    switch (line.shape) {
      case 'circle':
        return <circle cx="18" cy="7" r="3.5" {...common} />;
      case 'square':
        return <rect x="15" y="4" width="6" height="6" {...common} />;
      case 'triangle':
        return <path d="M18 3l3.5 6.5h-7Z" {...common} />;
      case 'diamond':
        return <path d="M18 3l3.5 4-3.5 4-3.5-4Z" {...common} />;
    }
  })();
  return (
    <svg width="36" height="14" viewBox="0 0 36 14" aria-hidden="true" focusable="false">
      <path
        d="M1 7h34"
        stroke={line.color}
        strokeWidth={line.width}
        strokeDasharray={line.dash.length > 0 ? line.dash.join(' ') : undefined}
      />
      {marker}
    </svg>
  );
}
