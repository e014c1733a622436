// Start-up steps whose failure is the operator's to fix (a folder, the database, the port):
// each stops the process with one line naming the variable and its value, never a stack trace.
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, redactUrl } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';

/** A problem with the environment, told to the operator in one line. */
export class StartupError extends ConfigError {}

/** The innermost cause of an error (drizzle wraps the driver's), told in one line. */
function reasonOf(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  const code = (root as { code?: unknown } | null)?.code;
  const message = (root instanceof Error ? root.message : String(root)).replace(/\s+/g, ' ').trim();
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Creates a folder and its missing parents, and checks that it can be written to. */
export async function ensureWritableFolder(variable: string, folder: string) {
  const resolved = path.resolve(folder);
  try {
    await mkdir(resolved, { recursive: true });
    await access(resolved, constants.W_OK);
  } catch (error) {
    throw new StartupError(
      `No se pudo crear o escribir la carpeta ${variable}=${folder} (${resolved}): ${reasonOf(error)}`,
    );
  }
}

const isInMemory = (dataDir: string) => /^[a-z]+:\/\//.test(dataDir);

const whereOf = (config: Config) =>
  config.DATABASE_URL
    ? `la base de datos DATABASE_URL=${redactUrl(config.DATABASE_URL)}`
    : `la base embebida en DATA_DIR=${config.DATA_DIR}`;

/**
 * Opens the configured database without migrating it (the backup command reads it as it is),
 * explaining what went wrong if it cannot.
 */
export async function connectConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const url = config.DATABASE_URL;
  if (!url && !isInMemory(config.DATA_DIR)) await ensureWritableFolder('DATA_DIR', config.DATA_DIR);
  try {
    const database = await openDatabase({
      databaseUrl: url,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    await database.db.execute(sql`select 1`);
    return database;
  } catch (error) {
    throw new StartupError(`No se pudo conectar a ${whereOf(config)}: ${reasonOf(error)}`);
  }
}

/** Opens and migrates the configured database, explaining what went wrong if it cannot. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await connectConfiguredDatabase(config);
  const where = whereOf(config);
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new StartupError(
      `No se pudieron aplicar las migraciones en ${where}: ${reasonOf(error)}`,
    );
  }
  return database;
}

/** Listens on PORT, or explains why the port cannot be used. */
export async function listenOrExplain(app: FastifyInstance, port: number): Promise<number> {
  try {
    await app.listen({ port, host: '0.0.0.0' });
    // PORT=0 asks the system for a free port: tell the one it gave.
    return (app.server.address() as AddressInfo).port;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') throw new StartupError(`El puerto PORT=${port} ya está en uso`);
    if (code === 'EACCES') throw new StartupError(`Sin permiso para usar el puerto PORT=${port}`);
    throw new StartupError(`No se pudo escuchar en el puerto PORT=${port}: ${reasonOf(error)}`);
  }
}

/**
 * Runs a command-line entry point: a known start-up problem prints its one line and exits
 * with code 1; anything else is a bug and keeps its stack trace.
 */
export async function runCommand(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}
