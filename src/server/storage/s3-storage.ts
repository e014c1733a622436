import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  contentTypeOf,
  keyUnderPrefix,
  type Storage,
  type StoredObject,
  UPLOADS_URL_PREFIX,
} from './storage';

export type S3StorageOptions = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where a CDN serves the bucket; without it images go through our own /uploads/ route. */
  publicUrl?: string;
};

/** A key never changes content (a new upload gets a new name), so caches may keep it forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Uploads in an S3-compatible object store, with the same key layout as the local disk, so
 * several instances see the same files. Path-style addressing works with AWS, MinIO, R2 and
 * the s3rver the tests start.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const publicPrefix = options.publicUrl ? `${options.publicUrl.replace(/\/+$/, '')}/` : undefined;

  async function listObjects(prefix?: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        objects.push({ key: object.Key, bytes: object.Size ?? 0, etag: object.ETag });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects;
  }

  const publicUrl = (key: string) => (publicPrefix ?? UPLOADS_URL_PREFIX) + key;

  return {
    async save(key, data) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentTypeOf(key),
          CacheControl: IMMUTABLE,
        }),
      );
      return publicUrl(key);
    },
    async read(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(key),
          contentLength: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success, like `rm --force`.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeFolder(prefix) {
      assertSafeKey(prefix);
      const keys = (await listObjects(`${prefix}/`)).map((object) => object.key);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (result.Errors?.length) {
          throw new Error(`Could not delete ${result.Errors.length} objects under ${prefix}/`);
        }
      }
    },
    // S3 answers the keys in order, as the local listing sorts them.
    list: () => listObjects(),
    publicUrl,
    // Images saved before a CDN was configured keep their /uploads/ URLs and stay ours.
    keyFromUrl: (url) =>
      (publicPrefix ? keyUnderPrefix(url, publicPrefix) : null) ??
      keyUnderPrefix(url, UPLOADS_URL_PREFIX),
  };
}
