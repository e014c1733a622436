import type * as React from 'react';

/**
 * The opening of a public page (shop, blog, contact): an optional eyebrow, the page's one h1
 * and a lead paragraph, the same type scale on each.
 */
export function PageIntro({
  eyebrow,
  title,
  lead,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  lead: React.ReactNode;
}) {
  return (
    <div>
      {eyebrow ? (
        <p className="text-primary mb-2 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      <p className="text-muted-foreground mt-3 max-w-2xl text-base sm:text-lg">{lead}</p>
    </div>
  );
}
