import type { FastifyReply } from 'fastify';
import { storeDay } from '@shared/format';
import type { CsvDownload } from '../services/infra/csv-download';

/**
 * Answers a dashboard download: `file` can only come from the one CSV writer, which
 * neutralises formulas (services/infra/csv-download.ts); the file is named `<name>-<today>.csv`,
 * today as it is in Montevideo.
 */
export function sendCsvDownload(reply: FastifyReply, name: string, file: CsvDownload, now: Date) {
  const today = storeDay(now);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${today}.csv"`)
    .header('cache-control', 'no-store')
    .send(file);
}
