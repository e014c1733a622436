// What the upload tests need to see in either storage: the keys that exist.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { AppDeps } from '@server/app-deps';

/** s3rver accepts any credentials; these are its documented defaults. */
export const TEST_S3_CREDENTIALS = {
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};

/** The storage variables of createTestDeps: the s3 project's bucket, else none (local disk). */
export function testStorageEnv(): Record<string, string> {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  const bucket = process.env.TEST_S3_BUCKET;
  if (!endpoint || !bucket) return {};
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: TEST_S3_CREDENTIALS.region,
    S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
  };
}

/** Every stored key under `prefix`, sorted, read from the disk or listed from the bucket. */
export async function storedKeys(deps: AppDeps, prefix = ''): Promise<string[]> {
  const { config } = deps;
  if (config.STORAGE === 'local') {
    const root = config.UPLOADS_DIR;
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: TEST_S3_CREDENTIALS,
  });
  try {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: config.S3_BUCKET, Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  } finally {
    client.destroy();
  }
}

/** Whether the file behind one of our image URLs exists. */
export async function isStored(deps: AppDeps, url: string): Promise<boolean> {
  const key = deps.storage.keyFromUrl(url);
  return key !== null && (await storedKeys(deps, key)).includes(key);
}
