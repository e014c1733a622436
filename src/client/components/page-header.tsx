import type * as React from 'react';

type PageHeaderProps = {
  title: React.ReactNode;
  /** A line under the title; the dashboard's counts pass `live` so a new total is announced. */
  description?: React.ReactNode;
  live?: boolean;
  /** Buttons or filters, beside the title on wide screens and under it on phones. */
  actions?: React.ReactNode;
};

/** The title row of a dashboard page: title and description on the left, actions on the right. */
export function PageHeader({ title, description, live, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {description ? (
          <p className="text-muted-foreground text-sm" aria-live={live ? 'polite' : undefined}>
            {description}
          </p>
        ) : null}
      </div>
      {actions}
    </div>
  );
}
