// Product text search: accent- and case-insensitive substring match on products.search_text,
// plus pg_trgm word similarity so a one-letter typo ('notbook') still finds 'Notebook'.
// Both conditions are served by products_search_text_trgm_idx (GIN, gin_trgm_ops).
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';

/**
 * pg_trgm's default word-similarity threshold (0.6) misses a dropped letter in a short word:
 * word_similarity('notbook', 'notebook ...') is 0.55. 0.5 keeps such typos while still
 * rejecting unrelated words.
 */
const WORD_SIMILARITY_THRESHOLD = '0.5';

/** The term as the database stores search_text: lower case, accents removed. */
const normalized = (term: string) => sql`immutable_unaccent(lower(${term}))`;

/** LIKE treats % and _ as wildcards: a visitor's '50%' must match literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** LIKE pattern for a normalised text containing the term, wildcards in it taken literally. */
export const containsPattern = (term: string): SQL =>
  sql`'%' || ${normalized(escapeLike(term))} || '%'`;

/**
 * The products with a variant whose SKU or MPN is exactly the term, case aside
 * (docs/decisions/064-skus.md): an array the planner computes once, read through the
 * variants' upper(sku) and upper(mpn) indexes, so `p.id = any(...)` joins the trigram
 * conditions in one bitmap scan instead of a subquery per product.
 */
const exactCodeMatches = (term: string): SQL =>
  sql`p.id = any(array(select v.product_id from variants v
    where upper(v.sku) = upper(${term.trim()}) or upper(v.mpn) = upper(${term.trim()})))`;

/** WHERE condition for products `p` matching the term: their text, or a variant's code. */
export function matchesSearch(term: string): SQL {
  return sql`(p.search_text ilike ${containsPattern(term)}
    or ${normalized(term)} <% p.search_text
    or ${exactCodeMatches(term)})`;
}

/** ORDER BY expression: an exact SKU or MPN first, then the best text matches. */
export function searchRank(term: string): SQL {
  return sql`(${exactCodeMatches(term)}) desc,
    word_similarity(${normalized(term)}, p.search_text) desc`;
}

/** For a list of variants: the one whose own SKU or MPN is the term comes first. */
export function variantCodeRank(term: string): SQL {
  return sql`(upper(v.sku) = upper(${term.trim()})
    or coalesce(upper(v.mpn) = upper(${term.trim()}), false)) desc`;
}

/**
 * Runs `run` with the lower similarity threshold. set_config(..., true) is local to the
 * transaction, so a pooled connection never keeps it.
 */
export async function withSearchThreshold<T>(
  db: Database,
  run: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`,
    );
    return run(tx);
  });
}
