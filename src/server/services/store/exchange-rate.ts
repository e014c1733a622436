// The dollar's rate the store uses on a Montevideo day: the row of `exchange_rates` for that day,
// or the latest before it, then out of date (docs/decisions/085-the-bcu-rate.md). Read here, in
// the store's room, because the quote document (orders) and the mails show it too; collections
// writes it (services/collections/exchange-rates.ts).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';

export type DayRate = {
  /** Pesos per dollar, '39.5120'. */
  rate: string;
  /** The BCU's business day it was quoted on, or the day staff typed it for. */
  quotedOn: string;
  source: 'bcu' | 'manual';
  /** No rate was taken for the day asked: this is an earlier day's. */
  isStale: boolean;
};

type RateRow = { day: string; rate: string; quoted_on: string; source: 'bcu' | 'manual' };

const toDayRate = (row: RateRow, asked: string): DayRate => ({
  rate: row.rate,
  quotedOn: row.quoted_on,
  source: row.source,
  isStale: row.day < asked,
});

/** The rate of `day` ('2026-11-30'), or null when the store never had one up to then. */
export async function rateOfDay(db: Executor, day: string): Promise<DayRate | null> {
  const [row] = await queryRows<RateRow>(
    db,
    sql`select day::text as day, rate::text as rate, quoted_on::text as quoted_on, source
        from exchange_rates where day <= ${day}::date order by day desc limit 1`,
  );
  return row ? toDayRate(row, day) : null;
}

/** The rate of each of `days`, in one statement (a quote's revisions, a statement's rows). */
export async function ratesOfDays(db: Executor, days: string[]): Promise<Map<string, DayRate>> {
  const distinct = [...new Set(days)].filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  if (distinct.length === 0) return new Map();
  const rows = await queryRows<RateRow & { asked: string }>(
    db,
    sql`select asked::text as asked, r.day::text as day, r.rate::text as rate,
               r.quoted_on::text as quoted_on, r.source
        from unnest(${`{${distinct.join(',')}}`}::date[]) asked
        join lateral (select day, rate, quoted_on, source from exchange_rates
                      where day <= asked order by day desc limit 1) r on true`,
  );
  return new Map(rows.map((row) => [row.asked, toDayRate(row, row.asked)]));
}
