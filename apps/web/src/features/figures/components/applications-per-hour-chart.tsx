import type { FiguresResponse } from '@clearing-desk/contracts';
import { Table } from '@clearing-desk/ui';
import { useId } from 'react';
import { FIGURES_SCREEN_TEXTS as T } from '../texts';

const WIDTH = 600;
const HEIGHT = 200;
const PLOT = { left: 36, right: 8, top: 12, bottom: 28 };
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Today's applications per hour as an SVG bar chart. The SVG is one image with a text
 * alternative summing it up; the exact numbers are in the table that follows it, so nobody
 * depends on seeing the bars. Bars are #1d70b8 on white (contrast above 3:1 for graphics).
 */
export function ApplicationsPerHourChart({ perHour }: { perHour: FiguresResponse['perHour'] }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...perHour.map((h) => h.applications));
  const total = perHour.reduce((n, h) => n + h.applications, 0);
  const busiest = perHour.reduce((best, h) => (h.applications > best.applications ? h : best), perHour[0] ?? { hour: 0, applications: 0 });
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / 24;
  const y = (n: number) => PLOT.top + plotHeight - (n / max) * plotHeight;
  const description =
    total === 0
      ? 'No applications yet today.'
      : `${total} applications today; the busiest hour so far is ${hourLabel(busiest.hour)} with ${busiest.applications}.`;

  return (
    <figure className="cd-figures-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`} style={{ maxWidth: WIDTH }}>
        <title id={titleId}>{T.CHART_HEADING}</title>
        <desc id={descId}>{description}</desc>
        <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(0)} y2={y(0)} stroke="#0b0c0c" />
        <text x={PLOT.left - 6} y={y(max) + 4} textAnchor="end" fontSize="12" fill="#0b0c0c">
          {max}
        </text>
        <text x={PLOT.left - 6} y={y(0) + 4} textAnchor="end" fontSize="12" fill="#0b0c0c">
          0
        </text>
        {perHour.map((h) => (
          <g key={h.hour}>
            <rect x={PLOT.left + h.hour * slot + 2} width={slot - 4} y={y(h.applications)} height={y(0) - y(h.applications)} fill="#1d70b8" />
            {h.hour % 3 === 0 && (
              <text x={PLOT.left + h.hour * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill="#0b0c0c">
                {hourLabel(h.hour)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <details>
        <summary className="cd-link">{T.CHART_TABLE_SUMMARY}</summary>
        <Table
          caption={T.CHART_HEADING}
          columns={[
            { id: 'hour', header: 'Hour', cell: (h) => `${hourLabel(h.hour)} to ${hourLabel((h.hour + 1) % 24)}` },
            { id: 'applications', header: 'Applications', cell: (h) => h.applications },
          ]}
          rows={perHour}
          rowKey={(h) => String(h.hour)}
        />
      </details>
    </figure>
  );
}
