// `npm run db:migrate`: applies drizzle/ migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../config';
import { openConfiguredDatabase, runCommand } from '../startup';

await runCommand(async () => {
  const database = await openConfiguredDatabase(loadConfig());
  await database.close();
  console.log(`Migraciones aplicadas (${database.kind}).`);
});
