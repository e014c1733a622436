// Which mails the outbox sends first (docs/decisions/075-outbox-fast-and-in-order.md), decided
// here once by the mail's name, never where a mail is queued. Each mail of orderMails and
// accountMails carries its name (namedMails); queueMail reads its priority from MAIL_PRIORITY,
// which must name every mail, so a new mail does not compile until it has its place.
import { OUTBOX_PRIORITY, type OutboxPriority } from '../db/outbox-queue';
import type { accountMails } from './account-mails';
import type { cfeMails } from './cfe-mails';
import type { collectionsMails } from './collections-mails';
import type { fulfilmentMails } from './fulfilment-mails';
import type { MailPayload } from './layout';
import type { orderMails } from './order-mails';

type MailFactories = Record<string, (...args: never[]) => MailPayload>;

/** The same mails, each stamped with its name in the object. */
export type NamedMails<F extends MailFactories> = {
  [K in keyof F & string]: (...args: Parameters<F[K]>) => ReturnType<F[K]> & { name: K };
};

/** Stamps every mail `factories` make with its name: `{ name: 'passwordReset', to, ... }`. */
export function namedMails<F extends MailFactories>(factories: F): NamedMails<F> {
  return Object.fromEntries(
    Object.entries(factories).map(([name, make]) => [
      name,
      (...args: never[]) => ({ ...make(...args), name }),
    ]),
  ) as unknown as NamedMails<F>;
}

export type MailName =
  | keyof ReturnType<typeof orderMails>
  | keyof ReturnType<typeof accountMails>
  | keyof ReturnType<typeof fulfilmentMails>
  | keyof ReturnType<typeof collectionsMails>
  | keyof ReturnType<typeof cfeMails>;

/** A mail ready for the outbox: what it says, and which mail it is. */
export type NamedMail = MailPayload & { name: MailName };

const { accountSecurity, customer, staff } = OUTBOX_PRIORITY;

export const MAIL_PRIORITY: Record<MailName, OutboxPriority> = {
  // Links that open or guard an account, and notices that it changed: someone is at the door.
  passwordReset: accountSecurity,
  passwordChanged: accountSecurity,
  verifyEmail: accountSecurity,
  confirmNewEmail: accountSecurity,
  emailChangeNotice: accountSecurity,
  emailTaken: accountSecurity,
  invitation: accountSecurity,
  // What a customer (or their company's administrator) is waiting for.
  requestedToCustomer: customer,
  revisionToCustomer: customer,
  statusToCustomer: customer,
  staffMessagesToCustomer: customer,
  expiryReminderToCustomer: customer,
  expiredToCustomer: customer,
  approvalToAdmin: customer,
  approvalDecided: customer,
  dispatchedToCustomer: customer,
  remainderCancelledToCustomer: customer,
  creditDeclinedToCustomer: customer,
  documentToCustomer: customer,
  reminderToBuyer: customer,
  // Staff notifications: staff also see them in the dashboard.
  requestedToStaff: staff,
  messageToStaff: staff,
  acceptedToStaff: staff,
  renewalToStaff: staff,
  changesRequestedToStaff: staff,
  holdWarningToStaff: staff,
  creditHoldToStaff: staff,
};
