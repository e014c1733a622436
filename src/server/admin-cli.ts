// `npm run admin -- promote EMAIL`: gives a registered user the admin role.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { promoteToAdmin } from './services/accounts';

const [command, email] = process.argv.slice(2);
if (command !== 'promote' || !email) {
  console.error('Uso: npm run admin -- promote EMAIL');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const isPromoted = await promoteToAdmin(database.db, email);
await database.close();
console.log(
  isPromoted ? `${email} ahora es administrador.` : `No existe un usuario con el correo ${email}.`,
);
process.exit(isPromoted ? 0 : 1);
