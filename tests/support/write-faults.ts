// A file system that fails under the real storage: writes refused with the codes Node's fs
// gives (a full disk, a read-only folder, no permission), which a test cannot otherwise cause
// when it runs as root. Every other call, and the writes before the fault, reach the real
// storage of the test's deps: the files left behind are real files.
import type { Storage } from '@server/storage/storage';

export type WriteFault = {
  /** The error code of the failing writes: ENOSPC, EDQUOT, EROFS, EACCES, EPERM... */
  code: string;
  /** How many saves succeed before the writes start failing (0: the first one fails). */
  after?: number;
  /** The failing write keeps the first half of its bytes, as a disk that fills up midway. */
  leavesPart?: boolean;
};

/** An Error as fs.writeFile rejects with: `code`, `syscall` and the code in the message. */
const fsError = (code: string, key: string) =>
  Object.assign(new Error(`${code}: write failed, open '${key}'`), { code, syscall: 'write' });

export function withWriteFault(storage: Storage, fault: WriteFault): Storage {
  let saves = 0;
  return {
    ...storage,
    async save(key, data) {
      saves += 1;
      if (saves <= (fault.after ?? 0)) return storage.save(key, data);
      if (fault.leavesPart) await storage.save(key, data.subarray(0, data.length >> 1));
      throw fsError(fault.code, key);
    },
  };
}
