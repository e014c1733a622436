// Mails in the e2e run are delivered to the e2e server's own SMTP server, which leaves each
// one as a JSON file in E2E_MAIL_DIR (tests/support/e2e-server.ts): specs follow a mailed link
// from the mail itself, as its reader would. 'Correos' never shows a secret link
// (docs/decisions/076-secrets-out-of-backups-and-mails.md).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_MAIL_DIR, type E2eMail } from '../support/e2e-constants';
import { expect } from '../support/fixtures';

/** Every mail received so far, oldest first. */
async function receivedMails(): Promise<E2eMail[]> {
  const names = (await readdir(E2E_MAIL_DIR)).filter((name) => /^\d+\.json$/.test(name)).sort();
  return Promise.all(
    names.map(
      async (name) => JSON.parse(await readFile(path.join(E2E_MAIL_DIR, name), 'utf8')) as E2eMail,
    ),
  );
}

/** The latest mail to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function mailReceived(mail: { to: string; subject: string }): Promise<E2eMail> {
  let found: E2eMail | undefined;
  await expect
    .poll(async () => {
      found = (await receivedMails())
        .filter((row) => row.to === mail.to && row.subject.includes(mail.subject))
        .at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/**
 * The path (with its '#token' when it has one) of the link to `path` in the latest mail to `to`
 * whose subject contains `subject`, waiting for the mail to arrive.
 */
export async function linkInMail(mail: {
  to: string;
  subject: string;
  path: string;
}): Promise<string> {
  const found = await mailReceived(mail);
  const link = new RegExp(`https?://[^\\s/]+(${mail.path}(?:#[A-Za-z0-9]+)?)`).exec(found.text);
  expect(link, `a link to ${mail.path} in: ${found.text}`).not.toBeNull();
  return link![1]!;
}
