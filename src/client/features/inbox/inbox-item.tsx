import type { ReactNode } from 'react';
import { Mail, MailOpen } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@shared/format';

type InboxItemProps = {
  title: ReactNode;
  createdAt: Date;
  isRead: boolean;
  onToggleRead: () => void;
  isToggling: boolean;
  children: ReactNode;
};

/** One message of the staff inbox; unread ones stand out until marked read. */
export function InboxItem({
  title,
  createdAt,
  isRead,
  onToggleRead,
  isToggling,
  children,
}: InboxItemProps) {
  return (
    <li
      className={cn(
        'border-border bg-card rounded-lg border p-4 shadow-sm sm:p-5',
        !isRead && 'border-l-primary border-l-4',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            {!isRead ? <Badge>Nuevo</Badge> : null}
            <h2 className={cn('text-base break-words', !isRead && 'font-semibold')}>{title}</h2>
          </div>
          <p className="text-muted-foreground text-xs">
            <time dateTime={new Date(createdAt).toISOString()}>{formatDateTime(createdAt)}</time>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onToggleRead} disabled={isToggling}>
          {isRead ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
          {isRead ? 'Marcar como no leído' : 'Marcar como leído'}
        </Button>
      </div>
      <div className="mt-3 space-y-3 text-sm">{children}</div>
    </li>
  );
}

/** Email and phone of whoever wrote, as links. */
export function ContactLine({ email, phone }: { email: string; phone: string | null }) {
  return (
    <p className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1">
      <a href={`mailto:${email}`} className="text-primary break-all hover:underline">
        {email}
      </a>
      {phone ? (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
          {phone}
        </a>
      ) : null}
    </p>
  );
}
