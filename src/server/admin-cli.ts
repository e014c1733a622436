// `npm run admin -- promote EMAIL [--yes]`: gives a registered user the admin role, after
// showing who the account is (anyone may have registered that address) and asking to confirm.
import { createInterface } from 'node:readline/promises';
import { formatDateTime } from '@shared/format';
import { loadConfig } from './config';
import { findAccount, promoteToAdmin } from './services/accounts/accounts';
import { openConfiguredDatabase, runCommand } from './startup';

const USAGE = 'Uso: npm run admin -- promote EMAIL [--yes]';

async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    // No answer (stdin closed) counts as no.
    const answer = await Promise.race([
      prompt.question(question),
      new Promise<string>((resolve) => prompt.once('close', () => resolve(''))),
    ]);
    return /^(s|si|sí|y|yes)$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

await runCommand(async () => {
  const args = process.argv.slice(2);
  const isConfirmed = args.includes('--yes');
  const [command, email, ...rest] = args.filter((arg) => arg !== '--yes');
  if (command !== 'promote' || !email || rest.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const account = await findAccount(database.db, email);
    if (!account) {
      console.error(`No existe un usuario con el correo ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `Cuenta ${account.email}: ${account.fullName ?? 'sin nombre'}, creada el ${formatDateTime(account.createdAt)}` +
        (account.role === 'admin' ? ' (ya es administrador).' : '.'),
    );
    if (!isConfirmed && !(await confirm('¿Darle el rol de administrador? (s/N) '))) {
      console.error('Cancelado: la cuenta no fue modificada.');
      process.exitCode = 1;
      return;
    }
    await promoteToAdmin(database.db, email);
    console.log(`${account.email} ahora es administrador.`);
  } finally {
    await database.close();
  }
});
process.exit(process.exitCode ?? 0);
