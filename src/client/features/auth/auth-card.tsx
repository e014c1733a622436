import type { ReactNode } from 'react';

export function AuthCard(props: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="bg-card border-border rounded-2xl border p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
        <p className="text-muted-foreground mt-1 mb-6">{props.subtitle}</p>
        {props.children}
      </div>
    </div>
  );
}
