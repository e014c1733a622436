import { formatDateTime } from '@shared/format';
import {
  CREDIT_APPROVAL_STATUS,
  customerStatusLabel,
  PENDING_APPROVAL_STATUS,
  releasesStock,
} from '@shared/order-status';

/** `detail`: why, when the change gave the stock back ('Motivo: …'). */
export type TimelineEntry = { key: string; at: Date; text: string; detail?: string; by?: string };

type HistoryRow = {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  changedAt: Date;
  note: string | null;
};
type RevisionRow = { number: number; createdAt: Date };

/** The note the server writes on the status change a revision makes (shown as the revision). */
const REVISION_SENT_NOTE = 'Cotización enviada';

/** What happened to the order in plain words, oldest first. */
export function timelineOf<H extends HistoryRow, R extends RevisionRow>(
  orderId: number,
  history: H[],
  revisions: R[],
  options: {
    who?: { history: (row: H) => string; revision: (row: R) => string };
    /** Entries of the order's other axes (its dispatches and deliveries). */
    extra?: TimelineEntry[];
  } = {},
): TimelineEntry[] {
  const { who } = options;
  const entries: TimelineEntry[] = [...(options.extra ?? [])];
  for (const row of history) {
    if (row.note === REVISION_SENT_NOTE) continue;
    const text =
      row.fromStatus === null
        ? 'Solicitud de cotización recibida'
        : row.toStatus === 'Concretado'
          ? 'Cotización aceptada'
          : row.toStatus === 'Cancelado'
            ? 'Pedido cancelado'
            : row.toStatus === 'Vencida'
              ? `Cotización vencida${row.note ? ` (${row.note.toLowerCase()})` : ''}`
              : `Estado: ${customerStatusLabel(row.toStatus)}`;
    // The expiry's own note is in its text; a cancellation's reason reads 'Motivo: …'.
    const isReasoned =
      row.note &&
      row.toStatus !== 'Vencida' &&
      row.fromStatus &&
      releasesStock(row.fromStatus, row.toStatus);
    // A company's approval steps say who decided and why ('Aprobada por …', 'Rechazada por …'),
    // and so do the store's credit decisions ('Crédito rechazado: …').
    const isApprovalStep = [PENDING_APPROVAL_STATUS, CREDIT_APPROVAL_STATUS].some(
      (waiting) => row.toStatus === waiting || row.fromStatus === waiting,
    );
    entries.push({
      key: `h${row.id}`,
      at: row.changedAt,
      text,
      detail: isReasoned
        ? `Motivo: ${row.note}`
        : isApprovalStep && row.note
          ? row.note
          : undefined,
      by: who?.history(row),
    });
  }
  for (const revision of revisions) {
    entries.push({
      key: `r${revision.number}`,
      at: revision.createdAt,
      text: `Cotización N° ${orderId}-${revision.number} enviada`,
      by: who?.revision(revision),
    });
  }
  return entries.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
}

/** One step of a history list: what happened, why, when and who. */
export function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className="bg-primary absolute top-1.5 -left-[29px] size-2.5 rounded-full ring-4 ring-white"
      />
      <p className="text-sm font-medium">{entry.text}</p>
      {entry.detail && <p className="text-sm break-words">{entry.detail}</p>}
      <p className="text-muted-foreground text-xs">
        {formatDateTime(entry.at)}
        {entry.by && ` · ${entry.by}`}
      </p>
    </li>
  );
}

export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="border-border relative space-y-5 border-l pl-6">
      {entries.map((entry) => (
        <TimelineItem key={entry.key} entry={entry} />
      ))}
    </ol>
  );
}
