import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, FileSpreadsheet } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { useTRPC } from '@client/lib/trpc';
import { formatMoney, TAX_NOTE } from '@shared/format';
import { ContactLine, InboxItem } from './inbox-item';
import { InboxPanel, type PanelPageProps, useReadToggle } from './inbox-panel';

export function QuoteRequestsPanel({ page, onPage }: PanelPageProps) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.inbox.quotes.list.queryOptions({ page }));
  const readToggle = useReadToggle(trpc.admin.inbox.quotes);

  return (
    <InboxPanel
      query={list}
      page={page}
      onPage={onPage}
      empty={<EmptyState icon={FileSpreadsheet} title="No hay solicitudes de cotización" />}
      render={(data) => (
        <ul className="space-y-3" aria-label="Solicitudes de cotización">
          {data.items.map((quote) => (
            <InboxItem
              key={quote.id}
              title={
                <>
                  Cotización de {quote.email}
                  <span className="text-muted-foreground font-normal">
                    {' · '}
                    {formatMoney(quote.totalAmount)} {TAX_NOTE}
                  </span>
                </>
              }
              {...readToggle(quote)}
            >
              <ContactLine email={quote.email} phone={quote.phone} />
              <pre className="bg-muted/60 overflow-x-auto rounded-md p-3 font-sans text-sm whitespace-pre-wrap">
                {quote.itemsText}
              </pre>
              {quote.message ? (
                <p className="break-words whitespace-pre-line">{quote.message}</p>
              ) : null}
              {quote.orderId ? (
                <Link
                  to="/dashboard/ordenes/$id"
                  params={{ id: String(quote.orderId) }}
                  className="text-primary inline-flex items-center gap-1 font-medium hover:underline"
                >
                  Ver orden #{quote.orderId}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              ) : (
                <p className="text-muted-foreground">La orden ya no existe.</p>
              )}
            </InboxItem>
          ))}
        </ul>
      )}
    />
  );
}
