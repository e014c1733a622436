import { Link, useNavigate } from '@tanstack/react-router';
import { Badge } from '@client/components/ui/badge';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { formatDate, formatMoney } from '@shared/format';
import { COMPANY_ROLE_LABELS } from '@shared/schemas/company-members';
import type { StaffCompanyRow, StaffCustomerRow } from './types';
import { countOf } from '@shared/account-messages';

const linkClass = 'text-primary font-medium hover:underline';

/** Customers as cards on phones and as a table with clickable rows on wider screens. */
export function CustomersTable({ customers }: { customers: StaffCustomerRow[] }) {
  const navigate = useNavigate();
  const open = (id: number) =>
    void navigate({ to: '/dashboard/clientes/$id', params: { id: String(id) } });
  const name = (customer: StaffCustomerRow) => (
    <Link
      to="/dashboard/clientes/$id"
      params={{ id: String(customer.id) }}
      className={linkClass}
      onClick={(event) => event.stopPropagation()}
    >
      {customer.fullName}
    </Link>
  );
  const company = (customer: StaffCustomerRow) =>
    customer.companyName && (
      <p className="text-xs">
        {customer.companyName} · RUT {customer.rut}
        {customer.role && (
          <span className="text-muted-foreground"> · {COMPANY_ROLE_LABELS[customer.role]}</span>
        )}
      </p>
    );
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label="Clientes">
        {customers.map((customer) => (
          <li key={customer.id} className="border-border space-y-2 rounded-lg border bg-white p-4">
            <div className="min-w-0">
              {name(customer)}
              {customer.isDeleted && <DeletedBadge />}
              <p className="text-muted-foreground truncate text-xs">{customer.email}</p>
              {company(customer)}
            </div>
            <p className="text-muted-foreground flex flex-wrap justify-between gap-2 text-xs">
              <span>
                {countOf(customer.quotes, 'cotización', 'cotizaciones')} ·{' '}
                {formatMoney(customer.acceptedTotal)} aceptado
              </span>
              <span>{formatDate(customer.lastActivity)}</span>
            </p>
          </li>
        ))}
      </ul>
      <div className="border-border hidden rounded-lg border bg-white md:block">
        <DataTable
          aria-label="Clientes"
          columns={[
            'Cliente',
            'Empresa',
            { title: 'Cotizaciones', align: 'right' },
            { title: 'Total aceptado', align: 'right' },
            'Última actividad',
          ]}
        >
          {customers.map((customer) => (
            <TableRow
              key={customer.id}
              className="cursor-pointer"
              onClick={() => open(customer.id)}
            >
              <TableCell>
                {name(customer)}
                {customer.isDeleted && <DeletedBadge />}
                <p className="text-muted-foreground text-xs">{customer.email}</p>
              </TableCell>
              <TableCell>{company(customer)}</TableCell>
              <TableCell className="text-right">{customer.quotes}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {formatMoney(customer.acceptedTotal)}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatDate(customer.lastActivity)}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </div>
    </>
  );
}

const DeletedBadge = () => (
  <Badge variant="outline" className="ml-2">
    Cuenta eliminada
  </Badge>
);

export function CompaniesTable({ companies }: { companies: StaffCompanyRow[] }) {
  const navigate = useNavigate();
  const name = (company: StaffCompanyRow) => (
    <Link
      to="/dashboard/clientes/empresas/$id"
      params={{ id: String(company.id) }}
      className={linkClass}
      onClick={(event) => event.stopPropagation()}
    >
      {company.name}
    </Link>
  );
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label="Empresas">
        {companies.map((company) => (
          <li key={company.id} className="border-border space-y-2 rounded-lg border bg-white p-4">
            <div>
              {name(company)}
              <p className="text-muted-foreground text-xs">RUT {company.rut}</p>
            </div>
            <p className="text-muted-foreground flex flex-wrap justify-between gap-2 text-xs">
              <span>
                {countOf(company.members, 'miembro', 'miembros')} ·{' '}
                {countOf(company.quotes, 'cotización', 'cotizaciones')} ·{' '}
                {formatMoney(company.acceptedTotal)} aceptado
              </span>
              <span>{formatDate(company.lastActivity)}</span>
            </p>
          </li>
        ))}
      </ul>
      <div className="border-border hidden rounded-lg border bg-white md:block">
        <DataTable
          aria-label="Empresas"
          columns={[
            'Empresa',
            { title: 'Miembros', align: 'right' },
            { title: 'Cotizaciones', align: 'right' },
            { title: 'Total aceptado', align: 'right' },
            'Última actividad',
          ]}
        >
          {companies.map((company) => (
            <TableRow
              key={company.id}
              className="cursor-pointer"
              onClick={() =>
                void navigate({
                  to: '/dashboard/clientes/empresas/$id',
                  params: { id: String(company.id) },
                })
              }
            >
              <TableCell>
                {name(company)}
                <p className="text-muted-foreground text-xs">RUT {company.rut}</p>
              </TableCell>
              <TableCell className="text-right">{company.members}</TableCell>
              <TableCell className="text-right">{company.quotes}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {formatMoney(company.acceptedTotal)}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatDate(company.lastActivity)}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </div>
    </>
  );
}
