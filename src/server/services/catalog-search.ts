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

/** Each word is one more index lookup: a longer term is narrowed by its first ones. */
const MAX_NUMBERS = 4;

/**
 * The words of the term that hold a digit (a model number, '4321', 'e14', 'm185'): a product
 * must contain each of them as typed. Similarity over the whole term let its common words
 * carry it: 'monitor 4321' matched every monitor (a fifth of a 300,000-product catalogue,
 * over a second to rank and count, docs/decisions/065-a-catalogue-at-scale.md). A number with
 * a typo is another model, not a near match.
 */
export function numbersOf(term: string): string[] {
  return term
    .trim()
    .split(/\s+/)
    .filter((word) => /\d/.test(word))
    .slice(0, MAX_NUMBERS);
}

/**
 * The products with a variant whose SKU or MPN is exactly the term, case aside
 * (docs/decisions/064-skus.md): an array the planner computes once, read through the
 * variants' upper(sku) and upper(mpn) indexes, so `p.id = any(...)` joins the trigram
 * conditions in one bitmap scan instead of a subquery per product.
 */
const exactCodeMatches = (term: string): SQL =>
  sql`p.id = any(array(select v.product_id from variants v
    where upper(v.sku) = upper(${term.trim()}) or upper(v.mpn) = upper(${term.trim()})))`;

/**
 * WHERE condition for products `p` matching the term: the whole term contained in the
 * product's text or similar to a run of its words (a typo), with every number in it contained;
 * or a variant's exact code. The numbers' conditions are what the trigram index narrows a
 * common word's matches by.
 */
export function matchesSearch(term: string): SQL {
  const textConditions = [
    sql`(p.search_text ilike ${containsPattern(term)} or ${normalized(term)} <% p.search_text)`,
    ...numbersOf(term).map((number) => sql`p.search_text ilike ${containsPattern(number)}`),
  ];
  return sql`((${sql.join(textConditions, sql` and `)}) or ${exactCodeMatches(term)})`;
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
