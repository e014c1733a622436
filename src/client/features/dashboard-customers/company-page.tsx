import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { notify } from '@client/lib/notify';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { formatDate, formatMoney } from '@shared/format';
import { COMPANY_ROLE_LABELS } from '@shared/schemas/company-members';
import { BackToCustomers, Fact, RecentOrders } from './customer-page';
import { HandOverForm } from './hand-over-form';
import { StaffNote } from './staff-note';

const NOTE_FIELDS = ['note'];
/**
 * One company for the staff: its members (or, without any, the hand-over to a customer),
 * pending invitations, `prices` (the route passes the company's negotiated prices, a feature
 * of its own), `account` (its credit, terms and payments, the collections feature), latest
 * orders and the note.
 */
export function StaffCompanyPage({
  id,
  prices,
  account,
}: {
  id: number;
  prices?: ReactNode;
  account?: ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.admin.companies.get.queryOptions({ id }));
  const noteRefusal = useRefusalState(NOTE_FIELDS);
  const save = useMutation(
    trpc.admin.companies.setNote.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.noteSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.companies.pathKey() });
      },
      onError: noteRefusal.show,
    }),
  );
  return (
    <div className="space-y-6">
      <BackToCustomers />
      <QueryState query={query}>
        {(company) => (
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_360px] xl:items-start">
            <div className="min-w-0 space-y-6">
              <Card>
                <CardHeader>
                  <CardTitle size="xl">{company.name}</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid gap-4 text-sm sm:grid-cols-2">
                    <Fact label="RUT">{company.rut}</Fact>
                    <Fact label="Registrada">{formatDate(company.createdAt)}</Fact>
                  </dl>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Miembros ({company.members.length})</CardTitle>
                </CardHeader>
                <CardContent>
                  {company.members.length === 0 ? (
                    <HandOverForm company={company} />
                  ) : (
                    <ul className="divide-border divide-y text-sm" aria-label="Miembros">
                      {company.members.map((member) => (
                        <li
                          key={member.customerId}
                          className="flex flex-wrap justify-between gap-2 py-2"
                        >
                          <div className="min-w-0">
                            <Link
                              to="/dashboard/clientes/$id"
                              params={{ id: String(member.customerId) }}
                              className="text-primary font-medium hover:underline"
                            >
                              {member.fullName}
                            </Link>
                            <p className="text-muted-foreground truncate text-xs">{member.email}</p>
                          </div>
                          <p className="text-muted-foreground text-right text-xs">
                            {COMPANY_ROLE_LABELS[member.role]}
                            {member.role === 'member' && member.spendingLimit
                              ? ` · límite ${formatMoney(member.spendingLimit)}`
                              : ''}
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                  {company.invitations.length > 0 && (
                    <p className="text-muted-foreground mt-4 text-sm">
                      Invitaciones pendientes:{' '}
                      {company.invitations.map((invitation) => invitation.email).join(', ')}
                    </p>
                  )}
                </CardContent>
              </Card>
              {account}
              {prices}
              <RecentOrders
                total={company.orders.total}
                orders={company.orders.items.map(({ requesterName, ...order }) => ({
                  ...order,
                  customerName: requesterName,
                }))}
                search={company.name}
                customerLabel="Solicitado por"
              />
            </div>
            <StaffNote
              id={`nota-empresa-${company.id}`}
              note={company.staffNote}
              isSaving={save.isPending}
              error={noteRefusal.errors.note}
              onSave={(note) => save.mutate({ id: company.id, note })}
            />
          </div>
        )}
      </QueryState>
    </div>
  );
}
