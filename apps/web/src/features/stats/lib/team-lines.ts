/**
 * How each team's line looks on the score chart and in its legend. Colour is never the only
 * difference (WCAG 1.4.1): every team also gets a dash pattern and a marker shape, 16
 * combinations before any repeats, and the player's own team is the thick solid accent line.
 */
export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export interface TeamLine {
  color: string;
  /** Canvas/SVG dash segments; empty is a solid line. */
  dash: number[];
  shape: MarkerShape;
  width: number;
  mine: boolean;
}

/** Readable on the dark surface (contrast ≥ 3:1 against --color-bg-elevated). */
const palette = ['#6cb8ff', '#ff9f5a', '#f58fd0', '#4fd1c5', '#c3a6ff', '#ffd866', '#ff7b7b'];
const accent = '#bede47';
const dashes = [[], [8, 4], [2, 4], [12, 4, 2, 4]];
const shapes: MarkerShape[] = ['circle', 'square', 'triangle', 'diamond'];

/** The lines of teams listed in ranking order; `myTeamUuid` gets the emphasised one. */
export const teamLines = (teamUuids: string[], myTeamUuid: string | null) => {
  const lines = new Map<string, TeamLine>();
  let other = 0;
  for (const uuid of teamUuids) {
    if (uuid === myTeamUuid) {
      lines.set(uuid, { color: accent, dash: [], shape: 'circle', width: 3.5, mine: true });
      continue;
    }
    lines.set(uuid, {
      color: palette[other % palette.length]!,
      dash: dashes[other % dashes.length]!,
      shape: shapes[Math.floor(other / dashes.length) % shapes.length]!,
      width: 1.75,
      mine: false,
    });
    other += 1;
  }
  return lines;
};

/** "12:34" (or "1:02:03") after the start: when something happened in a session. */
export const formatElapsed = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
};
