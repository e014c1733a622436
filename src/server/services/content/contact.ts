import type { ContactInput } from '@shared/schemas/contact';
import type { Database } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema';
import type { Outbox } from '../infra/outbox';

/**
 * Stores a contact message and queues its forwarding in one transaction
 * (docs/decisions/016-quotes-and-messages-stored-then-forwarded.md): the message is kept even
 * while FORM_ENDPOINT is down. Returns false for a bot's message.
 */
export async function sendContactMessage(
  db: Database,
  outbox: Outbox,
  input: ContactInput,
): Promise<boolean> {
  // The honeypot field is invisible to people: whoever fills it gets a success and no row.
  if (input.website) return false;
  const message = {
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    message: input.message,
  };
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(message);
    await outbox.enqueue(tx, 'contact', { ...message, source: 'contacto' });
  });
  return true;
}

/** One row per email (docs/decisions/026-newsletter-subscriptions.md): subscribing twice is fine. */
export async function subscribeToNewsletter(db: Database, email: string) {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}
