import { pathToFileURL } from 'node:url';

/**
 * Runs `main` only when `moduleUrl` is the file node was started with (a scenario module is
 * also imported by run.ts), then exits with its outcome: pools and servers left open by a
 * failed scenario would otherwise keep the process alive.
 */
export function runWhenStarted(moduleUrl: string, main: () => Promise<unknown>) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
