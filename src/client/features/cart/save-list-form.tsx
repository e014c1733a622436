import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { useTextInput } from '@client/lib/use-text-input';
import { useCartStore } from '@client/stores/cart';
import { pricingMessages } from '@shared/pricing-messages';
import { PURCHASE_LIST_NAME_MAX } from '@shared/schemas/pricing';

/** 'Guardar como lista' of the cart: a name, then the lines as they are now. */
export function SaveListForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const name = useTextInput('');
  const [error, setError] = useState<string>();
  const save = useMutation(
    trpc.lists.create.mutationOptions({
      onSuccess: async () => {
        notify.success(pricingMessages.purchaseListSaved);
        name.set('');
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.lists.pathKey() });
      },
      // The forms' one path from a refusal: the name's own message, or any other (an empty
      // cart, too many lists) under the only field there is.
      onError: (failure) =>
        showRefusal({ setError: (_name, { message }) => setError(message) }, failure, {
          fields: ['name'],
          messageField: 'name',
        }),
    }),
  );

  if (!isOpen) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ListPlus aria-hidden="true" /> Guardar como lista
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = useCartStore
      .getState()
      .items.map(({ variantId, quantity }) => ({ variantId, quantity }));
    setError(undefined);
    save.mutate({ name: name.value, items });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label="Guardar como lista">
      <InputField
        id="list-name"
        label="Nombre de la lista"
        placeholder="Ej.: Pedido mensual de oficina"
        maxLength={PURCHASE_LIST_NAME_MAX}
        error={error}
        autoFocus
        {...name.props}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending} className="grow">
          Guardar lista
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
