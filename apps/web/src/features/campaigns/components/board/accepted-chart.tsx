import type { DayPoint } from '@toolkit/contracts/campaigns.ts';
import { useId } from 'react';
import { dayWords } from './board-labels.ts';

const W = 560;
const H = 180;
const PAD = 24;

/**
 * Buses accepted so far at the end of each of the last 14 days (bars), against the straight line
 * from the start to every bus by the due date (the dashed line). A plain SVG with its numbers in a
 * table for screen readers.
 */
export function AcceptedChart({ points, busCount }: { points: readonly DayPoint[]; busCount: number }) {
  const id = useId();
  const top = Math.max(1, busCount, ...points.map((p) => p.total));
  const step = (W - 2 * PAD) / Math.max(1, points.length);
  const y = (v: number) => H - PAD - (v / top) * (H - 2 * PAD);
  const line = points
    .flatMap((p, i) =>
      p.target === null ? [] : [`${String(PAD + step * (i + 0.5))},${String(y(p.target))}`],
    )
    .join(' ');
  const last = points.at(-1);
  const inPeriod = points.reduce((sum, p) => sum + p.accepted, 0);
  const summary =
    `${String(inPeriod)} accepted in the last ${String(points.length)} days; ${String(last?.total ?? 0)} of ${String(busCount)} in all` +
    (last?.target == null ? '.' : `, ${String(Math.round(last.target))} on the line to the due date today.`);
  return (
    <figure className="mt-2">
      <svg
        viewBox={`0 0 ${String(W)} ${String(H)}`}
        className="w-full"
        role="img"
        aria-labelledby={`${id}-t`}
      >
        <title id={`${id}-t`}>{summary}</title>
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="stroke-border" />
        {points.map((p, i) => (
          <rect
            key={p.day}
            x={PAD + step * i + step * 0.15}
            width={step * 0.7}
            y={y(p.total)}
            height={H - PAD - y(p.total)}
            className="fill-primary"
          />
        ))}
        {line && (
          <polyline
            points={line}
            fill="none"
            strokeDasharray="6 4"
            strokeWidth={2}
            className="stroke-warning"
          />
        )}
      </svg>
      <figcaption className="text-sm text-muted-foreground">
        Bars: buses accepted so far. Dashed line: the straight line to the due date. {summary}
      </figcaption>
      <table className="sr-only">
        <caption>Buses accepted per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Accepted that day</th>
            <th scope="col">Accepted so far</th>
            <th scope="col">Line to the due date</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <th scope="row">{dayWords(p.day)}</th>
              <td>{p.accepted}</td>
              <td>{p.total}</td>
              <td>{p.target === null ? 'No due date' : Math.round(p.target)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
