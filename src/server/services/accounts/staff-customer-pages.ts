// One customer's and one company's page of /dashboard/clientes: who they are, their members,
// their latest orders and the staff's own note; and the customers' CSV.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { COMPANY_ROLE_LABELS } from '@shared/schemas/company-members';
import { STAFF_RECENT_ORDERS, type StaffCustomersFilter } from '@shared/schemas/customers';
import { formatDate } from '@shared/format';
import type { Executor } from '../../db/client';
import {
  companies,
  companyInvitations,
  companyMembers,
  customers,
  orders,
  users,
} from '../../db/schema';
import { csvDownloadStream } from '../infra/csv-download';
import { foundOrThrow } from '../infra/found';
import { staffCustomerBatches } from './staff-customers';

const recentOrderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalAmount: orders.totalAmount,
};

export async function getStaffCustomer(db: Executor, id: number) {
  const customer = await foundOrThrow(
    db
      .select({
        id: customers.id,
        fullName: customers.fullName,
        email: customers.email,
        phone: customers.phone,
        createdAt: customers.createdAt,
        staffNote: customers.staffNote,
        isDeleted: sql<boolean>`${customers.userId} is null`,
        emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
        companyId: companies.id,
        companyName: companies.name,
        rut: companies.rut,
        role: companyMembers.role,
        spendingLimit: companyMembers.spendingLimit,
      })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.userId))
      .leftJoin(companyMembers, eq(companyMembers.customerId, customers.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(customers.id, id)),
    messages.staffCustomerNotFound,
  );
  const where = eq(orders.customerId, id);
  const [recent, total] = await Promise.all([
    db
      .select(recentOrderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(STAFF_RECENT_ORDERS),
    db.$count(orders, where),
  ]);
  return { ...customer, orders: { items: recent, total } };
}

export async function getStaffCompany(db: Executor, id: number, now: Date) {
  const company = await foundOrThrow(
    db
      .select({
        id: companies.id,
        name: companies.name,
        rut: companies.rut,
        createdAt: companies.createdAt,
        staffNote: companies.staffNote,
      })
      .from(companies)
      .where(eq(companies.id, id)),
    messages.companyNotFoundStaff,
  );
  const where = eq(orders.companyId, id);
  const [members, invitations, recent, total] = await Promise.all([
    db
      .select({
        customerId: customers.id,
        fullName: customers.fullName,
        email: customers.email,
        role: companyMembers.role,
        spendingLimit: companyMembers.spendingLimit,
      })
      .from(companyMembers)
      .innerJoin(customers, eq(customers.id, companyMembers.customerId))
      .where(eq(companyMembers.companyId, id))
      .orderBy(companyMembers.createdAt),
    db
      .select({ email: companyInvitations.email, expiresAt: companyInvitations.expiresAt })
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, id), gt(companyInvitations.expiresAt, now))),
    db
      .select({ ...recentOrderColumns, requesterName: customers.fullName })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(STAFF_RECENT_ORDERS),
    db.$count(orders, where),
  ]);
  return { ...company, members, invitations, orders: { items: recent, total } };
}

/** The staff's note; blank clears it. NOT_FOUND for an id that is no customer. */
export async function setCustomerNote(db: Executor, input: { id: number; note: string }) {
  await foundOrThrow(
    db
      .update(customers)
      .set({ staffNote: input.note || null })
      .where(eq(customers.id, input.id))
      .returning({ id: customers.id }),
    messages.staffCustomerNotFound,
  );
}

export async function setCompanyNote(db: Executor, input: { id: number; note: string }) {
  await foundOrThrow(
    db
      .update(companies)
      .set({ staffNote: input.note || null })
      .where(eq(companies.id, input.id))
      .returning({ id: companies.id }),
    messages.companyNotFoundStaff,
  );
}

export const STAFF_CUSTOMERS_CSV_COLUMNS = [
  'cliente',
  'email',
  'empresa',
  'RUT',
  'rol',
  'cotizaciones',
  'total aceptado US$',
  'última actividad',
] as const;

async function* customerCsvRows(db: Executor, filter: StaffCustomersFilter) {
  for await (const batch of staffCustomerBatches(db, filter)) {
    for (const row of batch) {
      yield [
        row.fullName,
        row.email,
        row.companyName ?? '',
        row.rut ?? '',
        row.role ? COMPANY_ROLE_LABELS[row.role] : '',
        String(row.quotes),
        row.acceptedTotal,
        formatDate(row.lastActivity),
      ];
    }
  }
}

/** 'Exportar CSV' of /dashboard/clientes: the customers its search selects. */
export const staffCustomersCsvStream = (db: Executor, filter: StaffCustomersFilter) =>
  csvDownloadStream(customerCsvRows(db, filter), STAFF_CUSTOMERS_CSV_COLUMNS);
