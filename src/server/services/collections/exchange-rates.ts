// The dollar's rate of each Montevideo day (docs/decisions/085-the-bcu-rate.md): a job takes the
// BCU's 'dólar billete' buying rate of the last business day before today, as the tax rules
// use it, once a day; when the service cannot be reached the store goes on with the last rate,
// which reads out of date, and staff may type the day's rate by hand (logged).
import { sql } from 'drizzle-orm';
import { formatDay, storeDay } from '@shared/format';
import { addDays } from '@shared/payment-terms';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { recordAudit } from '../infra/audit';
import { rateOfDay } from '../store/exchange-rate';
import { type BcuQuote, fetchBcuQuotes } from './bcu-client';

/** How far back the job asks: the last business day is within it even after long holidays. */
const LOOK_BACK_DAYS = 10;

/** The quotation the tax rules use on `today`: the latest one of a day before it. */
export function lastBusinessDayQuote(quotes: BcuQuote[], today: string): BcuQuote | undefined {
  return quotes
    .filter((quote) => quote.day < today)
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0))[0];
}

/**
 * Takes today's rate from the BCU unless today has one already (the BCU's, or one staff typed,
 * which stands for its day). Two instances at once write it once (`on conflict do nothing`).
 * Throws BcuUnavailableError when the service fails: today then has no row, and every reader
 * gets the last one, out of date.
 */
export async function refreshBcuRate(
  db: Database,
  options: { url: string; now: Date },
): Promise<{ day: string; rate: string; quotedOn: string } | null> {
  const today = storeDay(options.now);
  const [taken] = await queryRows<{ day: string }>(
    db,
    sql`select day::text as day from exchange_rates where day = ${today}::date`,
  );
  if (taken) return null;
  const quotes = await fetchBcuQuotes(options.url, {
    from: addDays(today, -LOOK_BACK_DAYS),
    to: addDays(today, -1),
  });
  const quote = lastBusinessDayQuote(quotes, today);
  if (!quote) return null;
  await db.execute(
    sql`insert into exchange_rates (day, rate, quoted_on, source, created_at)
        values (${today}::date, ${quote.buying}, ${quote.day}::date, 'bcu',
                ${options.now.toISOString()}::timestamptz)
        on conflict (day) do nothing`,
  );
  return { day: today, rate: quote.buying, quotedOn: quote.day };
}

/** Staff's rate for today, over whatever today had; the activity log keeps both. */
export async function setManualRate(
  db: Database,
  input: { rate: string },
  staff: { userId: number; now: Date },
) {
  const today = storeDay(staff.now);
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ rate: string; source: string }>(
      tx,
      sql`select rate::text as rate, source from exchange_rates
          where day = ${today}::date for update`,
    );
    await tx.execute(
      sql`insert into exchange_rates (day, rate, quoted_on, source, set_by, created_at)
          values (${today}::date, ${input.rate}, ${today}::date, 'manual', ${staff.userId},
                  ${staff.now.toISOString()}::timestamptz)
          on conflict (day) do update set rate = excluded.rate, quoted_on = excluded.quoted_on,
            source = 'manual', set_by = excluded.set_by, created_at = excluded.created_at`,
    );
    await recordAudit(tx, {
      userId: staff.userId,
      entityType: 'exchangeRate',
      entityId: today,
      action: 'update',
      label: `Cotización del ${formatDay(today)}`,
      changes: {
        rate: { before: before?.rate ?? null, after: input.rate },
        source: { before: before?.source ?? null, after: 'manual' },
      },
    });
  });
}

/** Cobranzas' rate panel: today's rate (or the last one, out of date) and the latest days. */
export async function exchangeRatePanel(db: Executor, now: Date) {
  const today = storeDay(now);
  const recent = await queryRows<{
    day: string;
    rate: string;
    quoted_on: string;
    source: 'bcu' | 'manual';
    set_by_email: string | null;
  }>(
    db,
    sql`select r.day::text as day, r.rate::text as rate, r.quoted_on::text as quoted_on,
               r.source, u.email as set_by_email
        from exchange_rates r left join users u on u.id = r.set_by
        order by r.day desc limit 10`,
  );
  return {
    today,
    current: await rateOfDay(db, today),
    recent: recent.map((row) => ({
      day: row.day,
      rate: row.rate,
      quotedOn: row.quoted_on,
      source: row.source,
      setBy: row.set_by_email,
    })),
  };
}
