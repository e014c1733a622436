// `npm test` runs this first (the `pretest` script): the suite needs programs that npm cannot
// install. Missing ones are installed with apt when this runs as root on a Debian-like system
// (as CI does); otherwise it stops at once with one line naming the packages to install.
// .ci/run calls it with DATABASE_URL set and `--packages-only` before it starts PostgreSQL, so
// the packages are named in this one place.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import postgres from 'postgres';

type Need = { pkg: string; isPresent: () => boolean };

const hasCommand = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const postgresBinaries = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((version) =>
    existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
  );

const MIN_NODE_MAJOR = 22;

const needs: Need[] = [
  // Playwright drives the system's Chromium (playwright.config.ts); the headless shell is the
  // faster build of the same browser, the full one its fallback.
  { pkg: 'chromium', isPresent: () => hasCommand('chromium') },
  { pkg: 'chromium-headless-shell', isPresent: () => hasCommand('chromium-headless-shell') },
  // The quote PDF test reads the PDF's text back.
  { pkg: 'poppler-utils', isPresent: () => hasCommand('pdftotext') },
  // The fiscal documents (CFE) are validated against DGI's XSD, and their signatures
  // canonicalized, by libxml2's xmllint (tests/support/cfe-xml.ts).
  { pkg: 'libxml2-utils', isPresent: () => hasCommand('xmllint') },
  // Link previews and the PDF draw text in a font the machine has.
  {
    pkg: 'fonts-dejavu-core',
    isPresent: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  },
  ...(process.env.DATABASE_URL
    ? [
        { pkg: 'postgresql', isPresent: postgresBinaries },
        // psql, and pg_dump/pg_restore for the backup tests (src/server/ops/pg-tools.ts).
        {
          pkg: 'postgresql-client',
          isPresent: () => ['psql', 'pg_dump', 'pg_restore'].every(hasCommand),
        },
      ]
    : []),
];

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < MIN_NODE_MAJOR) {
  stop(
    `Las pruebas necesitan Node ${MIN_NODE_MAJOR} o posterior (este es ${process.versions.node}): ` +
      'instalá Node 22 LTS.',
  );
}

const missing = needs.filter((need) => !need.isPresent()).map((need) => need.pkg);
if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && hasCommand('apt-get');
  if (!canInstall) {
    stop(`Faltan programas para las pruebas: sudo apt-get install ${missing.join(' ')}`);
  }
  console.log(`Instalando lo que falta para las pruebas: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  const stillMissing = needs.filter((need) => !need.isPresent()).map((need) => need.pkg);
  if (stillMissing.length > 0) {
    stop(`No se pudieron instalar: ${stillMissing.join(' ')}`);
  }
}

// A DATABASE_URL run needs that server up: say so in one line rather than in every test file.
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl && !process.argv.includes('--packages-only')) {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
  } catch (error) {
    stop(`DATABASE_URL no responde (${(error as Error).message}): iniciá PostgreSQL primero.`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}
