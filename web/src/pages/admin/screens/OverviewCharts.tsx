import type { Overview } from '@draw/shared/routes';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useAdminT } from '../i18n/strings';
import { EmptyState } from '../parts/DataTable';
import { Panel } from '../parts/Panel';
import { useConsoleNames } from '../parts/names';

/** Series colours that read on the light and the dark theme (Discord's palette). */
const PALETTE = ['#5865f2', '#23a55a', '#f0b232', '#da373c', '#eb459e', '#00a8fc', '#949ba4', '#a16207'];
const axis = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false } as const;
const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
  },
  cursor: { fill: 'var(--accent)' },
} as const;

/** A task's status in the colour the product gives it: green done, red failed, grey cancelled. */
const STATUS_COLOURS: Record<string, string> = {
  SUCCESS: '#23a55a',
  FAILURE: '#da373c',
  CANCEL: '#949ba4',
  IN_PROGRESS: '#5865f2',
  SUBMITTED: '#00a8fc',
  NOT_START: '#f0b232',
  MODAL: '#eb459e',
};

/** `2026-11-27` → `11-27`. */
const shortDay = (day: string) => day.slice(5);

function ChartPanel({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const t = useAdminT();
  return (
    <Panel title={title}>
      {empty ? (
        <EmptyState text={t('overview.chartEmpty')} />
      ) : (
        <figure aria-label={title} className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {children as never}
          </ResponsiveContainer>
        </figure>
      )}
    </Panel>
  );
}

/** Rows of `{ day, [series]: count }` and the series' names, from per-day records. */
function stacked(
  days: Overview['tasksByDay'],
  pick: (day: Overview['tasksByDay'][number]) => Record<string, number>,
) {
  const series = new Set<string>();
  const rows = days.map((day) => {
    const counts = pick(day);
    for (const name of Object.keys(counts)) series.add(name);
    return { day: shortDay(day.day), ...counts };
  });
  return { rows, series: [...series].sort() };
}

function StackedBars({
  title,
  data,
  colours = {},
  nameOf,
}: {
  title: string;
  data: ReturnType<typeof stacked>;
  colours?: Record<string, string>;
  /** The series' human name (a status, an engine) in the legend and tooltip. */
  nameOf: (series: string) => string;
}) {
  return (
    <ChartPanel title={title} empty={data.series.length === 0}>
      <BarChart data={data.rows} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="day" {...axis} />
        <YAxis allowDecimals={false} width={40} {...axis} />
        <Tooltip {...tooltipStyle} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {data.series.map((name, index) => (
          <Bar
            key={name}
            dataKey={name}
            name={nameOf(name)}
            stackId="a"
            isAnimationActive={false}
            fill={colours[name] ?? PALETTE[index % PALETTE.length]}
          />
        ))}
      </BarChart>
    </ChartPanel>
  );
}

function DayArea({
  title,
  rows,
  color,
}: {
  title: string;
  rows: { day: string; value: number }[];
  color: string;
}) {
  return (
    <ChartPanel title={title} empty={rows.every((row) => row.value === 0)}>
      <AreaChart data={rows} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="day" {...axis} />
        <YAxis width={48} {...axis} />
        <Tooltip {...tooltipStyle} />
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="value"
          name={title}
          stroke={color}
          fill={color}
          fillOpacity={0.25}
        />
      </AreaChart>
    </ChartPanel>
  );
}

/** The overview's charts (recharts, in this chunk only). */
export function OverviewCharts({ overview }: { overview: Overview }) {
  const t = useAdminT();
  const names = useConsoleNames();
  const perDay = (list: { day: string; count: number }[]) =>
    list.map((entry) => ({ day: shortDay(entry.day), value: entry.count }));
  const failures = overview.failuresByCode.map((entry) => ({ code: entry.code, value: entry.count }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="admin-charts">
      <StackedBars
        title={t('overview.tasksByStatus')}
        data={stacked(overview.tasksByDay, (d) => d.byStatus)}
        colours={STATUS_COLOURS}
        nameOf={names.taskStatus}
      />
      <StackedBars
        title={t('overview.tasksByEngine')}
        data={stacked(overview.tasksByDay, (d) => d.byEngine)}
        nameOf={names.engine}
      />
      <ChartPanel title={t('overview.failuresByCode')} empty={failures.length === 0}>
        <BarChart data={failures} layout="vertical" accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" horizontal={false} />
          <XAxis type="number" allowDecimals={false} {...axis} />
          <YAxis type="category" dataKey="code" width={130} {...axis} />
          <Tooltip {...tooltipStyle} />
          <Bar
            isAnimationActive={false}
            dataKey="value"
            name={t('overview.failuresByCode')}
            fill={PALETTE[3]}
          />
        </BarChart>
      </ChartPanel>
      <DayArea title={t('overview.newUsers')} rows={perDay(overview.newUsersByDay)} color={PALETTE[0]!} />
      <DayArea
        title={t('overview.creditsSpent')}
        rows={perDay(overview.creditsSpentByDay)}
        color={PALETTE[2]!}
      />
      <DayArea
        title={t('overview.revenue')}
        rows={overview.revenueByDay.map((entry) => ({ day: shortDay(entry.day), value: entry.amount / 100 }))}
        color={PALETTE[1]!}
      />
    </div>
  );
}
