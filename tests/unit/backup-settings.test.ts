// The small rules of backups: names that sort as their instants, the settings, and which
// pg_dump runs (the newest installed: an older one refuses a newer server).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { backupFileName, backupInstant } from '@server/ops/backup-archive';
import { pgToolPath } from '@server/ops/pg-tools';

describe('backup file names', () => {
  it('carry the UTC instant to the second and read back as it', () => {
    const now = new Date('2026-11-26T03:20:00.750Z');
    expect(backupFileName(now)).toBe('tienda-respaldo-2026-11-26T03-20-00Z.tar');
    expect(backupInstant(backupFileName(now))).toEqual(new Date('2026-11-26T03:20:00Z'));
    for (const other of ['notas.txt', 'tienda-respaldo-2026-11-26T03-20-00Z.tar.parcial']) {
      expect(backupInstant(other)).toBeNull();
    }
  });
});

describe('backup settings', () => {
  it('default to ./backups, no schedule and 14 kept, and name a bad value', () => {
    const defaults = loadConfig({});
    expect([defaults.BACKUP_DIR, defaults.BACKUP_EVERY_HOURS, defaults.BACKUP_KEEP]).toEqual([
      './backups',
      undefined,
      14,
    ]);
    const blank = loadConfig({ BACKUP_EVERY_HOURS: ' ', BACKUP_KEEP: '0' });
    expect([blank.BACKUP_EVERY_HOURS, blank.BACKUP_KEEP]).toEqual([undefined, 0]);
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0.5' }).BACKUP_EVERY_HOURS).toBe(0.5);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: 'diario' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ BACKUP_KEEP: '-1' })).toThrow(/BACKUP_KEEP/);
  });
});

describe('pgToolPath', () => {
  it('takes the newest installed major that has the tool, else the one on PATH', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tienda-pg-versions-'));
    expect(pgToolPath('pg_dump', root)).toBe('pg_dump');
    for (const [version, tools] of [
      ['9.6', ['pg_dump']],
      ['13', ['pg_dump', 'pg_restore']],
      ['16', ['pg_dump', 'pg_restore']],
      ['17', ['psql']],
    ] as const) {
      mkdirSync(path.join(root, version, 'bin'), { recursive: true });
      for (const tool of tools) writeFileSync(path.join(root, version, 'bin', tool), '');
    }
    expect(pgToolPath('pg_dump', root)).toBe(path.join(root, '16', 'bin', 'pg_dump'));
    expect(pgToolPath('pg_restore', root)).toBe(path.join(root, '16', 'bin', 'pg_restore'));
    expect(pgToolPath('pg_dump', path.join(root, 'no-existe'))).toBe('pg_dump');
  });
});
