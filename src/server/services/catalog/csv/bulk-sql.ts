// Lists of thousands of values as ONE parameter each: a 100,000-row import sends its keys and
// rows in batches, and drizzle builds a statement of 5,000 separate parameters value by value
// (its per-chunk checks were the import's largest cost after PostgreSQL's own), next to the
// protocol's limit of 65,535 (docs/decisions/069-a-catalogue-import-at-scale.md).
import { type SQL, sql } from 'drizzle-orm';

/** `values` as one jsonb parameter, read back with jsonb_to_recordset or a jsonb_array_elements. */
export const jsonParam = (values: unknown): SQL => sql`${JSON.stringify(values)}::jsonb`;

/** Whole numbers as one int[] parameter, for `= any(...)`. */
export const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** Texts as one parameter, for `in (...)`: each is one element of a jsonb array. */
export const textList = (texts: readonly string[]): SQL =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb))`;
