// The dashboard home's two charts. Loaded with React.lazy from home-page.tsx: recharts ships
// in this chunk only. Each chart has a text twin (a visually hidden table) for screen readers.
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import {
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
} from '@client/components/ui/chart';
import { formatMoney } from '@shared/format';
import { type PeriodUnit, periodLabel, periodTick } from './period-format';

export type SeriesRow = { period: string; requested: number; concluded: number; value: string };

const countsConfig = {
  requested: { label: 'Solicitadas', color: 'var(--color-primary)' },
  concluded: { label: 'Concretadas', color: '#16a34a' },
} satisfies ChartConfig;

const valueConfig = {
  value: { label: 'Valor concretado', color: '#16a34a' },
} satisfies ChartConfig;

const compactMoney = (value: number) =>
  value >= 1000 ? `US$ ${Math.round(value / 1000)} mil` : `US$ ${Math.round(value)}`;

export default function DashboardCharts({
  unit,
  series,
}: {
  unit: PeriodUnit;
  series: SeriesRow[];
}) {
  const rows = series.map((row) => ({ ...row, value: Number(row.value) }));
  const per = unit === 'day' ? 'por día' : 'por mes';
  const tick = (period: string) => periodTick(unit, period);
  const label = (period: string) => periodLabel(unit, period);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <figure className="border-border min-w-0 overflow-hidden rounded-lg border bg-white p-4">
        <figcaption className="mb-3 font-semibold">Cotizaciones {per}</figcaption>
        <ChartContainer config={countsConfig} className="h-64 w-full" aria-hidden>
          <BarChart data={rows} margin={{ left: -20, right: 4 }}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="period" tickFormatter={tick} tickLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={44} />
            <ChartTooltip content={<ChartTooltipContent labelFormatter={label} />} />
            <ChartLegend content={<ChartLegendContent />} />
            <Bar dataKey="requested" fill="var(--color-requested)" radius={3} />
            <Bar dataKey="concluded" fill="var(--color-concluded)" radius={3} />
          </BarChart>
        </ChartContainer>
        <SummaryTable
          caption={`Cotizaciones solicitadas y concretadas ${per}`}
          columns={['Solicitadas', 'Concretadas']}
          rows={rows.map((row) => [label(row.period), row.requested, row.concluded])}
        />
      </figure>
      <figure className="border-border min-w-0 overflow-hidden rounded-lg border bg-white p-4">
        <figcaption className="mb-3 font-semibold">Valor concretado {per}</figcaption>
        <ChartContainer config={valueConfig} className="h-64 w-full" aria-hidden>
          <BarChart data={rows} margin={{ left: 4, right: 4 }}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="period" tickFormatter={tick} tickLine={false} minTickGap={16} />
            <YAxis tickFormatter={compactMoney} tickLine={false} axisLine={false} width={72} />
            <ChartTooltip
              content={<ChartTooltipContent labelFormatter={label} valueFormatter={formatMoney} />}
            />
            <Bar dataKey="value" fill="var(--color-value)" radius={3} />
          </BarChart>
        </ChartContainer>
        <SummaryTable
          caption={`Valor concretado ${per}`}
          columns={['Valor']}
          rows={series.map((row) => [label(row.period), formatMoney(row.value)])}
        />
      </figure>
    </div>
  );
}

/**
 * The chart's figures for screen readers. The wrapper hides it: a table box is not clipped by
 * its own overflow, so a table made sr-only itself still widens a phone's page.
 */
function SummaryTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: [period: string, ...figures: (string | number)[]][];
}) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Período</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([period, ...figures]) => (
            <tr key={period}>
              <th scope="row">{period}</th>
              {figures.map((figure, i) => (
                <td key={columns[i]}>{figure}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
