import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { InputField } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { fieldBinder } from '@client/lib/form-fields';
import { forgetSession } from '@client/lib/session-sync';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { type DeleteAccountInput, deleteAccountSchema } from '@shared/schemas/account';

/** /account/privacidad: the customer's rights over their data (Ley 18.331). */
export function PrivacyPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Privacidad</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          Tus derechos sobre tus datos personales (Ley N° 18.331). Más detalles en la{' '}
          <Link to="/privacidad" className="text-primary hover:underline">
            Política de privacidad
          </Link>
          .
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Descargar mis datos</CardTitle>
          <p className="text-muted-foreground text-sm">
            Un archivo JSON con tu perfil, tu empresa, tus pedidos con sus cotizaciones y mensajes,
            y tu suscripción a novedades.
          </p>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <a href="/api/account/data.json" download>
              <Download aria-hidden="true" /> Descargar mis datos
            </a>
          </Button>
        </CardContent>
      </Card>
      <DeleteAccountCard />
    </div>
  );
}

function DeleteAccountCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const remove = useMutation(
    trpc.account.privacy.deleteAccount.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        notify.success(accountMessages.accountDeleted);
        // Away from /account first: its mounted queries, asked again without a session, would
        // send the browser to /login instead.
        await navigate({ to: '/' });
        forgetSession(queryClient, trpc);
      },
      onError: (error) => {
        setConfirming(false);
        showRefusal(form, error);
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Eliminar mi cuenta</CardTitle>
        <div className="text-muted-foreground space-y-2 text-sm">
          <p>
            Borramos tu cuenta, tus sesiones, tus direcciones y tu suscripción. Tus pedidos quedan
            para nuestra contabilidad, con «Cliente eliminado» en lugar de tus datos. Después podés
            volver a registrarte con el mismo correo.
          </p>
          <p>
            Si administrás una empresa con otros miembros, primero nombrá a otra persona
            administradora.
          </p>
        </div>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => void form.handleSubmit(() => setConfirming(true))(event)}
        >
          <InputField
            label="Tu contraseña, para confirmar"
            type="password"
            autoComplete="current-password"
            fieldClassName="flex-1"
            {...fieldBinder(form, { idPrefix: 'delete-' })('password')}
          />
          <Button type="submit" variant="destructive" className="sm:mt-7">
            <Trash2 aria-hidden="true" /> Eliminar mi cuenta
          </Button>
        </form>
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setConfirming}
          title="¿Eliminar tu cuenta para siempre?"
          description="No se puede deshacer."
          confirmLabel="Eliminar mi cuenta"
          isPending={remove.isPending}
          onConfirm={() => remove.mutate(form.getValues())}
        />
      </CardContent>
    </Card>
  );
}
