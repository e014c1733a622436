// The token of a mail's secret link, made by the mail sender when the mail goes out
// (mail/mailer.ts), so that the outbox, 'Correos' and every backup hold the mail without it
// (docs/decisions/076-secrets-out-of-backups-and-mails.md). Each purpose gives the link it
// opens a new token (the previous one stops working) and a lifetime counted from now.
import type { Executor } from '../../db/client';
import type { SecretLink } from '../../mail/layout';
import { mintInvitationToken } from '../companies/company-invitations';
import { mintVerificationToken } from './email-verification';
import { mintPasswordResetToken } from './password-reset';

/** The token for the mail to `to`, or null when its link has nothing left to open. */
export function mintSecretLink(
  db: Executor,
  link: SecretLink,
  to: string,
  now: Date,
): Promise<string | null> {
  switch (link.purpose) {
    case 'password_reset':
      return mintPasswordResetToken(db, to, now);
    case 'email_verification':
      return mintVerificationToken(db, link.userId, to, now);
    case 'invitation':
      return mintInvitationToken(db, link.invitationId, to, now);
  }
}
