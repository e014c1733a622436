// Free of vitest: the e2e server (outside vitest) creates its database with it too.
import postgres from 'postgres';

/**
 * A new database on the server of `serverUrl`, empty or a copy of `template`; `drop` removes
 * it again.
 */
export async function createPostgresDatabase(serverUrl: string, template?: string) {
  const name = `tienda_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
