import { MessageSquareDiff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@client/components/ui/card';
import { formatDateTime } from '@shared/format';
import { CHANGES_REQUESTED_TITLE } from '@shared/negotiation';
import type { TimelineEntry } from './order-timeline';

type OpenChangeRequest = {
  revision: number;
  reason: string;
  createdAt: Date;
  requestedByName: string | null;
};

/**
 * The buyer's 'Pedir cambios' still unanswered, at the top of the order on both sides until
 * staff send the next revision (docs/decisions/090-asking-for-changes-is-an-event.md).
 */
export function ChangeRequestNotice({
  request,
  title,
  children,
}: {
  request: OpenChangeRequest;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card role="status" data-testid="change-request" className="border-warning/40">
      <div className="flex items-start gap-3 p-4 sm:p-6">
        <MessageSquareDiff className="text-warning mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-medium">{title}</p>
          <p className="bg-muted rounded-md p-3 text-sm break-words whitespace-pre-wrap">
            {request.reason}
          </p>
          <p className="text-muted-foreground text-xs">
            {formatDateTime(request.createdAt)}
            {request.requestedByName && ` · ${request.requestedByName}`}
          </p>
          {children}
        </div>
      </div>
    </Card>
  );
}

/** Every 'Pedir cambios' of the order, for its history. */
export function changeRequestEntries(
  orderId: number,
  requests: (OpenChangeRequest & { id: number })[],
): TimelineEntry[] {
  return requests.map((request) => ({
    key: `c${request.id}`,
    at: request.createdAt,
    text: `${CHANGES_REQUESTED_TITLE} a la cotización N° ${orderId}-${request.revision}`,
    detail: request.reason,
    by: request.requestedByName ?? undefined,
  }));
}
