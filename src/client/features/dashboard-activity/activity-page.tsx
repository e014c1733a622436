import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { History } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { QueryState } from '@client/components/query-state';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { Pagination } from '@client/components/ui/pagination';
import { useTRPC } from '@client/lib/trpc';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
} from '@shared/audit';
import { formatDateTime } from '@shared/format';
import type { ActivitySearch } from '@shared/schemas/search-params';
import { activityInput } from './activity-input';
import { fieldLabel, valueText } from './change-text';

type Entry = {
  entityType: string;
  entityId: string;
  label: string;
  productSlug: string | null;
};

/** Where an entry's "what it changed" link goes; nothing for a product deleted since. */
function EntryLink({ entry }: { entry: Entry }) {
  const className = 'text-primary font-medium hover:underline';
  switch (entry.entityType as AuditEntityType) {
    case 'product':
      return entry.productSlug ? (
        <Link
          to="/dashboard/productos/editar/$slug"
          params={{ slug: entry.productSlug }}
          className={className}
        >
          {entry.label}
        </Link>
      ) : (
        <span className="font-medium">{entry.label}</span>
      );
    case 'order':
      return (
        <Link to="/dashboard/ordenes/$id" params={{ id: entry.entityId }} className={className}>
          {entry.label}
        </Link>
      );
    case 'post':
      return (
        <Link
          to="/dashboard/blog/editar/$postId"
          params={{ postId: Number(entry.entityId) }}
          className={className}
        >
          {entry.label}
        </Link>
      );
    case 'customer':
      // Customers have no page of their own in the dashboard yet.
      return <span className="font-medium">{entry.label}</span>;
    case 'company':
    case 'priceRule':
      // The company (handed over, or whose prices, terms or payments changed): its page lists them.
      return (
        <Link
          to="/dashboard/clientes/empresas/$id"
          params={{ id: entry.entityId }}
          className={className}
        >
          {entry.label}
        </Link>
      );
    case 'exchangeRate':
      return <span className="font-medium">{entry.label}</span>;
    case 'brand':
    case 'category':
      return (
        <Link to="/dashboard/taxonomias" className={className}>
          {entry.label}
        </Link>
      );
    default:
      return (
        <Link to="/dashboard/productos" className={className}>
          {entry.label}
        </Link>
      );
  }
}

export function ActivityPage({ search }: { search: ActivitySearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const input = activityInput(search);
  const query = useQuery({
    ...trpc.admin.activity.list.queryOptions(input),
    placeholderData: (previous) => previous,
  });
  const authors = useQuery(trpc.admin.activity.authors.queryOptions());
  const setSearch = (next: ActivitySearch) =>
    void navigate({ to: '/dashboard/actividad', search: next });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Actividad"
        description="Quién cambió qué en el panel, de lo más reciente a lo más antiguo."
        actions={
          <div className="grid w-full gap-3 sm:w-auto sm:grid-cols-2">
            <FormField label="Tipo" htmlFor="filtro-tipo" className="sm:w-52">
              <NativeSelect
                id="filtro-tipo"
                value={search.type ?? ''}
                onChange={(event) =>
                  setSearch({
                    ...search,
                    page: 1,
                    type: AUDIT_ENTITY_TYPES.find((type) => type === event.target.value),
                  })
                }
              >
                <option value="">Todos los tipos</option>
                {AUDIT_ENTITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {AUDIT_ENTITY_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Administrador" htmlFor="filtro-admin" className="sm:w-52">
              <NativeSelect
                id="filtro-admin"
                value={search.admin ? String(search.admin) : ''}
                onChange={(event) =>
                  setSearch({
                    ...search,
                    page: 1,
                    admin: event.target.value ? Number(event.target.value) : undefined,
                  })
                }
              >
                <option value="">Todos</option>
                {authors.data?.map((author) => (
                  <option key={author.id} value={author.id}>
                    {author.email}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        }
      />

      <QueryState query={query}>
        {({ items, pageCount }) =>
          items.length === 0 ? (
            <EmptyState
              icon={History}
              title="Sin actividad"
              description="No hay cambios registrados con estos filtros."
            />
          ) : (
            <>
              <ol className="space-y-3">
                {items.map((entry) => (
                  <li key={entry.id} className="border-border rounded-lg border bg-white p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <p className="min-w-0">
                        <span className="text-muted-foreground text-sm">
                          {AUDIT_ENTITY_LABELS[entry.entityType as AuditEntityType] ??
                            entry.entityType}
                          {' · '}
                          {AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action}
                          {': '}
                        </span>
                        <EntryLink entry={entry} />
                      </p>
                      <p className="text-muted-foreground text-xs">
                        {formatDateTime(entry.createdAt)} · {entry.userEmail || 'Usuario eliminado'}
                      </p>
                    </div>
                    {Object.keys(entry.changes).length > 0 && (
                      <dl className="mt-2 grid gap-1 text-sm">
                        {Object.entries(entry.changes).map(([key, change]) => (
                          <div key={key} className="grid gap-x-2 sm:grid-cols-[12rem_1fr]">
                            <dt className="text-muted-foreground">{fieldLabel(key)}</dt>
                            <dd className="min-w-0 break-words">
                              <span className="line-through decoration-red-400">
                                {valueText(key, change.before)}
                              </span>
                              {' → '}
                              <span className="font-medium">{valueText(key, change.after)}</span>
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </li>
                ))}
              </ol>
              <Pagination
                page={input.page}
                pageCount={pageCount}
                onPage={(page) => setSearch({ ...search, page })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
