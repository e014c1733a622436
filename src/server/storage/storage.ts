import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; an object store can implement the same. */
export type Storage = {
  save(key: string, data: Buffer): Promise<string>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a product's or post's folder). */
  removeFolder(prefix: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key of one of our public URLs, or null for a URL we do not host. */
  keyFromUrl(url: string): string | null;
};

export const UPLOADS_URL_PREFIX = '/uploads/';

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
    async remove(key) {
      await rm(filePath(key), { force: true });
    },
    async removeFolder(prefix) {
      await rm(filePath(prefix), { recursive: true, force: true });
    },
    publicUrl: (key) => UPLOADS_URL_PREFIX + key,
    keyFromUrl: (url) => {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      try {
        assertSafeKey(key);
        return key;
      } catch {
        return null;
      }
    },
  };
}
