import { TRPCError } from '@trpc/server';
import { count, desc, eq } from 'drizzle-orm';
import { INBOX_PAGE_SIZE } from '@shared/schemas/contact';
import type { Database } from '../db/client';
import { contactMessages, newsletterSubscriptions, quoteRequests } from '../db/schema';
import { pageCountOf } from './blog';

const offsetOf = (page: number) => (page - 1) * INBOX_PAGE_SIZE;

type Counted = PromiseLike<{ total: number }[]>;

/** One inbox page, its total and, for messages, how many (of all pages) are still unread. */
async function inboxPage<T>(page: number, items: PromiseLike<T[]>, all: Counted, unread: Counted) {
  const [rows, [totals], [unreadTotals]] = await Promise.all([items, all, unread]);
  const total = totals?.total ?? 0;
  return {
    items: rows,
    total,
    page,
    pageCount: pageCountOf(total, INBOX_PAGE_SIZE),
    unread: unreadTotals?.total ?? 0,
  };
}

/** Newest first. */
export function listContactMessages(db: Database, page: number) {
  return inboxPage(
    page,
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        message: contactMessages.message,
        isRead: contactMessages.isRead,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(contactMessages),
    db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
  );
}

/** Newest first. */
export function listQuoteRequests(db: Database, page: number) {
  return inboxPage(
    page,
    db
      .select({
        id: quoteRequests.id,
        orderId: quoteRequests.orderId,
        email: quoteRequests.email,
        phone: quoteRequests.phone,
        message: quoteRequests.message,
        totalAmount: quoteRequests.totalAmount,
        itemsText: quoteRequests.itemsText,
        isRead: quoteRequests.isRead,
        createdAt: quoteRequests.createdAt,
      })
      .from(quoteRequests)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(INBOX_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(quoteRequests),
    db.select({ total: count() }).from(quoteRequests).where(eq(quoteRequests.isRead, false)),
  );
}

const NOT_FOUND = 'No se encontró el mensaje.';

export async function setContactMessageRead(db: Database, id: number, isRead: boolean) {
  const [row] = await db
    .update(contactMessages)
    .set({ isRead })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, isRead: contactMessages.isRead });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return row;
}

export async function setQuoteRequestRead(db: Database, id: number, isRead: boolean) {
  const [row] = await db
    .update(quoteRequests)
    .set({ isRead })
    .where(eq(quoteRequests.id, id))
    .returning({ id: quoteRequests.id, isRead: quoteRequests.isRead });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return row;
}

export async function listSubscribers(db: Database, page: number) {
  const [items, [totals]] = await Promise.all([
    db
      .select({
        id: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
        createdAt: newsletterSubscriptions.createdAt,
      })
      .from(newsletterSubscriptions)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(INBOX_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(newsletterSubscriptions),
  ]);
  const total = totals?.total ?? 0;
  return { items, total, page, pageCount: pageCountOf(total, INBOX_PAGE_SIZE) };
}

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
function csvField(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every subscriber as CSV (email, ISO date), oldest first. */
export async function newsletterCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .orderBy(newsletterSubscriptions.createdAt, newsletterSubscriptions.id);
  const lines = rows.map((row) => [csvField(row.email), row.createdAt.toISOString()].join(','));
  return ['email,fecha_suscripcion', ...lines].join('\r\n') + '\r\n';
}
