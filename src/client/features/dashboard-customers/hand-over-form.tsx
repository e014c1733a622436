import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { EmailField } from '@client/components/ui/contact-input-fields';
import { fieldBinder } from '@client/lib/form-fields';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import {
  type CompanyHandOverInput,
  type CompanyHandOverValues,
  companyHandOverSchema,
} from '@shared/schemas/customers';

/**
 * A company without members: typing its RUT gives it to nobody, so staff name the customer
 * account that administers it, after checking who they are
 * (docs/decisions/074-a-rut-is-not-a-key.md).
 */
export function HandOverForm({ company }: { company: { id: number; name: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<CompanyHandOverValues, unknown, CompanyHandOverInput>({
    resolver: zodResolver(companyHandOverSchema),
    defaultValues: { id: company.id, email: '' },
  });
  const [confirming, setConfirming] = useState<CompanyHandOverInput | null>(null);
  const handOver = useMutation(
    trpc.admin.companies.handOver.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        notify.success(accountMessages.handOverDone);
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.companies.pathKey() });
      },
      onError: (error) => {
        setConfirming(null);
        // Every refusal (no account, in a company, members again) is about whom staff typed.
        showRefusal(form, error, { messageField: 'email' });
      },
    }),
  );
  return (
    <div className="space-y-3">
      <p className="text-muted-foreground text-sm">
        Sin miembros. Quien escriba su RUT no entra en ella: para entregársela a un cliente, ingresá
        el correo de su cuenta y pasará a administrarla.
      </p>
      <form
        noValidate
        aria-label="Entregar la empresa"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => void form.handleSubmit((values) => setConfirming(values))(event)}
      >
        <EmailField
          label="Correo de la cuenta del cliente"
          fieldClassName="flex-1"
          {...fieldBinder(form, { idPrefix: 'entregar-' })('email')}
        />
        <Button type="submit" disabled={handOver.isPending} className="sm:mt-7">
          <UserCheck aria-hidden="true" /> Nombrar administrador
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`¿Entregar ${company.name} a ${confirming?.email ?? ''}?`}
        description="Esa cuenta pasará a administrar la empresa: verá sus pedidos, mensajes y precios negociados, y podrá invitar a otras personas."
        confirmLabel="Entregar empresa"
        isPending={handOver.isPending}
        onConfirm={() => confirming && handOver.mutate(confirming)}
      />
    </div>
  );
}
