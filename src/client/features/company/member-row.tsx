import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { formatMoney } from '@shared/format';
import { formatMoneyInput } from '@shared/money-input';
import { COMPANY_MEMBER_ROLES, COMPANY_ROLE_LABELS } from '@shared/schemas/company-members';
import type { CompanyMember } from './types';

const LIMIT_FIELDS = ['limit'];

/** One member: who, their role and spending limit, and for an administrator the controls. */
export function MemberRow({ member, canManage }: { member: CompanyMember; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(
    member.spendingLimit ? formatMoneyInput(member.spendingLimit) : '',
  );
  const [isRemoving, setRemoving] = useState(false);
  const options = (success: string) => ({
    onSuccess: async () => {
      notify.success(success);
      await queryClient.invalidateQueries({ queryKey: trpc.account.company.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.account.profile.pathKey() });
    },
    onError: (error: unknown) => notify.error(errorMessage(error)),
  });
  const setRole = useMutation(
    trpc.account.company.setRole.mutationOptions(options(accountMessages.memberUpdated)),
  );
  const limitRefusal = useRefusalState(LIMIT_FIELDS);
  const saveLimit = useMutation(
    trpc.account.company.setSpendingLimit.mutationOptions({
      ...options(accountMessages.memberUpdated),
      onError: limitRefusal.show,
    }),
  );
  const remove = useMutation(
    trpc.account.company.removeMember.mutationOptions({
      ...options(accountMessages.memberRemoved),
      onSettled: () => setRemoving(false),
    }),
  );
  const limitError = limitRefusal.errors.limit;
  const id = `member-${member.customerId}`;

  return (
    <li className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
      <div className="min-w-0">
        <p className="font-medium">
          {member.fullName}{' '}
          {member.isYou && <span className="text-muted-foreground text-sm">(vos)</span>}
        </p>
        <p className="text-muted-foreground truncate text-sm">{member.email}</p>
        {!canManage && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={member.role === 'admin' ? 'secondary' : 'outline'}>
              {COMPANY_ROLE_LABELS[member.role]}
            </Badge>
            {member.role === 'member' && (
              <span className="text-muted-foreground">
                {member.spendingLimit
                  ? `Límite de compra: ${formatMoney(member.spendingLimit)}`
                  : 'Sin límite de compra'}
              </span>
            )}
          </p>
        )}
      </div>
      {canManage && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-role`}>Rol</Label>
            <NativeSelect
              id={`${id}-role`}
              value={member.role}
              disabled={setRole.isPending}
              onChange={(event) =>
                setRole.mutate({
                  customerId: member.customerId,
                  role: event.target.value === 'admin' ? 'admin' : 'member',
                })
              }
            >
              {COMPANY_MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {COMPANY_ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {member.role === 'member' && (
            <form
              noValidate
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                saveLimit.mutate({ customerId: member.customerId, limit });
              }}
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-limit`}>Límite de compra (US$)</Label>
                <Input
                  id={`${id}-limit`}
                  inputMode="decimal"
                  placeholder="Sin límite"
                  className="w-32"
                  fullWidth={false}
                  value={limit}
                  aria-invalid={limitError ? true : undefined}
                  aria-describedby={limitError ? `${id}-limit-error` : undefined}
                  onChange={(event) => setLimit(event.target.value)}
                />
              </div>
              <Button type="submit" variant="outline" disabled={saveLimit.isPending}>
                Guardar
              </Button>
            </form>
          )}
          {!member.isYou && (
            <Button
              variant="ghost-destructive"
              onClick={() => setRemoving(true)}
              aria-label={`Quitar a ${member.fullName}`}
            >
              <UserMinus aria-hidden="true" /> Quitar
            </Button>
          )}
          {limitError && (
            <p id={`${id}-limit-error`} role="alert" className="text-destructive w-full text-sm">
              {limitError}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setRemoving}
        title={`¿Quitar a ${member.fullName} de la empresa?`}
        description="Deja de ver los pedidos de la empresa; los que pidió siguen siendo de la empresa."
        confirmLabel="Quitar"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate({ customerId: member.customerId })}
      />
    </li>
  );
}
