import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CompanyFields } from '@client/components/company-fields';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { notify } from '@client/components/ui/toast';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import {
  type CompanyFields as CompanyData,
  type CompanyFieldsValues,
  companyFieldsSchema,
} from '@shared/schemas/company';

/**
 * 'Datos de la empresa': the razón social and RUT printed on every quote and its PDF, and
 * offered at checkout. Both optional; the RUT is checked with its check digit on both sides.
 */
export function CompanyPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: profile } = useSuspenseQuery(trpc.account.profile.get.queryOptions());
  const form = useForm<CompanyFieldsValues, unknown, CompanyData>({
    resolver: zodResolver(companyFieldsSchema),
    defaultValues: profile,
  });
  const save = useMutation(
    trpc.account.profile.update.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.profileSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.account.profile.get.queryKey() });
      },
      onError: (error) => showRefusal(form, error),
    }),
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Datos de la empresa</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          Figuran en cada cotización y en su PDF, y completan el formulario de cotización.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Facturación</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="space-y-5"
            onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
          >
            <CompanyFields field={fieldBinder(form)} />
            <Button type="submit" disabled={save.isPending}>
              Guardar datos
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
