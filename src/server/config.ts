import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  UPLOADS_DIR: z.string().default('./uploads'),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6).optional()),
  FORM_ENDPOINT: optionalText.pipe(z.url().optional()),
  SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  // Attempts per minute and IP for login, sign-up and the contact form.
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // Store contact details shown on /nosotros and the WhatsApp button (DECISIONS 24).
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
  // /metrics answers loopback requests, or others with `Authorization: Bearer METRICS_TOKEN`.
  METRICS_TOKEN: optionalText,
});

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export type Config = z.infer<typeof configSchema> & { clientDir: string };

/** Reads the environment once; a bad variable stops the start-up naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (parsed.data.STORAGE === 's3') {
    const missing = S3_REQUIRED.filter((name) => !parsed.data[name]);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration: STORAGE=s3 needs ${missing.join(', ')}`);
    }
  }
  return { ...parsed.data, clientDir: path.resolve('dist/client') };
}
