import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

type NoticeCardProps = {
  icon: LucideIcon;
  title: string;
  /** 'destructive' when the notice says that something failed. */
  tone?: 'default' | 'destructive';
  /** 'lg' for a notice that carries its own actions (the invitation's buttons). */
  width?: 'md' | 'lg';
  /**
   * 'status' for a notice that only reports how something went, so a screen reader reads it
   * out; none for one that asks the visitor to act, which is a page, not an announcement.
   */
  role?: 'status';
  children: ReactNode;
};

/** A centred card with an icon and a title: how a link or an invitation went, and what next. */
export function NoticeCard({
  icon: Icon,
  title,
  tone = 'default',
  width = 'md',
  role,
  children,
}: NoticeCardProps) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col px-4 py-12 sm:py-16',
        width === 'lg' ? 'max-w-lg' : 'max-w-md',
      )}
    >
      <div
        role={role}
        className="bg-card border-border space-y-4 rounded-2xl border p-6 text-center shadow-sm sm:p-8"
      >
        <Icon
          aria-hidden="true"
          className={cn(
            'mx-auto size-10',
            tone === 'destructive' ? 'text-destructive' : 'text-primary',
          )}
        />
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="text-muted-foreground space-y-3">{children}</div>
      </div>
    </div>
  );
}
