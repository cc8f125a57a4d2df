import { chartSummary, maxValue, minValue, type ChartData } from './chart-data';
import styles from './chart.module.css';

/** Props of {@link Chart}. */
export interface ChartProps {
  /** What the chart shows ('Royalties per month'); starts its accessible summary. */
  title: string;
  data: ChartData;
  /** `line` for trends over many periods, `bar` for a few periods or one book. */
  kind?: 'line' | 'bar';
  /** How a value reads in the summary and on the scale ('R 12.00', '3'). */
  format: (value: number) => string;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 64 };
// Eight distinguishable hues plus dash patterns, so colour is never the only difference.
const COLOURS = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce', '#be123c', '#0e7490', '#a16207', '#4d7c0f'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];

/**
 * A small SVG line or bar chart (no library: see the README, "Reports"). The picture is one
 * `role="img"` named by a text summary; the figures themselves are in the table that
 * {@link ChartWithTable} puts under every chart, so nothing is only visual.
 */
export function Chart({ title, data, kind = 'line', format }: ChartProps) {
  const low = minValue(data);
  const top = maxValue(data) || (low < 0 ? 0 : 1);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const n = Math.max(data.periods.length, 1);
  const step = plotW / n;
  const x = (index: number) => PAD.left + step * index + step / 2;
  const y = (value: number) => PAD.top + plotH - ((value - low) / (top - low)) * plotH;
  const barWidth = (step * 0.8) / Math.max(data.series.length, 1);
  const labelEvery = Math.ceil(n / 8);

  return (
    <figure className={styles.figure}>
      <svg
        role="img"
        aria-label={chartSummary(title, data, format)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.svg}
        preserveAspectRatio="xMidYMid meet"
      >
        {[0, 0.5, 1].map((fraction) => {
          const value = low + (top - low) * fraction;
          return (
            <g key={fraction} aria-hidden="true">
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} className={styles.grid} />
              <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" className={styles.axis}>
                {format(value)}
              </text>
            </g>
          );
        })}
        {data.periods.map((period, index) =>
          index % labelEvery === 0 ? (
            <text
              key={period}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor="middle"
              className={styles.axis}
              aria-hidden="true"
            >
              {period}
            </text>
          ) : null,
        )}
        {data.series.map((series, s) => {
          const colour = COLOURS[s % COLOURS.length];
          if (kind === 'bar') {
            return (
              <g key={series.key} fill={colour} aria-hidden="true">
                {series.values.map((value, index) => (
                  <rect
                    key={data.periods[index]}
                    x={x(index) - step * 0.4 + barWidth * s}
                    y={y(Math.max(value, 0))}
                    width={barWidth}
                    height={Math.abs(y(value) - y(0))}
                  />
                ))}
              </g>
            );
          }
          return (
            <polyline
              key={series.key}
              aria-hidden="true"
              fill="none"
              stroke={colour}
              strokeWidth={2}
              strokeDasharray={DASHES[s % DASHES.length]}
              points={series.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
            />
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <ul>
          {data.series.map((series, s) => (
            <li key={series.key}>
              <span aria-hidden="true" className={styles.swatch} style={{ background: COLOURS[s % COLOURS.length] }} />
              {series.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

export default Chart;
