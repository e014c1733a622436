import { formatDateTime } from '@shared/format';
import { type TimelineEntry, TimelineItem } from '@client/features/orders/order-timeline';
import { orderStatusLabel, releasesStock } from '@shared/order-status';

type HistoryEntry = {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  changedAt: Date;
  actor: 'user' | 'system';
  note: string | null;
  changedByName: string | null;
  changedByEmail: string | null;
};

/** 'Sistema · Reserva vencida' for the store's own changes; else the admin, if still there. */
const whoChanged = (entry: HistoryEntry) =>
  entry.actor === 'system'
    ? ['Sistema', entry.note].filter(Boolean).join(' · ')
    : (entry.changedByName ?? entry.changedByEmail ?? 'Usuario eliminado');

type RevisionEntry = { number: number; createdAt: Date; createdByName: string | null };

/**
 * Every status change and every quote sent: when, who, from and to
 * (docs/decisions/018-order-status-history.md), oldest first.
 */
export function StatusHistory({
  entries,
  revisions,
  orderId,
  extra = [],
}: {
  entries: HistoryEntry[];
  revisions: RevisionEntry[];
  orderId: number;
  /** Steps of the order's other axes: its dispatches and deliveries. */
  extra?: TimelineEntry[];
}) {
  const sent: TimelineEntry[] = revisions.map((revision) => ({
    key: `r${revision.number}`,
    at: revision.createdAt,
    text: `Cotización N° ${orderId}-${revision.number} enviada`,
    by: revision.createdByName ?? 'Usuario eliminado',
  }));
  const steps = [...sent, ...extra].map((entry) => ({
    id: entry.key,
    at: new Date(entry.at).getTime(),
    node: <TimelineItem key={entry.key} entry={entry} />,
  }));
  const changes = entries.map((entry) => ({
    id: `h${entry.id}`,
    at: new Date(entry.changedAt).getTime(),
    node: renderEntry(entry),
  }));
  return (
    <ol className="border-border relative space-y-5 border-l pl-6">
      {[...changes, ...steps].sort((a, b) => a.at - b.at).map((item) => item.node)}
    </ol>
  );
}

function renderEntry(entry: HistoryEntry) {
  return (
    <li key={entry.id} className="relative">
      <span
        aria-hidden="true"
        className="bg-primary absolute top-1.5 -left-[29px] size-2.5 rounded-full ring-4 ring-white"
      />
      <p className="text-sm font-medium">
        {entry.fromStatus
          ? `${orderStatusLabel(entry.fromStatus)} → ${orderStatusLabel(entry.toStatus)}`
          : `Creada como ${orderStatusLabel(entry.toStatus)}`}
      </p>
      {entry.actor === 'user' &&
        entry.note &&
        entry.fromStatus &&
        releasesStock(entry.fromStatus, entry.toStatus) && (
          <p className="text-sm break-words">Motivo: {entry.note}</p>
        )}
      <p className="text-muted-foreground text-xs">
        {formatDateTime(entry.changedAt)} · {whoChanged(entry)}
      </p>
    </li>
  );
}
