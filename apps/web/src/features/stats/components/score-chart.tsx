import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { minutesOf, type ScoreSeries } from '../lib/score-series';
import type { MarkerShape, TeamLine } from '../lib/team-lines';
import styles from './score-evolution.module.css';

interface ScoreChartProps {
  series: ScoreSeries;
  lines: Map<string, TeamLine>;
  teamNames: Map<string, string>;
}

const NARROW = 480;
const axisColor = '#a7b4c2';
const gridColor = '#232e3c';

/** A marker of `shape`, centred on (x, y), of `size` canvas pixels, added to `path`. */
const drawMarker = (path: Path2D, shape: MarkerShape, x: number, y: number, size: number) => {
  const r = size / 2;
  switch (shape) {
    case 'circle':
      path.moveTo(x + r, y);
      path.arc(x, y, r, 0, 2 * Math.PI);
      break;
    case 'square':
      path.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 'triangle':
      path.moveTo(x, y - r * 1.1);
      path.lineTo(x + r, y + r * 0.8);
      path.lineTo(x - r, y + r * 0.8);
      path.closePath();
      break;
    case 'diamond':
      path.moveTo(x, y - r * 1.15);
      path.lineTo(x + r, y);
      path.lineTo(x, y + r * 1.15);
      path.lineTo(x - r, y);
      path.closePath();
      break;
  }
};

/**
 * The score evolution drawn with uPlot: step lines (a score holds until the next ledger row),
 * a marker where a team's score moved, minutes since the start on the x axis. uPlot is loaded
 * here, on first use, so only the stats page pays for it. The chart is a picture for sighted
 * readers; the same figures are in the table beside it (ScoreTable).
 */
export function ScoreChart({ series, lines, teamNames }: ScoreChartProps) {
  const { t } = useTranslation('debrief');
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const axisTime = t('evolution.axisTime');
  const axisScore = t('evolution.axisScore');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;

    // The player's team is drawn last, on top of the others.
    const teams = [...series.teams].sort(
      (a, b) => Number(lines.get(a.teamUuid)?.mine) - Number(lines.get(b.teamUuid)?.mine),
    );
    const data: uPlot.AlignedData = [
      series.times.map(minutesOf),
      ...teams.map((team) => team.scores),
    ];
    const heightFor = (width: number) => (width < NARROW ? 240 : 320);

    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = element.clientWidth || 600;
        const narrow = width < NARROW;
        const markerPaths =
          (shape: MarkerShape, size: number): uPlot.Series.Points.PathBuilder =>
          (self, seriesIdx, idx0, idx1, filtIdxs) => {
            const path = new Path2D();
            const xs = self.data[0];
            const ys = self.data[seriesIdx]!;
            const indices =
              filtIdxs ?? Array.from({ length: idx1 - idx0 + 1 }, (_, index) => idx0 + index);
            for (const index of indices) {
              const y = ys[index];
              if (y === null || y === undefined) continue;
              drawMarker(
                path,
                shape,
                self.valToPos(xs[index]!, 'x', true),
                self.valToPos(y, 'y', true),
                size * UPlot.pxRatio,
              );
            }
            return { stroke: path, fill: path };
          };
        const options: uPlot.Options = {
          width,
          height: heightFor(width),
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { show: false } },
          scales: { x: { time: false } },
          axes: [
            {
              label: axisTime,
              stroke: axisColor,
              grid: { stroke: gridColor, width: 1 },
              ticks: { stroke: gridColor },
              space: narrow ? 50 : 60,
              values: (_self, ticks) => ticks.map((tick) => `${tick}`),
            },
            {
              label: axisScore,
              stroke: axisColor,
              grid: { stroke: gridColor, width: 1 },
              ticks: { stroke: gridColor },
              space: narrow ? 40 : 30,
              size: 56,
            },
          ],
          series: [
            {},
            ...teams.map((team): uPlot.Series => {
              const line = lines.get(team.teamUuid)!;
              const markerSize = line.mine ? 9 : 7;
              return {
                label: teamNames.get(team.teamUuid) ?? '',
                stroke: line.color,
                width: line.width,
                dash: line.dash,
                paths: UPlot.paths.stepped!({ align: 1 }),
                points: {
                  show: true,
                  space: 0,
                  size: markerSize,
                  width: 1.5,
                  stroke: line.color,
                  fill: line.mine ? line.color : '#0f151c',
                  filter: () => team.changes.flatMap((changed, index) => (changed ? [index] : [])),
                  paths: markerPaths(line.shape, markerSize),
                },
              };
            }),
          ],
        };
        try {
          plot = new UPlot(options, data, element);
        } catch {
          setFailed(true);
          return;
        }
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => {
            const next = element.clientWidth;
            if (plot && next > 0 && next !== plot.width)
              plot.setSize({ width: next, height: heightFor(next) });
          });
          observer.observe(element);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });

    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, lines, teamNames, axisTime, axisScore]);

  if (failed) return <p className={styles.unavailable}>{t('evolution.chartUnavailable')}</p>;
  return (
    <div
      ref={container}
      className={styles.chart}
      role="img"
      aria-label={t('evolution.chartLabel')}
      data-testid="score-chart"
    />
  );
}
