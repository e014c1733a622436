// shadcn/ui's chart component, trimmed to what we use: a container that gives each series a
// CSS colour variable (--color-<key>) and a label from one config, and a tooltip that reads
// the same config. Imported only by lazily loaded dashboard code, so recharts stays out of the
// shop's bundles.
import * as React from 'react';
import * as RechartsPrimitive from 'recharts';
import { cn } from '@client/lib/cn';

export type ChartConfig = Record<string, { label: string; color: string }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

function useChartConfig() {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error('useChartConfig must be used inside a <ChartContainer />');
  return config;
}

export function ChartContainer({
  config,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children'];
}) {
  const style = Object.fromEntries(
    Object.entries(config).map(([key, item]) => [`--color-${key}`, item.color]),
  ) as React.CSSProperties;
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        style={style}
        className={cn(
          'flex justify-center text-xs',
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60 [&_.recharts-surface]:outline-hidden',
          className,
        )}
        {...props}
      >
        <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = RechartsPrimitive.Tooltip;
export const ChartLegend = RechartsPrimitive.Legend;

type TooltipPayloadItem = { dataKey?: unknown; value?: unknown; color?: string };

export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  valueFormatter = (value) => String(value),
}: {
  active?: boolean;
  payload?: readonly TooltipPayloadItem[];
  label?: unknown;
  labelFormatter?: (label: string) => string;
  valueFormatter?: (value: number) => string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  const text = typeof label === 'string' || typeof label === 'number' ? String(label) : '';
  const title = labelFormatter ? labelFormatter(text) : text;
  return (
    <div className="border-border bg-background grid min-w-32 gap-1.5 rounded-lg border px-2.5 py-1.5 text-xs shadow-xl">
      <div className="font-medium">{title}</div>
      {payload.map((item) => {
        const key = String(item.dataKey);
        return (
          <div key={key} className="flex items-center gap-2">
            <SeriesSwatch dataKey={key} size="md" />
            <span className="text-muted-foreground flex-1">{config[key]?.label ?? key}</span>
            <span className="font-mono font-medium tabular-nums">
              {valueFormatter(Number(item.value))}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** A series' colour square, in the tooltip and in the legend. */
function SeriesSwatch({ dataKey, size }: { dataKey: string; size: 'sm' | 'md' }) {
  return (
    <span
      className={
        size === 'md' ? 'size-2.5 shrink-0 rounded-[2px]' : 'size-2 shrink-0 rounded-[2px]'
      }
      style={{ background: `var(--color-${dataKey})` }}
    />
  );
}

export function ChartLegendContent({ payload }: { payload?: readonly TooltipPayloadItem[] }) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-4 pt-3">
      {payload.map((item) => {
        const key = String(item.dataKey);
        return (
          <div key={key} className="flex items-center gap-1.5">
            <SeriesSwatch dataKey={key} size="sm" />
            {config[key]?.label ?? key}
          </div>
        );
      })}
    </div>
  );
}
