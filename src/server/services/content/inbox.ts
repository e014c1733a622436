import { desc, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { messages } from '@shared/messages';
import type { Page } from '@shared/page';
import { INBOX_PAGE_SIZE } from '@shared/schemas/contact';
import type { Database } from '../../db/client';
import { paginate } from '../../db/paginate';
import { contactMessages, newsletterSubscriptions, quoteRequests } from '../../db/schema';
import { csvDownloadStream } from '../infra/csv-download';
import { foundOrThrow } from '../infra/found';

/** One page of a box, newest first, and how many of its rows (of all pages) are still unread. */
async function inboxPage<Fields extends SelectedFields>(
  db: Database,
  box: typeof contactMessages | typeof quoteRequests,
  fields: Fields,
  page: number,
): Promise<Page<SelectResultFields<Fields>> & { unread: number }> {
  const query = db.select(fields).from(box).orderBy(desc(box.createdAt), desc(box.id)).$dynamic();
  const [result, unread] = await Promise.all([
    paginate(query, db.$count(box), page, INBOX_PAGE_SIZE),
    db.$count(box, eq(box.isRead, false)),
  ]);
  // A select from a union of tables loses its row type; the fields alone still name it.
  return { ...(result as Page<SelectResultFields<Fields>>), unread };
}

/** Newest first. */
export function listContactMessages(db: Database, page: number) {
  return inboxPage(
    db,
    contactMessages,
    {
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      isRead: contactMessages.isRead,
      createdAt: contactMessages.createdAt,
    },
    page,
  );
}

/** Newest first. */
export function listQuoteRequests(db: Database, page: number) {
  return inboxPage(
    db,
    quoteRequests,
    {
      id: quoteRequests.id,
      orderId: quoteRequests.orderId,
      email: quoteRequests.email,
      phone: quoteRequests.phone,
      message: quoteRequests.message,
      totalAmount: quoteRequests.totalAmount,
      itemsText: quoteRequests.itemsText,
      isRead: quoteRequests.isRead,
      createdAt: quoteRequests.createdAt,
    },
    page,
  );
}

/** Marks an item of a box with a read flag (contact messages, quote requests). */
async function setRead(
  db: Database,
  box: typeof contactMessages | typeof quoteRequests,
  id: number,
  isRead: boolean,
) {
  return foundOrThrow(
    db
      .update(box)
      .set({ isRead })
      .where(eq(box.id, id))
      .returning({ id: box.id, isRead: box.isRead }),
    messages.inboxItemNotFound,
  );
}

export const setContactMessageRead = (db: Database, id: number, isRead: boolean) =>
  setRead(db, contactMessages, id, isRead);

export const setQuoteRequestRead = (db: Database, id: number, isRead: boolean) =>
  setRead(db, quoteRequests, id, isRead);

export function listSubscribers(db: Database, page: number) {
  const query = db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      createdAt: newsletterSubscriptions.createdAt,
    })
    .from(newsletterSubscriptions)
    .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
    .$dynamic();
  return paginate(query, db.$count(newsletterSubscriptions), page, INBOX_PAGE_SIZE);
}

async function* subscriberRows(db: Database) {
  const rows = await db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .orderBy(newsletterSubscriptions.createdAt, newsletterSubscriptions.id);
  for (const row of rows) yield [row.email, row.createdAt.toISOString()];
}

/**
 * Every subscriber as CSV (email, ISO date), oldest first, separated by the ',' this file has
 * always had; written by the downloads' one CSV writer, which neutralises formulas.
 */
export const newsletterCsvStream = (db: Database) =>
  csvDownloadStream(subscriberRows(db), ['email', 'fecha_suscripcion'], { delimiter: ',' });
