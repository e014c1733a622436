// Product text search: accent- and case-insensitive substring match on products.search_text,
// plus pg_trgm word similarity so a one-letter typo ('notbook') still finds 'Notebook'.
// Both conditions are served by products_search_text_trgm_idx (GIN, gin_trgm_ops), and a
// common word's matches by a walk of a btree index that holds search_text (searchCandidates).
import { type SQL, sql } from 'drizzle-orm';
import type { PriceSort } from '@shared/catalog-limits';

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

/** Whether the term holds a number the trigram index can look up: three characters or more. */
const hasIndexedNumber = (term: string) => numbersOf(term).some((number) => number.length >= 3);

/**
 * The words of the term without a digit: what a product's text must be similar to. Measured on
 * the whole term, a number far from the words in the product's text sank a true match
 * ('ruter 7' is 0.375 similar to 'router modelo 7'), and every product the trigram index
 * offered had to be read to find that out: the 60,000 routers of the bench, 0.8 s for none.
 */
export const wordsOf = (term: string): string =>
  term
    .trim()
    .split(/\s+/)
    .filter((word) => !/\d/.test(word))
    .join(' ');

/**
 * The products with a variant whose SKU or MPN is exactly the term, case aside
 * (docs/decisions/064-skus.md): an array the planner computes once, read through the
 * variants' upper(sku) and upper(mpn) indexes, so `p.id = any(...)` is a cheap test per row.
 */
const exactCodeMatches = (term: string): SQL =>
  sql`p.id = any(array(select v.product_id from variants v
    where upper(v.sku) = upper(${term.trim()}) or upper(v.mpn) = upper(${term.trim()})))`;

/**
 * LIKE patterns of the words' trigrams of which a product's text must contain one to be
 * similar to the words, or null when no such set exists (nothing is then turned away): a
 * subquery the statement computes once, before it reads a product. The word-similarity test
 * costs about 5 µs a row, looking for five substrings a tenth of that, so they turn most
 * products away before it runs.
 *
 * Why they hold: `words <% text` (word similarity at least 0.5, SESSION_SETTINGS in
 * db/session-settings.ts) needs at least half of the words' distinct trigrams (show_trgm)
 * among the text's. The trigrams inside a word ('not', 'ote', 'teb', 'ebo', 'bok' of
 * 'notebok'; not its padded ends '  n', ' no', 'ok ') are plain substrings: a text has one as
 * a trigram exactly when it contains those three characters. If more than half of the words'
 * trigrams are such, a text that contains none of them has fewer than half: it cannot be
 * similar. Only lower-case letters and digits count (other characters' trigrams may be
 * stored as hashes); a short word leaves too few ('mouse': 3 of 6), and then there is no
 * guard.
 */
const guardPatterns = (words: string): SQL => sql`(
  select case when count(*) filter (where t ~ '^[a-z0-9]{3}$') * 2 > count(*)
              then array_agg('%' || t || '%') filter (where t ~ '^[a-z0-9]{3}$') end
  from unnest(show_trgm(${normalized(words)})) t)`;

/**
 * WHERE condition for products `p` whose text matches the term: the whole term contained in
 * the product's text, or its words similar to a run of the text's words (a typo), with every
 * number of the term contained. The numbers' conditions are what narrows a common word's
 * matches. search_text and the patterns are both lower case without accents, so LIKE (a byte
 * search) does what ILIKE did at a fraction of its cost per row.
 *
 * A number of one or two characters has no trigram, so the trigram index cannot narrow by it;
 * yet the planner took it for an index condition and counted on it ('notébok 40': 1,852
 * products expected, 60,000 notebooks read from the table to keep 4,734, 0.4 s). Written
 * `(...) is true` it is no index condition, and the planner still estimates it from the
 * column's statistics (a BooleanTest passes its argument's selectivity through).
 *
 * A number of three characters or more is what the trigram index should look up alone: it
 * names few products. Offered the words too, the index also read the posting lists of their
 * trigrams, which a common word shares with most of the catalogue ('notebook modlo 159': 737
 * index pages and 40 ms for 320 products, where '159' alone reads a few pages). So with such a
 * number the words are tested on the rows it finds, written `is true` like the short ones.
 *
 * The guard runs just before the similarity test, inside its branch of the OR (where
 * PostgreSQL keeps the written order). Wrapped in coalesce, the planner neither reads it as
 * an index condition (the trigram index would OR the guard's trigrams into a bitmap of most
 * of the catalogue) nor multiplies it into its estimate of how many products match: the
 * guard passes nearly every product the similarity test would, so counting both as
 * independent made the planner expect a fifth of the matches and walk the wrong way.
 */
function textMatches(term: string): SQL {
  const words = wordsOf(term);
  const contained = numbersOf(term).map((number) =>
    number.length >= 3
      ? sql`p.search_text like ${containsPattern(number)}`
      : sql`(p.search_text like ${containsPattern(number)}) is true`,
  );
  if (!words) return sql`(${sql.join([sql`true`, ...contained], sql` and `)})`;
  const similar = sql`${normalized(words)} <% p.search_text`;
  const guarded = sql`(coalesce(p.search_text like any(${guardPatterns(words)}::text[]), true)
                       and ${similar})`;
  const text = sql`(p.search_text like ${containsPattern(term)} or ${guarded})`;
  const conditions = [hasIndexedNumber(term) ? sql`${text} is true` : text, ...contained];
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** A search's walk: newest first (ranked afterwards by match), or by price. */
export type SearchWalk = 'newest' | PriceSort;

/** ORDER BY of the walk over the products aliased `alias` (p, or a candidates row). */
export function walkOrder(walk: SearchWalk, alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  if (walk === 'asc') return sql`${column('min_price_cents')} asc, ${column('id')} asc`;
  if (walk === 'desc') return sql`${column('min_price_cents')} desc, ${column('id')} desc`;
  return sql`${column('created_at')} desc, ${column('id')} desc`;
}

/**
 * The products a search looks at, at most `cap` + 1 of them (the one past the cap only says
 * that there are more, docs/decisions/067-a-shop-list-and-search-at-scale.md): those with a
 * variant whose code is the term, and the products whose text matches, in the order of `walk`,
 * among those `where` admits. Columns: id, is_code, created_at, min_price_cents, search_text.
 *
 * The walk is what keeps a common word cheap. Word similarity costs about 5 µs a row: ranking
 * all 60,000 products that 'notebok' matches in a 300,000-product catalogue, and counting them,
 * took over a second. Walked through an index that holds search_text and the filters' columns
 * (products_created_at_idx, products_min_price_idx), the matches come in order without
 * reading a table row, and the walk stops after cap + 1 of them. A rare term is found
 * through the trigram index instead; the planner picks whichever reads less, except for a
 * term with a model number of three characters or more, which the index always looks up
 * (below). A number in a large share of the catalogue ('100' in every 'Cable 100 m') then
 * reads all of its products, a cost that grows with that share, where a walk's misjudgement
 * read the whole catalogue.
 */
export function searchCandidates(options: {
  term: string;
  where: SQL;
  walk: SearchWalk;
  cap: number;
}): SQL {
  const { term, where, walk, cap } = options;
  const columns = sql`p.id, p.created_at, p.min_price_cents, p.search_text`;
  const textMatchesOf = sql`
    select ${columns}, false as is_code
    from products p
    where ${where} and ${textMatches(term)} and not ${exactCodeMatches(term)}`;
  // A model number of three characters or more is looked up in the trigram index, then its
  // few products sorted: OFFSET 0 keeps the ORDER BY away from the lookup, so the planner
  // cannot walk the date or price index instead. It chose that walk when it multiplied the
  // number's and the words' shares as if unrelated: 'celulr 513' was expected 582 times and
  // found 120, fewer than the cap, so the walk read all 300,000 products (133 ms, against
  // 3 to 10 through the index, decision 067).
  const matches = hasIndexedNumber(term)
    ? sql`select * from (${textMatchesOf} offset 0) found
          order by ${walkOrder(walk, 'found')} limit ${cap + 1}`
    : sql`${textMatchesOf} order by ${walkOrder(walk, 'p')} limit ${cap + 1}`;
  return sql`
    select ${columns}, true as is_code
    from products p
    where ${where} and ${exactCodeMatches(term)}
    union all
    (${matches})`;
}

/**
 * The candidates shown, ranked by match: the first `cap` of them (a product with the term
 * as its code always among them), each with `similarity`, best first by `matchOrder`.
 */
export function rankedWindow(term: string, walk: SearchWalk, cap: number): SQL {
  return sql`
    select c.*, word_similarity(${normalized(term)}, c.search_text) as similarity
    from candidates c
    order by c.is_code desc, ${walkOrder(walk, 'c')}
    limit ${cap}`;
}

/** ORDER BY for ranked window rows `w`: an exact SKU or MPN first, then the best text matches. */
export const matchOrder = (alias: string) =>
  sql`${sql.raw(alias)}.is_code desc, ${sql.raw(alias)}.similarity desc`;

/** Whether variant `v`'s own SKU or MPN is the term. */
export const variantHasCode = (term: string): SQL =>
  sql`(upper(v.sku) = upper(${term.trim()})
    or coalesce(upper(v.mpn) = upper(${term.trim()}), false))`;

/** For a list of variants: the one whose own SKU or MPN is the term comes first. */
export const variantCodeRank = (term: string): SQL => sql`${variantHasCode(term)} desc`;
