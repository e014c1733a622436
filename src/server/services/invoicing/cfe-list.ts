// 'Comprobantes' (/dashboard/comprobantes): every fiscal document the store issued or queued,
// newest first, filtered and paged in SQL, and the count of those still waiting to be issued
// for the dashboard home (docs/decisions/096-the-comprobantes-list.md).
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  CFE_STATE_FILTERS,
  CFE_UNISSUED_STATES,
  cfeNumberText,
  type CfeKind,
  type CfeState,
} from '@shared/cfe';
import { STORE_TIME_ZONE } from '@shared/format';
import type { CfeListFilter } from '@shared/schemas/cfe';
import { ID_MAX } from '@shared/schemas/common';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/paginate';
import { cfeDocuments, customers, orders } from '../../db/schema';

/**
 * The document's day: FchEmis once its draft is fixed (a day of Montevideo), else the day it
 * was queued there.
 */
export const cfeDay = sql<string>`coalesce(${cfeDocuments.issuedOn},
  (${cfeDocuments.createdAt} at time zone ${STORE_TIME_ZONE})::date)`;

// Who the document is for: the receiver the draft names (the e-Factura's company, an e-Ticket's
// buyer above DGI's threshold); before its draft, or for a consumer's e-Ticket without one, the
// order's company and RUT as requested, else the buyer's name.
const receiver = sql`(${cfeDocuments.draft} -> 'receiver')`;
const receiverName = sql<string>`coalesce(nullif(${receiver} ->> 'name', ''),
  ${orders.companyName}, ${customers.fullName})`;
const receiverDocument = sql<string | null>`coalesce(nullif(${receiver} ->> 'document', ''),
  ${orders.rut})`;
// DGI's document type (2 RUT, 3 cédula): the draft's, or a RUT when the order carries one.
const receiverDocType = sql<number | null>`coalesce((${receiver} ->> 'docType')::int,
  case when ${orders.rut} is not null then 2 end)`;

// Net and IVA of a sale or credit note as signed (CfeTotals in the draft); null for an e-Remito
// or a document not drafted yet.
const totals = sql`(${cfeDocuments.draft} -> 'totals')`;
const amountOf = (field: string) => sql`coalesce((${totals} ->> ${field})::numeric, 0)`;
const net = sql<string | null>`case when ${totals} is not null then
  (${amountOf('exempt')} + ${amountOf('netMinimum')} + ${amountOf('netBasic')})::numeric(14, 2)::text
  end`;
const iva = sql<string | null>`case when ${totals} is not null then
  (${amountOf('ivaMinimum')} + ${amountOf('ivaBasic')})::numeric(14, 2)::text end`;

/** LIKE treats % and _ as wildcards: a typed '50%' matches literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** '#12' or '12': an order's number, or a document's. */
const NUMBER_TERM = /^#?\s*(\d{1,10})$/;
/** 'A-12', 'A 12' or 'a12': a document's serie and number as printed. */
const SERIE_NUMBER_TERM = /^([a-z]{1,2}|[1-9][a-z])\s*-?\s*(\d{1,7})$/i;

/**
 * The receiver's name or document containing the term (accents and case aside), the order's or
 * the document's number, or the document's serie and number. The term is always bound.
 */
function matchesSearch(term: string): SQL {
  const pattern = sql`'%' || immutable_unaccent(lower(${escapeLike(term)})) || '%'`;
  const conditions: SQL[] = [
    sql`immutable_unaccent(lower(${receiverName} || ' ' || coalesce(${receiverDocument}, ''))) like ${pattern}`,
  ];
  const number = NUMBER_TERM.exec(term);
  if (number && Number(number[1]) <= ID_MAX) {
    const value = Number(number[1]);
    conditions.push(eq(cfeDocuments.orderId, value), eq(cfeDocuments.number, value));
  }
  const printed = SERIE_NUMBER_TERM.exec(term);
  if (printed) {
    conditions.push(
      and(
        eq(cfeDocuments.serie, printed[1]!.toUpperCase()),
        eq(cfeDocuments.number, Number(printed[2])),
      )!,
    );
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** The WHERE of the list and of its CSV: 'Desde' and 'Hasta' are whole days, both included. */
export function cfeFilterWhere(filter: CfeListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(cfeDocuments.kind, filter.kind));
  if (filter.state)
    conditions.push(inArray(cfeDocuments.state, [...CFE_STATE_FILTERS[filter.state]]));
  if (filter.from) conditions.push(sql`${cfeDay} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${cfeDay} <= ${filter.to}::date`);
  if (filter.search) conditions.push(matchesSearch(filter.search));
  return and(...conditions);
}

/** What a row shows, on the page and in the CSV. */
export const cfeListColumns = {
  id: cfeDocuments.id,
  orderId: cfeDocuments.orderId,
  kind: cfeDocuments.kind,
  state: cfeDocuments.state,
  serie: cfeDocuments.serie,
  number: cfeDocuments.number,
  day: sql<string>`${cfeDay}::text`,
  receiverName,
  receiverDocument,
  receiverDocType,
  currency: cfeDocuments.currency,
  exchangeRate: cfeDocuments.exchangeRate,
  net,
  iva,
  total: cfeDocuments.total,
  dgiReason: cfeDocuments.dgiReason,
  lastError: cfeDocuments.lastError,
  caeId: cfeDocuments.caeId,
  hasXml: sql<boolean>`${cfeDocuments.signedXml} is not null`,
};

/** Newest first; the id breaks ties of one instant. */
export const cfeNewestFirst = [desc(cfeDocuments.createdAt), desc(cfeDocuments.id)];

type CfeListRow = {
  kind: number;
  state: string;
  serie: string | null;
  number: number | null;
  receiverDocType: number | null;
  hasXml: boolean;
};

export const readCfeRow = <Row extends CfeListRow>(row: Row) => ({
  ...row,
  kind: row.kind as CfeKind,
  state: row.state as CfeState,
  numberText: cfeNumberText(row.serie, row.number),
  // postgres-js and PGlite both read an int, but a bound expression may come back as text.
  receiverDocType: row.receiverDocType === null ? null : Number(row.receiverDocType),
  hasXml: Boolean(row.hasXml),
});

/** A page of the documents the filters select, newest first, with the total count. */
export async function listCfeDocuments(
  db: Executor,
  input: CfeListFilter & { page: number; pageSize: number },
) {
  const where = cfeFilterWhere(input);
  const query = db
    .select(cfeListColumns)
    .from(cfeDocuments)
    .innerJoin(orders, eq(orders.id, cfeDocuments.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(...cfeNewestFirst)
    .$dynamic();
  // The count joins too: the search reads the order's company and the buyer's name.
  const total = db
    .select({ count: sql<number>`count(*)::int` })
    .from(cfeDocuments)
    .innerJoin(orders, eq(orders.id, cfeDocuments.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .then(([row]) => Number(row?.count ?? 0));
  const page = await paginate(query, total, input.page, input.pageSize);
  return { ...page, pageSize: input.pageSize, items: page.items.map(readCfeRow) };
}

/**
 * 'Facturas pendientes' of the dashboard home: documents not issued yet, waiting to be sent,
 * retried while the provider is down, or stopped for data staff must fix.
 */
export function countPendingDocuments(db: Executor): Promise<number> {
  return db.$count(cfeDocuments, inArray(cfeDocuments.state, [...CFE_UNISSUED_STATES]));
}
