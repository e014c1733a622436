// Mails in the e2e run wait in the outbox (no SMTP_URL): a staff session reads them through the
// dashboard's mail log procedures, as staff would in 'Correos', to follow their links.
import { type APIRequestContext, request as requests } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/e2e-constants';
import { expect } from '../support/fixtures';

type MailRow = { id: number; to: string; subject: string };

async function trpcGet<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify({ json: input }));
  const response = await request.get(`/trpc/${path}?input=${query}`);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** A signed-in staff API context (its own cookies, apart from the test's pages). */
export async function staffRequest() {
  const request = await requests.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  const login = await request.post('/trpc/auth.login', {
    data: { json: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } },
  });
  expect(login.ok()).toBe(true);
  return request;
}

/**
 * The path (with its '#token' when it has one) of the link to `path` in the latest mail to `to`
 * whose subject contains `subject`, waiting for the mail to be queued.
 */
export async function linkInMail(
  staff: APIRequestContext,
  mail: { to: string; subject: string; path: string },
): Promise<string> {
  let found: MailRow | undefined;
  await expect
    .poll(async () => {
      const page = await trpcGet<{ items: MailRow[] }>(staff, 'admin.mail.list', { page: 1 });
      found = page.items.find((row) => row.to === mail.to && row.subject.includes(mail.subject));
      return Boolean(found);
    })
    .toBe(true);
  const { text } = await trpcGet<{ text: string }>(staff, 'admin.mail.get', { id: found!.id });
  const link = new RegExp(`https?://[^\\s/]+(${mail.path}(?:#[A-Za-z0-9]+)?)`).exec(text);
  expect(link, `a link to ${mail.path} in: ${text}`).not.toBeNull();
  return link![1]!;
}
