/** One line (or one bar per period) of a chart: a book, or a figure such as returns. */
export interface ChartSeries {
  /** Stable key (a book id, a figure name). */
  key: string;
  /** What the legend, the summary and the table's column header call it. */
  name: string;
  /** One value per period, aligned with {@link ChartData.periods}. */
  values: readonly number[];
}

/** The figures a chart draws and its table lists: periods across, series down. */
export interface ChartData {
  /** The periods' labels in time order (`2026-03`, `2026-W11`, `01-03-2026`). */
  periods: readonly string[];
  series: readonly ChartSeries[];
}

/** Highest value of every series (0 when there is none), the top of the scale. */
export function maxValue(data: ChartData): number {
  return data.series.reduce((max, series) => Math.max(max, ...series.values), 0);
}

/** Lowest value of every series, never above 0 (net royalties can go negative with returns). */
export function minValue(data: ChartData): number {
  return data.series.reduce((min, series) => Math.min(min, ...series.values), 0);
}

/** Sum of one series over every period. */
export function seriesTotal(series: ChartSeries): number {
  return series.values.reduce((sum, value) => sum + value, 0);
}

/**
 * The sentence that names what the picture shows, for a screen reader (role img's name):
 * the range, then each series' total and its best period.
 */
export function chartSummary(title: string, data: ChartData, format: (value: number) => string): string {
  if (data.periods.length === 0 || data.series.length === 0) return `${title}: no figures for this selection.`;
  const range =
    data.periods.length === 1 ? data.periods[0] : `${data.periods[0]} to ${data.periods[data.periods.length - 1]}`;
  const parts = data.series.map((series) => {
    let best = 0;
    series.values.forEach((value, index) => {
      if (value > (series.values[best] ?? 0)) best = index;
    });
    return `${series.name}: ${format(seriesTotal(series))} in total, highest ${format(series.values[best] ?? 0)} in ${data.periods[best]}`;
  });
  return `${title}, ${range}. ${parts.join('; ')}.`;
}
