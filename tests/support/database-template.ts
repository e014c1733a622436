// vitest globalSetup: the migrated database every test file starts from, made once per run.
// Each test file runs in its own module context, so a template kept in a module of its worker
// was rebuilt for every file: a new PGlite (its initdb takes most of ten seconds here) and
// every migration, about twelve seconds a file. Now PGlite files load one data-directory dump
// (≈ 2 s), and PostgreSQL files clone a template database (CREATE DATABASE ... TEMPLATE).
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a file holding the migrated data directory (dumpDataDir). */
    pgliteTemplateFile: string;
    /** PostgreSQL runs: the name of a migrated database to clone. */
    postgresTemplate: string;
  }
}

export default async function createDatabaseTemplate({ provide }: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `tienda_template_${process.pid}_${Date.now()}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await handle.migrate();
    // A template must have no connection while it is cloned.
    await handle.close();
    provide('postgresTemplate', name);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = path.join(tmpdir(), `tienda-pglite-template-${process.pid}-${Date.now()}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  provide('pgliteTemplateFile', file);
  return () => rm(file, { force: true });
}
