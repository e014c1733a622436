import { desc, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { INBOX_PAGE_SIZE } from '@shared/schemas/contact';
import type { Database } from '../../db/client';
import { paginate } from '../../db/paginate';
import { contactMessages, newsletterSubscriptions } from '../../db/schema';
import { csvDownloadStream } from '../infra/csv-download';
import { foundOrThrow } from '../infra/found';

/** 'Mensajes', newest first, and how many (of all pages) are still unread. */
export async function listContactMessages(db: Database, page: number) {
  const query = db
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
    .$dynamic();
  const [result, unread] = await Promise.all([
    paginate(query, db.$count(contactMessages), page, INBOX_PAGE_SIZE),
    db.$count(contactMessages, eq(contactMessages.isRead, false)),
  ]);
  return { ...result, unread };
}

/** Marks a contact message read or unread. */
export function setContactMessageRead(db: Database, id: number, isRead: boolean) {
  return foundOrThrow(
    db
      .update(contactMessages)
      .set({ isRead })
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id, isRead: contactMessages.isRead }),
    messages.inboxItemNotFound,
  );
}

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
