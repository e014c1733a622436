import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FieldError } from 'react-hook-form';
import { useTRPC } from '@client/lib/trpc';
import type { DeliveryChoiceFormValues } from '@shared/schemas/fulfilment';
import {
  DeliveryChoiceFields,
  type DeliveryChoiceErrors,
} from '@client/features/orders/delivery-choice-fields';

/** react-hook-form's errors of the `delivery` object, as the fields' messages. */
const messagesOf = (error: FieldError | undefined): DeliveryChoiceErrors => {
  const nested = error as Record<string, { message?: string } | undefined> | undefined;
  return {
    method: nested?.method?.message,
    siteId: nested?.siteId?.message,
    agency: nested?.agency?.message,
    agencyName: nested?.agencyName?.message,
  };
};

/** The checkout's delivery: the buyer's sites (their company's book, or their own). */
export function CheckoutDelivery({
  value,
  onChange,
  errors,
}: {
  value: DeliveryChoiceFormValues;
  onChange: (value: DeliveryChoiceFormValues) => void;
  errors?: FieldError;
}) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.account.sites.list.queryOptions());
  return (
    <div className="border-border rounded-md border p-4">
      <DeliveryChoiceFields
        idPrefix="entrega-"
        value={value}
        onChange={onChange}
        sites={data?.sites ?? []}
        errors={messagesOf(errors)}
        noSites={
          <p className="text-muted-foreground">
            Todavía no hay lugares de entrega.{' '}
            {data?.canManage !== false ? (
              <Link to="/account/empresa/direcciones" className="text-primary underline">
                Agregá uno en Direcciones
              </Link>
            ) : (
              'Pedile a un administrador de la empresa que agregue uno en Direcciones.'
            )}
          </p>
        }
      />
    </div>
  );
}
