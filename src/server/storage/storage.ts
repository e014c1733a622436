import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@shared/messages';

/** A stored file opened for reading. */
export type StoredFile = { body: Readable; contentType: string; contentLength?: number };

/** One stored file as a listing shows it; an object store adds its ETag. */
export type StoredObject = { key: string; bytes: number; etag?: string };

/** Where uploaded files live: local disk by default, or an object store (s3-storage.ts). */
export type Storage = {
  save(key: string, data: Buffer): Promise<string>;
  /** The file under `key`, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a product's or post's folder). */
  removeFolder(prefix: string): Promise<void>;
  /** Every stored file, sorted by key (backups list or copy them: ops/backup.ts). */
  list(): Promise<StoredObject[]>;
  publicUrl(key: string): string;
  /** The key of one of our public URLs, or null for a URL we do not host. */
  keyFromUrl(url: string): string | null;
};

export const UPLOADS_URL_PREFIX = '/uploads/';

/** A file system's codes for a full disk and an exhausted quota. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** An object store's answer when its disks are full (MinIO: XMinioStorageFull). */
const INSUFFICIENT_STORAGE = 507;

/**
 * A file the storage could not write: a full disk, a read-only or missing folder, an object
 * store that refused or could not be reached. The upload answers it in its own words (507 for
 * no space, 500 otherwise; http/admin-routes.ts), and the cause goes to the log.
 */
export class StorageWriteError extends Error {
  readonly isNoSpace: boolean;
  constructor(cause: unknown) {
    const failure = cause as { code?: unknown; $metadata?: { httpStatusCode?: number } } | null;
    const isNoSpace =
      NO_SPACE_CODES.has(String(failure?.code)) ||
      failure?.$metadata?.httpStatusCode === INSUFFICIENT_STORAGE;
    super(isNoSpace ? messages.imageNoSpace : messages.imageSaveFailed, { cause });
    this.name = 'StorageWriteError';
    this.isNoSpace = isNoSpace;
  }
}

/** Every upload is an image rendition; the type follows the key's extension. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const types: Record<string, string> = {
    webp: 'image/webp',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    avif: 'image/avif',
    svg: 'image/svg+xml',
  };
  return types[extension] ?? 'application/octet-stream';
}

/** The key of a URL under `prefix` (ours or the CDN's), or null when it is not one of ours. */
export function keyUnderPrefix(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return null;
  }
}

/** A key made of safe segments only: no separators smuggled in, no '..'. */
export function assertSafeKey(key: string) {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\\\0]/.test(s))) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const filePath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async save(key, data) {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      return UPLOADS_URL_PREFIX + key;
    },
    async read(key) {
      const target = filePath(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(target),
        contentType: contentTypeOf(key),
        contentLength: info.size,
      };
    },
    async remove(key) {
      await rm(filePath(key), { force: true });
    },
    async removeFolder(prefix) {
      await rm(filePath(prefix), { recursive: true, force: true });
    },
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      // Hidden files (the repository's uploads/.gitkeep) are not uploads: every key this code
      // writes names a folder and a file that starts with an id or a date.
      const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
      const listed = await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          // A file removed between the listing and its stat (a replaced image) is left out.
          const info = await stat(file).catch(() => null);
          const key = path.relative(root, file).split(path.sep).join('/');
          return info ? { key, bytes: info.size } : null;
        }),
      );
      return listed
        .filter((object) => object !== null)
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    publicUrl: (key) => UPLOADS_URL_PREFIX + key,
    keyFromUrl: (url) => keyUnderPrefix(url, UPLOADS_URL_PREFIX),
  };
}
