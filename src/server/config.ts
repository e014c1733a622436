import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SEARCH_COUNT_CAP, SEARCH_SHEET_COUNT_CAP, SHOP_COUNT_CAP } from '@shared/catalog-limits';
import { isBreachedPassword } from './auth/breached-passwords';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** An address or CIDR range Fastify's trustProxy (proxy-addr) understands. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Off by default: behind no proxy, X-Forwarded-For is written by the client itself and must
 * not pick the IP that rate limits count. A hop count or the proxies' addresses/CIDRs turn
 * it on; `true` (trust anyone) is deliberately not accepted.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `debe ser un número de saltos o una lista de direcciones/CIDR separadas por comas (no válido: ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A database URL fit for a log line: its password replaced by ***. */
export const redactUrl = (value: string) => value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');

const databaseUrlSchema = optionalText.superRefine((value, ctx) => {
  if (value === undefined) return;
  let isValid: boolean;
  try {
    const url = new URL(value);
    isValid = (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && !!url.hostname;
  } catch {
    isValid = false;
  }
  if (!isValid) {
    ctx.addIssue({
      code: 'custom',
      message: `"${redactUrl(value)}" no es una URL válida de PostgreSQL (postgres://usuario:clave@servidor:puerto/base)`,
    });
  }
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: databaseUrlSchema,
  // Connections to PostgreSQL per instance; unset: two per core of this machine, at least four
  // (src/server/db/client.ts).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  // A connection to PostgreSQL not ready within this time fails, and the request with it (503).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  // PostgreSQL cancels a statement of the store's pool running longer than this (503); the
  // catalogue import and migrations run with longer limits of their own (src/server/db/client.ts).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  DATA_DIR: z.string().default('./data'),
  UPLOADS_DIR: z.string().default('./uploads'),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  // The start-up takes over an existing account with this password: it must be a real one,
  // longer than a customer's and never a common breached one
  // (docs/decisions/078-account-security-per-asvs.md).
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(ADMIN_PASSWORD_MIN_LENGTH, `debe tener al menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres`)
      .refine(
        (password) => !isBreachedPassword(password),
        'es una de las contraseñas más usadas y filtradas: elegí otra',
      )
      .optional(),
  ),
  FORM_ENDPOINT: optionalText.pipe(z.url().optional()),
  SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: trustProxySchema,
  // Attempts per minute and IP for login, sign-up and the contact form.
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // Quote requests per hour and customer: one account cannot hoard the stock by repetition.
  QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // The safety-net lifetime of cached catalogue answers and pages: changes clear them at once
  // on every instance (docs/decisions/006-catalogue-answer-cache.md); 0 turns the caches off.
  CATALOG_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(300),
  // How many products the shop counts and pages through, for a list and for a search; past
  // them it says 'más de N' (docs/decisions/067-a-shop-list-and-search-at-scale.md). Each
  // product within them costs time on every uncached request.
  SHOP_COUNT_CAP: z.coerce.number().int().min(1).max(1_000_000).default(SHOP_COUNT_CAP),
  SEARCH_COUNT_CAP: z.coerce.number().int().min(1).max(100_000).default(SEARCH_COUNT_CAP),
  // The search sheet's own, smaller cap; it never looks further than SEARCH_COUNT_CAP.
  SEARCH_SHEET_COUNT_CAP: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(SEARCH_SHEET_COUNT_CAP),
  // Quotes a customer may hold open at once (status Cotización or Modificado).
  MAX_OPEN_QUOTES: z.coerce.number().int().min(1).default(5),
  // Units an account whose e-mail is not confirmed yet may hold in its open quotes
  // (services/accounts/email-verification.ts, unverifiedHeldUnitsCap).
  UNVERIFIED_MAX_HELD_UNITS: z.coerce.number().int().min(1).default(10),
  // Units one customer may hold at once across its open quotes (Cotización, Modificado), and
  // the percentage of each variant's stock (what is left plus what they hold of it; at least
  // one unit) they may hold (services/orders/held-units.ts): one account cannot reserve the
  // catalogue. Staff lift both per customer from the order's page.
  MAX_HELD_UNITS: z.coerce.number().int().min(1).default(50),
  MAX_HELD_VARIANT_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  // A quote still in Cotización after this many days is cancelled and its stock released.
  QUOTE_HOLD_DAYS: z.coerce.number().positive().default(7),
  // Store contact details shown on /nosotros and the WhatsApp button
  // (docs/decisions/024-configurable-contact-details.md).
  WHATSAPP_NUMBER: z.string().default('59899123456'),
  CONTACT_EMAIL: z.string().default('ventas@tienda.com.uy'),
  CONTACT_PHONE: z.string().default('+598 2900 1234'),
  CONTACT_ADDRESS: z.string().default('Av. 18 de Julio 1234, Montevideo, Uruguay'),
  // Uploaded images: local disk (UPLOADS_DIR) or an S3-compatible object store.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(z.url().optional()),
  // E-mail (docs/decisions/041-mail-without-smtp.md): without SMTP_URL mails wait in the
  // outbox and admins read them at /dashboard/correos.
  SMTP_URL: optionalText.pipe(z.url().optional()),
  // Mails sent at once, each on its own pooled SMTP connection
  // (docs/decisions/075-outbox-fast-and-in-order.md); a relay may cap connections per client.
  SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(20).default(5),
  MAIL_FROM: z.string().trim().default('Tienda <no-responder@tienda.com.uy>'),
  STAFF_EMAIL: optionalText.pipe(z.email().optional()),
  // /metrics answers loopback requests, or others with `Authorization: Bearer METRICS_TOKEN`.
  METRICS_TOKEN: optionalText,
  // Backups (docs/decisions/053-backups.md): where `npm run backup` and the schedule write them,
  // how often the server itself takes one (unset: never), and how many are kept (0: all).
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_EVERY_HOURS: optionalText.pipe(
    z.coerce.number<string | undefined>().positive().optional(),
  ),
  BACKUP_KEEP: z.coerce.number().int().min(0).default(14),
  // The Banco Central del Uruguay's quotation service (SOAP), read once a day for the dollar's
  // rate (docs/decisions/085-the-bcu-rate.md); tests point it at a local fake.
  BCU_RATES_URL: z
    .url()
    .default('https://cotizaciones.bcu.gub.uy/wscotizaciones/servlet/awsbcucotizaciones'),
  // Fiscal documents (CFE, docs/decisions/086-invoices-through-a-certified-provider.md): the
  // certified provider ('simulado' signs with a test certificate and has no fiscal value;
  // 'biller' issues through Biller, docs/decisions/091-biller-as-the-certified-provider.md),
  // and the pesos per dollar for a document issued on a day without the BCU's rate and whose
  // quote has none (cfe-facts.ts exchangeRateFor).
  CFE_PROVIDER: z.enum(['simulado', 'biller']).default('simulado'),
  // Biller: its address (https://test.biller.uy for testing, https://biller.uy in production),
  // the company's token (biller.uy/api/tokens) and the ID of the issuing branch (Ajustes /
  // Sucursales). Required with CFE_PROVIDER=biller.
  CFE_BILLER_URL: optionalText.pipe(z.url().optional()),
  CFE_BILLER_TOKEN: optionalText,
  CFE_BILLER_BRANCH_ID: optionalText.pipe(
    z.coerce.number<string | undefined>().int().positive().optional(),
  ),
  // A call to Biller not answered within this time is retried later; kept under the CFE
  // worker's own 30 s cut (cfe-worker.ts).
  CFE_BILLER_TIMEOUT_MS: z.coerce.number().int().min(100).max(29_000).default(20_000),
  // Biller accepts one new document per second and token: issues are spaced by this much.
  CFE_BILLER_ISSUE_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  CFE_EXCHANGE_RATE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}(\.\d{1,4})?$/, 'debe ser un tipo de cambio como 40.123')
      .optional(),
  ),
});

const BILLER_REQUIRED = ['CFE_BILLER_URL', 'CFE_BILLER_TOKEN', 'CFE_BILLER_BRANCH_ID'] as const;

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** Where the builds are: the browser's files and the server-rendering bundle (not settings). */
export type Config = z.infer<typeof configSchema> & { clientDir: string; ssrEntry: string };

/** Reads the environment once; a bad variable stops the start-up naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración inválida: ${problems.join('; ')}`);
  }
  // Canonical and link-preview URLs would otherwise come from the request's Host header,
  // which whoever sends the request writes.
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.PUBLIC_URL) {
    throw new ConfigError(
      'Configuración inválida: PUBLIC_URL es obligatoria con NODE_ENV=production: la dirección pública de la tienda (por ejemplo https://tienda.com.uy), de la que salen los enlaces canónicos y de vista previa',
    );
  }
  if (Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Configuración inválida: ADMIN_EMAIL y ADMIN_PASSWORD deben definirse juntas',
    );
  }
  if (parsed.data.STORAGE === 's3') {
    const missing = S3_REQUIRED.filter((name) => !parsed.data[name]);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration: STORAGE=s3 needs ${missing.join(', ')}`);
    }
  }
  if (parsed.data.CFE_PROVIDER === 'biller') {
    const missing = BILLER_REQUIRED.filter((name) => !parsed.data[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Configuración inválida: CFE_PROVIDER=biller necesita ${missing.join(', ')}: la dirección de Biller, el token de la empresa y el ID de la sucursal que emite`,
      );
    }
  }
  return {
    ...parsed.data,
    clientDir: path.resolve('dist/client'),
    ssrEntry: path.resolve('dist/ssr/entry-server.js'),
  };
}

/**
 * The store's absolute address for what leaves the site (links in mails, the PDF): PUBLIC_URL,
 * or in development the configured port on localhost. Without a trailing slash.
 */
export const siteUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/** An absolute link to a path of the store ('/account/pedidos/1'). */
export const absoluteUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, path: string) =>
  `${siteUrlOf(config)}${path.startsWith('/') ? path : `/${path}`}`;

/** Where staff are mailed: STAFF_EMAIL, or the store's public contact address. */
export const staffEmailOf = (config: Pick<Config, 'STAFF_EMAIL' | 'CONTACT_EMAIL'>) =>
  config.STAFF_EMAIL ?? config.CONTACT_EMAIL;

/** A start-up problem the operator fixes in the environment: printed as one line, no stack. */
export class ConfigError extends Error {}
