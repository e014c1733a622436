import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export function StatCard({
  label,
  value,
  hint,
  className,
}: {
  label: string;
  value: string;
  hint?: string;
  className?: string;
}) {
  return (
    <div
      data-slot="stat-card"
      className={cn('border-border min-w-0 rounded-lg border bg-white p-4', className)}
    >
      <p className="text-muted-foreground text-sm">{label}</p>
      {/* Never cut: a big amount wraps after 'US$' rather than lose its last digits. */}
      <p className="mt-1 text-2xl font-bold break-words tabular-nums">{value}</p>
      {hint && <p className="text-muted-foreground mt-1 text-xs">{hint}</p>}
    </div>
  );
}

/**
 * A titled list of the home page; `empty` shows when it has no rows. `countLabel` replaces the
 * count in the title ('más de 1.000'); `note` is a line under the list.
 */
export function Panel({
  title,
  count,
  countLabel,
  empty,
  action,
  note,
  children,
}: {
  title: string;
  count: number;
  countLabel?: string;
  empty: string;
  action?: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className="border-border min-w-0 rounded-lg border bg-white p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          {title} <span className="text-muted-foreground font-normal">({countLabel ?? count})</span>
        </h2>
        {action}
      </div>
      {count === 0 ? (
        <p className="text-muted-foreground py-2 text-sm">{empty}</p>
      ) : (
        <ul className="divide-border divide-y">{children}</ul>
      )}
      {note && <p className="text-muted-foreground mt-2 text-xs">{note}</p>}
    </section>
  );
}

const asideStyles = {
  /** A time ('hace 2 h'). */
  time: 'text-muted-foreground shrink-0 text-sm',
  /** A count of units. */
  figure: 'shrink-0 text-sm font-semibold tabular-nums',
} as const;

/** One row of a panel: what it is on the left, a time or a figure on the right. */
export function PanelRow({
  aside,
  asideStyle,
  children,
}: {
  aside: ReactNode;
  asideStyle: keyof typeof asideStyles;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      {children}
      <span className={asideStyles[asideStyle]}>{aside}</span>
    </li>
  );
}
