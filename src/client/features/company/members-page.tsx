import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, LogOut, MailPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { EmailField } from '@client/components/ui/contact-input-fields';
import { EmptyState } from '@client/components/ui/empty-state';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { showRefusal } from '@client/lib/refusals';
import { fieldBinder } from '@client/lib/form-fields';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { formatDate } from '@shared/format';
import {
  COMPANY_ROLE_LABELS,
  type InviteMemberInput,
  inviteMemberSchema,
} from '@shared/schemas/company-members';
import { MemberRow } from './member-row';
import type { CompanyMembers } from './types';

/** /account/empresa/usuarios: who buys for the company, and (for its administrators) who may. */
export function MembersPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.account.company.members.queryOptions());
  return (
    <QueryState query={query}>
      {(company) =>
        company ? (
          <CompanyMembersView company={company} />
        ) : (
          <div className="space-y-6">
            <h1 className="text-2xl font-bold">Usuarios de la empresa</h1>
            <EmptyState
              icon={Building2}
              title="Todavía no tenés una empresa"
              description="Guardá la razón social y el RUT en 'Datos de la empresa': quedás como Administrador y podés invitar a tus compañeros. Si tu empresa ya está registrada, pedile a su administrador que te invite."
              action={
                <Button asChild>
                  <Link to="/account/empresa">Datos de la empresa</Link>
                </Button>
              }
            />
          </div>
        )
      }
    </QueryState>
  );
}

function CompanyMembersView({ company }: { company: CompanyMembers }) {
  const isAdmin = company.role === 'admin';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Usuarios de la empresa</h1>
        <p className="text-muted-foreground mt-1 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-foreground font-medium">{company.company.name}</span>
          <span>RUT {company.company.rut}</span>
          <Badge variant="outline">Tu rol: {COMPANY_ROLE_LABELS[company.role]}</Badge>
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Miembros ({company.members.length})</CardTitle>
          <p className="text-muted-foreground text-sm">
            Todos ven los pedidos de la empresa. Un miembro con límite de compra necesita la
            aprobación de un administrador para aceptar una cotización que lo supere.
          </p>
        </CardHeader>
        <CardContent>
          <ul className="divide-border divide-y" aria-label="Miembros">
            {company.members.map((member) => (
              <MemberRow key={member.customerId} member={member} canManage={isAdmin} />
            ))}
          </ul>
        </CardContent>
      </Card>
      {isAdmin && <InviteCard invitations={company.invitations} />}
      <LeaveCompany />
    </div>
  );
}

function InviteCard({ invitations }: { invitations: CompanyMembers['invitations'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.account.company.members.queryKey() });
  const form = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '' },
  });
  const invite = useMutation(
    trpc.account.company.invite.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.invitationSent);
        form.reset();
        await refresh();
      },
      onError: (error) => showRefusal(form, error),
    }),
  );
  const cancel = useMutation(
    trpc.account.company.cancelInvitation.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.invitationCancelled);
        await refresh();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitar a una persona</CardTitle>
        <p className="text-muted-foreground text-sm">
          Le enviamos un enlace que vale por 7 días. Para unirse, inicia sesión o se registra con
          ese mismo correo.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => void form.handleSubmit((values) => invite.mutate(values))(event)}
        >
          <EmailField
            label="Correo de la persona"
            fieldClassName="flex-1"
            {...fieldBinder(form, { idPrefix: 'invite-' })('email')}
          />
          <Button type="submit" disabled={invite.isPending} className="sm:mt-7">
            <MailPlus aria-hidden="true" /> Invitar
          </Button>
        </form>
        {invitations.length > 0 && (
          <div>
            <h4 className="mb-2 text-sm font-semibold">Invitaciones pendientes</h4>
            <ul className="divide-border divide-y text-sm" aria-label="Invitaciones pendientes">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="flex items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate">{invitation.email}</p>
                    <p className="text-muted-foreground text-xs">
                      Vence el {formatDate(invitation.expiresAt)}
                    </p>
                  </div>
                  <Button
                    variant="ghost-destructive"
                    size="sm"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate({ invitationId: invitation.id })}
                    aria-label={`Cancelar la invitación de ${invitation.email}`}
                  >
                    <X aria-hidden="true" /> Cancelar
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function LeaveCompany() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const leave = useMutation(
    trpc.account.company.leave.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        notify.success(accountMessages.companyLeft);
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
        await navigate({ to: '/account/empresa' });
      },
      onError: (error) => {
        setOpen(false);
        notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <div>
      <Button variant="outline-destructive" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" /> Salir de la empresa
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="¿Salir de la empresa?"
        description="Dejás de ver los pedidos de la empresa. Tus propios pedidos siguen en tu cuenta."
        confirmLabel="Salir"
        isPending={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
    </div>
  );
}
