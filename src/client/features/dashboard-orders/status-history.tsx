import { formatDateTime } from '@shared/format';
import { orderStatusLabel } from '@shared/order-status';

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

/** Every status change: when, who, from and to (docs/decisions/018-order-status-history.md). */
export function StatusHistory({ entries }: { entries: HistoryEntry[] }) {
  return (
    <ol className="border-border relative space-y-5 border-l pl-6">
      {entries.map((entry) => (
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
          <p className="text-muted-foreground text-xs">
            {formatDateTime(entry.changedAt)} · {whoChanged(entry)}
          </p>
        </li>
      ))}
    </ol>
  );
}
