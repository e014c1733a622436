// pg_dump and pg_restore, from Debian's postgresql-client (or postgresql). pg_dump refuses a
// server newer than itself, so the newest installed version is taken: Debian installs each
// major under /usr/lib/postgresql/N/bin, and /usr/bin/pg_dump is a wrapper that may pick
// another. Elsewhere, the one on PATH.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { redactUrl } from '../config';
import { BackupError } from './backup-archive';

type PgTool = 'pg_dump' | 'pg_restore';

const DEBIAN_VERSIONS = '/usr/lib/postgresql';

/** The newest /usr/lib/postgresql/N/bin/<tool>, else the bare name (found on PATH). */
export function pgToolPath(tool: PgTool, root = DEBIAN_VERSIONS): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => /^\d+(\.\d+)?$/.test(version))
        .filter((version) => existsSync(path.join(root, version, 'bin', tool)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], 'bin', tool) : tool;
}

/**
 * The URL without its password, and the password for PGPASSWORD: a password on the command
 * line would show in the machine's process list.
 */
function connectionOf(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), password };
}

/** Runs pg_dump or pg_restore against `databaseUrl`; a failure is one line naming the tool. */
export function runPgTool(tool: PgTool, args: string[], databaseUrl: string): Promise<void> {
  const { url, password } = connectionOf(databaseUrl);
  const command = pgToolPath(tool);
  return new Promise((resolve, reject) => {
    execFile(
      command,
      // --no-password: never wait for a prompt that no one will answer (cron, a timer).
      ['--no-password', `--dbname=${url}`, ...args],
      {
        // The child inherits this environment (PATH, libpq's PG* settings) plus the password;
        // nothing of the store's configuration is read from it here.
        // eslint-disable-next-line no-restricted-properties
        env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return reject(
            new BackupError(
              `No se encontró ${tool}: instalá el paquete postgresql-client ` +
                `(apt-get install postgresql-client), de la versión del servidor o posterior.`,
            ),
          );
        }
        const reason = (stderr.trim() || error.message).split('\n')[0]!.replace(/\s+/g, ' ');
        reject(
          new BackupError(
            `${tool} falló con la base DATABASE_URL=${redactUrl(databaseUrl)}: ${redactUrl(reason)}`,
          ),
        );
      },
    );
  });
}
