import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { notify } from '@client/lib/notify';
import { YourPrice } from '@client/components/your-price';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { formatDate } from '@shared/format';
import { pricingMessages } from '@shared/pricing-messages';
import { useAddLinesToCart } from '@client/lib/use-add-lines-to-cart';

/** /account/listas: the buyer's saved carts, each added back at today's prices. */
export function PurchaseListsPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.lists.list.queryOptions());
  return (
    <QueryState query={query}>
      {(lists) => (
        <div className="space-y-6">
          <div>
            <h1 className="text-2xl font-bold">Listas de compra</h1>
            <p className="text-muted-foreground mt-1 text-sm">
              Guardá el carro como lista y volvé a pedirla cuando quieras, con los precios del día.
              Si formás parte de una empresa, sus integrantes también ven tus listas.
            </p>
          </div>
          {lists.length === 0 ? (
            <EmptyState
              icon={ListChecks}
              title="Todavía no guardaste listas"
              description="Armá el carro y usá 'Guardar como lista'."
            />
          ) : (
            <ul className="flex flex-col gap-4" aria-label="Listas de compra">
              {lists.map((list) => (
                <PurchaseListCard key={list.id} list={list} />
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryState>
  );
}

type ListSummary = {
  id: number;
  name: string;
  itemCount: number;
  updatedAt: Date;
  /** Who saved it: the buyer, or a colleague of their company (whose list only they delete). */
  savedBy: string;
  isOwn: boolean;
};

function PurchaseListCard({ list }: { list: ListSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const { add, isAdding } = useAddLinesToCart();
  const detail = useQuery({ ...trpc.lists.get.queryOptions({ listId: list.id }), enabled: isOpen });
  const remove = useMutation(
    trpc.lists.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(pricingMessages.purchaseListDeleted);
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.lists.pathKey() });
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  const addToCart = () =>
    add(() =>
      queryClient.fetchQuery({
        ...trpc.lists.get.queryOptions({ listId: list.id }),
        staleTime: 0,
      }),
    );

  return (
    <li className="border-border rounded-lg border p-4" aria-label={list.name}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">{list.name}</p>
          <p className="text-muted-foreground text-sm">
            {list.itemCount} {list.itemCount === 1 ? 'producto' : 'productos'} · guardada el{' '}
            {formatDate(list.updatedAt)}
            {!list.isOwn && ` por ${list.savedBy}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setOpen(!isOpen)}
            aria-expanded={isOpen}
          >
            {isOpen ? 'Ocultar productos' : 'Ver productos'}
          </Button>
          <Button size="sm" onClick={() => void addToCart()} disabled={isAdding}>
            <ShoppingCart aria-hidden="true" /> Agregar al carro
          </Button>
          {list.isOwn && (
            <Button
              variant="ghost-destructive"
              size="sm"
              aria-label={`Eliminar la lista ${list.name}`}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" /> Eliminar
            </Button>
          )}
        </div>
      </div>
      {isOpen && detail.data && (
        <ul className="divide-border mt-3 divide-y border-t text-sm">
          {detail.data.lines.map((line) => (
            <li
              key={line.variantId}
              className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
            >
              <span>
                {line.productName}{' '}
                <span className="text-muted-foreground">
                  ({line.storage} / {line.colorName}) × {line.quantity}
                </span>
              </span>
              <YourPrice listPrice={line.listPrice} unitPrice={line.unitPrice} align="end" />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={`¿Eliminar la lista "${list.name}"?`}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate({ listId: list.id })}
      />
    </li>
  );
}
