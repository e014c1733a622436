// setupFiles of the "s3" project: each test file gets its own bucket on the shared s3rver,
// and createTestDeps (context.ts) builds an app that stores uploads there.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, inject } from 'vitest';
import { TEST_S3_CREDENTIALS } from './storage';

beforeAll(async () => {
  const endpoint = inject('s3Endpoint');
  const bucket = `tienda-${process.pid}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const client = new S3Client({
    endpoint,
    region: TEST_S3_CREDENTIALS.region,
    forcePathStyle: true,
    credentials: TEST_S3_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  process.env.TEST_S3_ENDPOINT = endpoint;
  process.env.TEST_S3_BUCKET = bucket;
});
