import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { NativeSelect } from '@client/components/ui/native-select';
import { PriceWithTax } from '@client/components/ui/price';
import { FulfilmentBadge } from '@client/features/orders/fulfilment-badge';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { cn } from '@client/lib/cn';
import { formatDate } from '@shared/format';
import { formatAge, validityLabel } from '@shared/staff-desk';

/** A row of the queue, as admin.orders.list answers it. */
export type DeskRow = inferRouterOutputs<AppRouter>['admin']['orders']['list']['items'][number];

/** A quote still open shows its validity ('Vence en 2 días', 'Vencida'); others show none. */
function Validity({ row, now }: { row: DeskRow; now: Date }) {
  if (!row.validUntil || row.status !== 'Modificado') return null;
  const label = validityLabel(row.validUntil, now);
  return <span className={cn(label === 'Vencida' && 'text-destructive')}>{label}</span>;
}

/** The staff who may be 'Responsable', as a select; '' is 'Sin responsable'. */
export function OwnerSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const trpc = useTRPC();
  const staff = useQuery(trpc.admin.orders.staff.queryOptions());
  return (
    <NativeSelect
      id={id}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Sin responsable</option>
      {staff.data?.map((member) => (
        <option key={member.id} value={String(member.id)}>
          {member.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Sets the 'Responsable' of some orders, then reads the lists and the order pages again. */
export function useAssignOwner() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.orders.assignOwner.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.orders.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.orders.get.pathKey() });
        notify.success('Responsable asignado');
      },
      onError: (error) => notify.error(error.message),
    }),
  );
}

/**
 * The orders queue (docs/decisions/092-one-desk-for-quotes.md) as one card per order, at every
 * width: unread in bold with a dot, the age of the customer's last action, the flag on what
 * waits more than a business day, the validity and the 'Responsable'; checkboxes for
 * 'Asignar responsable'.
 */
export function DeskList({ rows, now }: { rows: DeskRow[]; now: Date }) {
  const [selected, setSelected] = useState<number[]>([]);
  const [owner, setOwner] = useState('');
  const assign = useAssignOwner();
  const visible = selected.filter((id) => rows.some((row) => row.id === id));
  const allSelected = visible.length === rows.length && rows.length > 0;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <div className="space-y-3">
      <div className="border-border flex flex-wrap items-center gap-3 rounded-lg border bg-white p-3">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={allSelected}
            onCheckedChange={(on) => setSelected(on === true ? rows.map((row) => row.id) : [])}
            aria-label="Seleccionar todas las órdenes de la página"
          />
          <span>{visible.length === 0 ? 'Seleccionar' : `${visible.length} seleccionadas`}</span>
        </label>
        <div className="flex flex-1 flex-wrap items-center gap-2 sm:flex-none">
          <label htmlFor="bulk-owner" className="sr-only">
            Responsable
          </label>
          <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
            <OwnerSelect id="bulk-owner" value={owner} onChange={setOwner} />
          </div>
          <Button
            type="button"
            disabled={visible.length === 0 || assign.isPending}
            onClick={() =>
              assign.mutate(
                { orderIds: visible, ownerId: owner ? Number(owner) : null },
                { onSuccess: () => setSelected([]) },
              )
            }
          >
            Asignar responsable
          </Button>
        </div>
      </div>

      <ul className="space-y-2" aria-label="Órdenes">
        {rows.map((row) => (
          <li
            key={row.id}
            className={cn(
              'flex gap-3 rounded-lg border p-3 sm:p-4',
              row.isUnread ? 'border-primary/40 bg-primary/5' : 'border-border bg-white',
            )}
          >
            <Checkbox
              className="mt-0.5"
              checked={visible.includes(row.id)}
              onCheckedChange={(on) => toggle(row.id, on === true)}
              aria-label={`Seleccionar la orden #${row.id}`}
            />
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <div className="flex min-w-0 items-center gap-2">
                  {row.isUnread && (
                    <span className="bg-primary size-2 shrink-0 rounded-full" aria-hidden="true" />
                  )}
                  <Link
                    to="/dashboard/ordenes/$id"
                    params={{ id: String(row.id) }}
                    className={cn(
                      'text-primary truncate hover:underline',
                      row.isUnread ? 'font-bold' : 'font-medium',
                    )}
                  >
                    {row.isUnread && <span className="sr-only">Sin leer: </span>}#{row.id} ·{' '}
                    {row.customerName}
                  </Link>
                </div>
                <span className="text-sm font-medium whitespace-nowrap">
                  <PriceWithTax amount={row.totalAmount} />
                </span>
              </div>
              <p className="text-muted-foreground truncate text-xs">
                {row.companyName ? `${row.companyName} · ` : ''}
                {row.customerEmail} · {formatDate(row.createdAt)}
              </p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                <OrderStatusBadge status={row.status} />
                {row.fulfilmentStatus && <FulfilmentBadge status={row.fulfilmentStatus} />}
                {row.lastCustomerActionAt && (
                  <span title="Última acción del cliente">
                    Cliente: {formatAge(row.lastCustomerActionAt, now)}
                  </span>
                )}
                {row.isWaitingTooLong && (
                  <span className="flex items-center gap-1 font-medium text-amber-700">
                    <AlertTriangle className="size-3.5" aria-hidden="true" />
                    Sin respuesta hace más de un día hábil
                  </span>
                )}
                <Validity row={row} now={now} />
                <span className="text-muted-foreground">
                  Responsable: {row.ownerName ?? 'sin asignar'}
                </span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
