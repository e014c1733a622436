import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { formatDay, formatMoney } from '@shared/format';
import { formatPercentOff, PRICE_RULE_KIND_LABELS } from '@shared/pricing';
import { pricingMessages } from '@shared/pricing-messages';
import { PriceRuleForm } from './price-rule-form';

type Rule = inferRouterOutputs<AppRouter>['admin']['priceRules']['list'][number];

const priceOf = (rule: Rule) =>
  rule.kind === 'variant'
    ? formatMoney(rule.fixedPrice ?? '0')
    : `${formatPercentOff(rule.percentOff ?? '0')} menos`;

const validityOf = (rule: Rule) =>
  rule.endsOn ? `Hasta el ${formatDay(rule.endsOn)}` : 'Sin vencimiento';

/**
 * A company's negotiated prices ('Precios negociados'), on its page of the dashboard
 * (/dashboard/clientes/empresas/$id): its rules and the way to add or remove them. The most
 * favourable of a line's rules, tiers and list price wins, nothing stacks.
 */
export function CompanyPriceRules({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.admin.priceRules.list.queryOptions({ companyId }));
  const remove = useMutation(
    trpc.admin.priceRules.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(pricingMessages.priceRuleRemoved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.priceRules.pathKey() });
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );

  const removeButton = (rule: Rule) => (
    <Button
      variant="ghost-destructive"
      size="sm"
      className="shrink-0"
      aria-label={`Quitar la regla ${PRICE_RULE_KIND_LABELS[rule.kind]} ${rule.targetName ?? ''}`.trim()}
      disabled={remove.isPending}
      onClick={() => remove.mutate({ id: rule.id })}
    >
      <Trash2 aria-hidden="true" /> Quitar
    </Button>
  );

  const titleId = `precios-negociados-${companyId}`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Precios negociados</CardTitle>
        <p className="text-muted-foreground text-sm">
          Cada línea toma el precio más conveniente entre el de lista, el precio por volumen y estas
          reglas; no se suman.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <QueryState query={query}>
          {(rules) =>
            rules.length === 0 ? (
              <p className="text-muted-foreground text-sm">Esta empresa paga precios de lista.</p>
            ) : (
              <>
                {/* On a phone each rule is a stacked row: a table's four columns would hide
                    the validity and 'Quitar' past the card's edge. */}
                <ul aria-label="Reglas de precio" className="divide-border divide-y sm:hidden">
                  {rules.map((rule) => (
                    <li key={rule.id} className="flex items-start justify-between gap-3 py-3">
                      <div className="min-w-0 space-y-0.5 text-sm break-words">
                        <p className="font-medium">{PRICE_RULE_KIND_LABELS[rule.kind]}</p>
                        {rule.targetName && (
                          <p className="text-muted-foreground text-xs">{rule.targetName}</p>
                        )}
                        <p>{priceOf(rule)}</p>
                        <p className="text-muted-foreground text-xs">{validityOf(rule)}</p>
                      </div>
                      {removeButton(rule)}
                    </li>
                  ))}
                </ul>
                <div className="hidden sm:block">
                  <DataTable
                    aria-label="Reglas de precio"
                    columns={[
                      'Se aplica a',
                      { title: 'Precio', align: 'right' },
                      'Vigencia',
                      { title: 'Acciones', srOnly: true },
                    ]}
                  >
                    {rules.map((rule) => (
                      <TableRow key={rule.id}>
                        <TableCell>
                          <span className="font-medium">{PRICE_RULE_KIND_LABELS[rule.kind]}</span>
                          {rule.targetName && (
                            <span className="text-muted-foreground block text-xs">
                              {rule.targetName}
                            </span>
                          )}
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap">
                          {priceOf(rule)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap">{validityOf(rule)}</TableCell>
                        <TableCell className="text-right">{removeButton(rule)}</TableCell>
                      </TableRow>
                    ))}
                  </DataTable>
                </div>
              </>
            )
          }
        </QueryState>
        <PriceRuleForm companyId={companyId} />
      </CardContent>
    </Card>
  );
}
