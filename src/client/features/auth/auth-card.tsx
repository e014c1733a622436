import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Spinner } from '@client/components/ui/spinner';

type AuthCardProps = {
  title: string;
  subtitle: string;
  /** While the request is pending a spinner replaces the form. */
  isPending: boolean;
  /** The other form (login or sign-up), keeping where to go afterwards. */
  switchTo: { to: '/login' | '/registro'; label: string; redirect?: string };
  children: ReactNode;
};

export function AuthCard({ title, subtitle, isPending, switchTo, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="bg-card border-border rounded-2xl border p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground mt-1 mb-6">{subtitle}</p>
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" />
          </div>
        ) : (
          children
        )}
        <p className="text-muted-foreground mt-6 text-center text-sm">
          <Link
            to={switchTo.to}
            search={{ redirect: switchTo.redirect }}
            className="text-primary hover:underline"
          >
            {switchTo.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
