import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { errorMessage } from '@client/lib/errors';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import { formatUruguayanPhone, placeText } from '@shared/schemas/uy-address';
import { BillingCard } from './billing-card';
import { SiteForm, type StoredSite } from './site-form';

/**
 * 'Direcciones' (/account/empresa/direcciones): the company's billing data apart from its
 * delivery sites (docs/decisions/081-address-book-and-delivery-choice.md). Every member reads
 * them and picks one at checkout; its administrators manage them. A customer without a company
 * keeps their own sites here.
 */
export function AddressesPage() {
  const trpc = useTRPC();
  const { data: book } = useSuspenseQuery(trpc.account.sites.list.queryOptions());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Direcciones</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          Los lugares donde recibís tus pedidos. Elegís uno al solicitar cada cotización.
        </p>
      </div>
      {book.billing && <BillingCard billing={book.billing} canManage={book.canManage} />}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>Lugares de entrega</CardTitle>
          {book.canManage && editing !== 'new' && (
            <Button size="sm" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" /> Agregar lugar
            </Button>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {!book.canManage && (
            <p className="text-muted-foreground text-sm">{text.sitesAdminOnly}</p>
          )}
          {editing === 'new' && (
            <div className="border-border rounded-md border p-4">
              <SiteForm onDone={() => setEditing(null)} />
            </div>
          )}
          {book.sites.length === 0 && editing !== 'new' ? (
            <EmptyState
              icon={MapPin}
              title="Todavía no hay lugares de entrega"
              description="Agregá el depósito, la oficina o la sucursal donde recibís los pedidos."
            />
          ) : (
            <ul className="space-y-3">
              {book.sites.map((site) => (
                <li key={site.id} className="border-border rounded-md border p-4">
                  {editing === site.id ? (
                    <SiteForm site={site} onDone={() => setEditing(null)} />
                  ) : (
                    <SiteRow
                      site={site}
                      canManage={book.canManage}
                      onEdit={() => setEditing(site.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SiteRow({
  site,
  canManage,
  onEdit,
}: {
  site: StoredSite & { isDefault: boolean };
  canManage: boolean;
  onEdit: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.sites.pathKey() });
  const onError = (error: unknown) => notify.error(errorMessage(error));
  const remove = useMutation(
    trpc.account.sites.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(text.siteDeleted);
        setConfirming(false);
        await refresh();
      },
      onError,
    }),
  );
  const makeDefault = useMutation(
    trpc.account.sites.setDefault.mutationOptions({
      onSuccess: async () => {
        notify.success(text.siteDefaultSet);
        await refresh();
      },
      onError,
    }),
  );
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {site.name}
          {site.isDefault && <Badge variant="secondary">Predeterminado</Badge>}
        </p>
        <p>{placeText(site)}</p>
        <p className="text-muted-foreground">
          Tel. {formatUruguayanPhone(site.phone)}
          {site.contactName ? ` · ${site.contactName}` : ''}
        </p>
        {site.hours && <p className="text-muted-foreground">Horario: {site.hours}</p>}
      </div>
      {canManage && (
        <div className="flex shrink-0 flex-wrap gap-2">
          {!site.isDefault && (
            <Button
              size="sm"
              variant="outline"
              disabled={makeDefault.isPending}
              onClick={() => makeDefault.mutate({ siteId: site.id })}
            >
              Predeterminar
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onEdit}>
            Editar
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Eliminar
          </Button>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setConfirming}
            title={`¿Eliminar «${site.name}»?`}
            description="Los pedidos que ya lo eligieron conservan su dirección."
            onConfirm={() => remove.mutate({ siteId: site.id })}
            isPending={remove.isPending}
          />
        </div>
      )}
    </div>
  );
}
