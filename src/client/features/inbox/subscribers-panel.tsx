import { useQuery } from '@tanstack/react-query';
import { Download, Users } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { useTRPC } from '@client/lib/trpc';
import { formatDate, formatDateTime } from '@shared/format';
import { InboxPanel, type PanelPageProps } from './inbox-panel';

export function SubscribersPanel({ page, onPage }: PanelPageProps) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.inbox.subscribers.list.queryOptions({ page }));

  return (
    <InboxPanel
      query={list}
      page={page}
      onPage={onPage}
      empty={<EmptyState icon={Users} title="Todavía no hay suscriptores" />}
      actions={
        <Button asChild variant="outline" size="sm">
          {/* Served by src/server/http/blog-uploads.ts for admins only. */}
          <a href="/api/admin/newsletter.csv" download>
            <Download aria-hidden="true" />
            Exportar CSV
          </a>
        </Button>
      }
      render={(data) => (
        <Card className="overflow-hidden">
          <DataTable columns={['Correo electrónico', 'Fecha de suscripción']}>
            {data.items.map((subscriber) => (
              <TableRow key={subscriber.id}>
                <TableCell className="[overflow-wrap:anywhere]">{subscriber.email}</TableCell>
                <TableCell className="text-muted-foreground whitespace-nowrap">
                  <span className="sm:hidden">{formatDate(subscriber.createdAt)}</span>
                  <span className="hidden sm:inline">{formatDateTime(subscriber.createdAt)}</span>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        </Card>
      )}
    />
  );
}
