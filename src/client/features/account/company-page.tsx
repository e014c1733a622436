import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { CompanyFields } from '@client/components/company-fields';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { notify } from '@client/lib/notify';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import type { CompanyFields as CompanyData, CompanyFieldsValues } from '@shared/schemas/company';
import { COMPANY_ROLE_LABELS, companyProfileSchema } from '@shared/schemas/company-members';

/**
 * 'Datos de la empresa': the razón social and RUT printed on every quote and its PDF. The
 * first customer to save a RUT administers its company (docs/decisions/057); its members read
 * them, only its administrators change them.
 */
export function CompanyPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: profile } = useSuspenseQuery(trpc.account.profile.get.queryOptions());
  const form = useForm<CompanyFieldsValues, unknown, CompanyData>({
    resolver: zodResolver(companyProfileSchema),
    defaultValues: { companyName: profile.companyName, rut: profile.rut },
  });
  const save = useMutation(
    trpc.account.profile.update.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.profileSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
      },
      onError: (error) => showRefusal(form, error),
    }),
  );
  const isMember = profile.role === 'member';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Datos de la empresa</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          Figuran en cada cotización y en su PDF. Los pedidos que hagas quedan a nombre de la
          empresa y los ven todos sus miembros.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Facturación</CardTitle>
          {profile.role ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline">Tu rol: {COMPANY_ROLE_LABELS[profile.role]}</Badge>
              <Link to="/account/empresa/usuarios" className="text-primary hover:underline">
                Usuarios de la empresa
              </Link>
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">
              Al guardar la razón social y el RUT quedás como Administrador de la empresa y podés
              invitar a tus compañeros. Si tu empresa ya está registrada, pedile a su administrador
              que te invite.
            </p>
          )}
        </CardHeader>
        <CardContent>
          {isMember ? (
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Razón social</dt>
                <dd className="font-medium">{profile.companyName}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">RUT</dt>
                <dd className="font-medium">{profile.rut}</dd>
              </div>
              <p className="text-muted-foreground sm:col-span-2">
                Solo un administrador de la empresa puede cambiar estos datos.
              </p>
            </dl>
          ) : (
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
          )}
        </CardContent>
      </Card>
    </div>
  );
}
