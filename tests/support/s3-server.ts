// vitest globalSetup of the "s3" project: one real S3-protocol server (s3rver) on loopback,
// storing its objects in a temporary folder, for every test file of that project.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

export default async function startS3Server({ provide }: TestProject) {
  const directory = mkdtempSync(path.join(tmpdir(), 'tienda-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
}
