// Which failed writes read as "no space": the disk's and the object store's own words for it.
import { describe, expect, it } from 'vitest';
import { StorageWriteError } from '@server/storage/storage';
import { messages } from '@shared/messages';

const fsError = (code: string) => Object.assign(new Error(code), { code });
/** How the AWS SDK rejects a refused PutObject: the service's error name and HTTP status. */
const s3Error = (name: string, httpStatusCode: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe('StorageWriteError', () => {
  it.each([
    ['a full disk', fsError('ENOSPC')],
    ['an exhausted quota', fsError('EDQUOT')],
    ["an object store's full disks (507)", s3Error('XMinioStorageFull', 507)],
  ])('says there is no space for %s', (_name, cause) => {
    const error = new StorageWriteError(cause);
    expect(error).toMatchObject({ isNoSpace: true, message: messages.imageNoSpace, cause });
  });

  it.each([
    ['a read-only file system', fsError('EROFS')],
    ['a folder without permission', fsError('EACCES')],
    ['a refused operation', fsError('EPERM')],
    ['a file where a folder goes', fsError('ENOTDIR')],
    ['an object store that refuses the request', s3Error('AccessDenied', 403)],
    ['an error without a code', new Error('socket hang up')],
    ['something that is not an error', 'falló'],
  ])('says the image could not be saved for %s', (_name, cause) => {
    const error = new StorageWriteError(cause);
    expect(error).toMatchObject({ isNoSpace: false, message: messages.imageSaveFailed, cause });
  });
});
