/** What every benchmark returns: its figures, each beside a baseline measured in the same run. */
export const Better = { lower: 'lower', higher: 'higher' } as const;
export type Better = (typeof Better)[keyof typeof Better];

export interface Figure {
  /** What was measured, e.g. "progress latency p99". */
  label: string;
  unit: string;
  ours: number;
  baseline: number;
  better: Better;
  /**
   * The smallest step the tool measures in (autocannon: whole milliseconds). A figure below it
   * reads 0; the ratio then takes the resolution instead and is printed as a lower bound (≥).
   */
  resolution?: number;
}

export interface BenchReport {
  name: string;
  /** What "ours" and "baseline" are, in one line each. */
  ours: string;
  baseline: string;
  figures: Figure[];
  /** Anything a reader needs to judge the figures (sizes, counts, caveats). */
  notes?: string[];
}

/** ours / baseline: how many times the baseline's figure ours is (1.00 = the same). */
export function ratioOf(figure: Figure): number {
  const baseline = figure.resolution ? Math.max(figure.baseline, figure.resolution) : figure.baseline;
  return baseline === 0 ? Number.NaN : figure.ours / baseline;
}

/** The ratio as printed: a baseline under the resolution makes it a bound, not a value. */
function ratioText(figure: Figure): string {
  if (Number.isNaN(ratioOf(figure))) return '—';
  const bounded = figure.resolution !== undefined && figure.baseline < figure.resolution;
  return `${bounded ? '≥' : ''}${ratioOf(figure).toFixed(2)}×`;
}

const formatNumber = (value: number) =>
  Number.isNaN(value)
    ? '—'
    : Number.isInteger(value) || Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en-US')
      : value.toFixed(2);

export function formatReport(report: BenchReport): string {
  const rows = report.figures.map((f) => [
    f.label,
    `${formatNumber(f.ours)} ${f.unit}`,
    `${formatNumber(f.baseline)} ${f.unit}`,
    ratioText(f),
    `${f.better} is better`,
  ]);
  const header = ['figure', 'ours', 'baseline', 'ours/baseline', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `## ${report.name}`,
    `ours:     ${report.ours}`,
    `baseline: ${report.baseline}`,
    line(header),
    ...rows.map(line),
    ...(report.notes ?? []).map((n) => `note: ${n}`),
  ].join('\n');
}

export function markdownOf(report: BenchReport): string {
  return [
    `### ${report.name}`,
    '',
    `Ours: ${report.ours}. Baseline: ${report.baseline}.`,
    '',
    '| figure | ours | baseline | ours / baseline |',
    '| --- | ---: | ---: | ---: |',
    ...report.figures.map(
      (f) =>
        `| ${f.label} (${f.better} is better) | ${formatNumber(f.ours)} ${f.unit} | ${formatNumber(f.baseline)} ${f.unit} | ${ratioText(f)} |`,
    ),
    ...(report.notes?.length ? ['', ...report.notes.map((n) => `- ${n}`)] : []),
  ].join('\n');
}

/** Percentile of already sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
