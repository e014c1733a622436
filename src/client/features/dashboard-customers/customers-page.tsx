import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Download, Search, Users } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { QueryState } from '@client/components/query-state';
import { SEARCH_FIELD, SearchForm } from '@client/components/search-form';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Input } from '@client/components/ui/input';
import { Pagination } from '@client/components/ui/pagination';
import { cn } from '@client/lib/cn';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import type { StaffCustomersSearch } from '@shared/schemas/account-search-params';
import { CompaniesTable, CustomersTable } from './customers-tables';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground';

/** 'Exportar CSV' of the customers the search selects. */
const csvHref = (q?: string) =>
  `/api/admin/customers.csv${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`;

/** /dashboard/clientes: customers, or companies, found by name, e-mail, razón social or RUT. */
export function CustomersPage({ search }: { search: StaffCustomersSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const isCompanies = search.vista === 'empresas';
  const input = { page, search: search.q };
  const customers = useQuery({
    ...trpc.admin.customers.list.queryOptions(input),
    placeholderData: keepPreviousData,
    enabled: !isCompanies,
  });
  const companies = useQuery({
    ...trpc.admin.companies.list.queryOptions(input),
    placeholderData: keepPreviousData,
    enabled: isCompanies,
  });
  const total = (isCompanies ? companies.data : customers.data)?.total;
  const setSearch = (next: StaffCustomersSearch) =>
    void navigate({ to: '/dashboard/clientes', search: next });
  /** Either tab's page: its table and the pages, or the empty state when nothing matches. */
  const resultsPage = <Row,>(
    { items, pageCount }: { items: Row[]; pageCount: number },
    table: (rows: Row[]) => ReactNode,
  ) =>
    items.length === 0 ? (
      <Empty search={search.q} />
    ) : (
      <>
        {table(items)}
        <Pagination
          page={page}
          pageCount={pageCount}
          onPage={(next) => setSearch({ ...search, page: next })}
        />
      </>
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Clientes"
        live
        description={
          total !== undefined && `Total: ${total}${search.q ? ' con esta búsqueda' : ''}`
        }
        actions={
          <Button asChild variant="outline">
            <a href={csvHref(search.q)} download>
              <Download aria-hidden="true" /> Exportar CSV
            </a>
          </Button>
        }
      />
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Qué listar" className="bg-muted inline-flex w-fit gap-1 rounded-lg p-1">
          <Link
            to="/dashboard/clientes"
            search={{ q: search.q }}
            className={cn(tabClass, !isCompanies && 'text-foreground bg-white shadow-sm')}
            aria-current={!isCompanies ? 'page' : undefined}
          >
            Clientes
          </Link>
          <Link
            to="/dashboard/clientes"
            search={{ q: search.q, vista: 'empresas' }}
            className={cn(tabClass, isCompanies && 'text-foreground bg-white shadow-sm')}
            aria-current={isCompanies ? 'page' : undefined}
          >
            Empresas
          </Link>
        </nav>
        <SearchForm
          className="flex gap-2 md:w-[28rem]"
          onSearch={(term) => setSearch({ vista: search.vista, q: term || undefined })}
        >
          <Input
            key={search.q ?? ''}
            name={SEARCH_FIELD}
            type="search"
            defaultValue={search.q ?? ''}
            aria-label="Buscar clientes"
            placeholder="Nombre, correo, razón social o RUT"
          />
          <Button type="submit" variant="outline" aria-label="Buscar">
            <Search aria-hidden="true" />
          </Button>
        </SearchForm>
      </div>
      {isCompanies ? (
        <QueryState query={companies}>
          {(data) => resultsPage(data, (rows) => <CompaniesTable companies={rows} />)}
        </QueryState>
      ) : (
        <QueryState query={customers}>
          {(data) => resultsPage(data, (rows) => <CustomersTable customers={rows} />)}
        </QueryState>
      )}
    </div>
  );
}

function Empty({ search }: { search?: string }) {
  return (
    <EmptyState
      icon={Users}
      title={accountMessages.noCustomers}
      description={search ? accountMessages.noCustomersMatching : undefined}
    />
  );
}
