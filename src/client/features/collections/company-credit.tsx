import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, InputField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { notify } from '@client/lib/notify';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { collectionsMessages } from '@shared/collections-messages';
import { formatMoney } from '@shared/format';
import { formatMoneyInput } from '@shared/money-input';
import {
  PAYMENT_TERM_DAYS,
  PAYMENT_TERMS_FROM,
  PAYMENT_TERMS_FROM_LABELS,
  type PaymentTermDays,
  type PaymentTermsFrom,
  paymentTermsLabel,
} from '@shared/payment-terms';

const TERMS_FIELDS = ['paymentTermsDays', 'paymentTermsFrom', 'creditLimit'];

type Credit = {
  paymentTermsDays: number;
  paymentTermsFrom: 'acceptance' | 'delivery';
  creditLimit: string | null;
  used: string;
  available: string | null;
};

function TermsForm({ companyId, credit }: { companyId: number; credit: Credit }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [days, setDays] = useState(credit.paymentTermsDays as PaymentTermDays);
  const [from, setFrom] = useState<PaymentTermsFrom>(credit.paymentTermsFrom);
  const [limit, setLimit] = useState(
    credit.creditLimit ? formatMoneyInput(credit.creditLimit) : '',
  );
  const refusal = useRefusalState(TERMS_FIELDS);
  const save = useMutation(
    trpc.admin.collections.setTerms.mutationOptions({
      onSuccess: async () => {
        refusal.clear();
        notify.success(collectionsMessages.termsSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.collections.pathKey() });
      },
      onError: refusal.show,
    }),
  );
  const id = (name: string) => `credito-${companyId}-${name}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ companyId, paymentTermsDays: days, paymentTermsFrom: from, creditLimit: limit });
  }
  return (
    <div className="@container">
      <form
        onSubmit={submit}
        aria-label="Editar condiciones de pago"
        className="grid gap-3 @md:grid-cols-2 @3xl:grid-cols-[12rem_12rem_minmax(0,12rem)_auto] @3xl:items-start"
      >
        <FormField
          label="Condiciones de pago"
          htmlFor={id('dias')}
          error={refusal.errors.paymentTermsDays}
        >
          <NativeSelect
            id={id('dias')}
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as PaymentTermDays)}
          >
            {PAYMENT_TERM_DAYS.map((value) => (
              <option key={value} value={value}>
                {value === 0 ? 'Contado' : `Crédito a ${value} días`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="El plazo corre"
          htmlFor={id('desde')}
          error={refusal.errors.paymentTermsFrom}
        >
          <NativeSelect
            id={id('desde')}
            value={from}
            disabled={days === 0}
            onChange={(event) => setFrom(event.target.value as PaymentTermsFrom)}
          >
            {PAYMENT_TERMS_FROM.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_TERMS_FROM_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <InputField
          id={id('limite')}
          label="Límite de crédito (US$)"
          hint="Vacío: sin límite"
          inputMode="decimal"
          autoComplete="off"
          placeholder="5.000"
          value={limit}
          error={refusal.errors.creditLimit}
          onChange={(event) => setLimit(event.target.value)}
        />
        <Button type="submit" className="@3xl:mt-6" disabled={save.isPending}>
          Guardar condiciones
        </Button>
      </form>
    </div>
  );
}

/** A company's terms and credit on its dashboard page: what staff set, and what is left. */
export function CompanyCredit({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.collections.credit.queryOptions({ id: companyId }));
  return (
    <Card role="region" aria-labelledby={`credito-${companyId}`}>
      <CardHeader>
        <CardTitle id={`credito-${companyId}`}>Crédito y condiciones de pago</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <QueryState query={query}>
          {(credit) => (
            <>
              <dl className="grid gap-4 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-muted-foreground">Condiciones</dt>
                  <dd className="font-medium">
                    {paymentTermsLabel(credit.paymentTermsDays, credit.paymentTermsFrom)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Crédito usado</dt>
                  <dd className="font-medium tabular-nums">{formatMoney(credit.used)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Crédito disponible</dt>
                  <dd className="font-medium tabular-nums" data-testid="credit-available">
                    {credit.available === null
                      ? 'Sin límite'
                      : `${formatMoney(credit.available)} de ${formatMoney(credit.creditLimit ?? '0')}`}
                  </dd>
                </div>
              </dl>
              <TermsForm companyId={companyId} credit={credit} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
