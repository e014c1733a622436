import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { collectionsMessages } from '@shared/collections-messages';
import { rateLabel } from '@shared/exchange-rate';
import { formatDay } from '@shared/format';
import { formatRate } from '@shared/quote-math';

const RATE_FIELDS = ['rate'];

/**
 * The dollar's rate of the day (docs/decisions/085-the-bcu-rate.md): the BCU's 'dólar billete'
 * read every day, or the last one marked out of date; staff type today's by hand when the BCU
 * cannot be reached, and it is logged.
 */
export function ExchangeRatePanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.admin.collections.rate.queryOptions());
  const [rate, setRate] = useState('');
  const refusal = useRefusalState(RATE_FIELDS);
  const save = useMutation(
    trpc.admin.collections.setRate.mutationOptions({
      onSuccess: async () => {
        refusal.clear();
        setRate('');
        notify.success(collectionsMessages.rateSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.collections.pathKey() });
      },
      onError: refusal.show,
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ rate });
  }
  return (
    <Card role="region" aria-labelledby="cotizacion-del-dolar">
      <CardHeader>
        <CardTitle id="cotizacion-del-dolar">Cotización del dólar</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <QueryState query={query}>
          {(panel) => (
            <>
              {panel.current ? (
                <p>
                  <span className="text-2xl font-bold tabular-nums" data-testid="current-rate">
                    {formatRate(panel.current.rate)}
                  </span>{' '}
                  <span
                    className={panel.current.isStale ? 'text-destructive' : 'text-muted-foreground'}
                  >
                    {rateLabel(panel.current)}
                  </span>
                </p>
              ) : (
                <p className="text-muted-foreground">Todavía no hay una cotización guardada.</p>
              )}
              <form noValidate onSubmit={submit} className="space-y-2">
                <InputField
                  id="cotizacion-manual"
                  label={`Cotización del ${formatDay(panel.today)}`}
                  hint="Solo si la del BCU no llegó"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="39,512"
                  value={rate}
                  error={refusal.errors.rate}
                  onChange={(event) => setRate(event.target.value)}
                />
                <Button type="submit" variant="outline" disabled={save.isPending}>
                  Guardar cotización
                </Button>
              </form>
              {panel.recent.length > 0 && (
                <ul className="divide-border divide-y" aria-label="Cotizaciones recientes">
                  {panel.recent.map((row) => (
                    <li key={row.day} className="flex flex-wrap justify-between gap-2 py-1.5">
                      <span>{formatDay(row.day)}</span>
                      <span className="text-muted-foreground text-xs">
                        {row.source === 'bcu'
                          ? 'BCU'
                          : `A mano${row.setBy ? ` · ${row.setBy}` : ''}`}
                      </span>
                      <span className="tabular-nums">{formatRate(row.rate)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
