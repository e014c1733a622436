// Product text search: accent- and case-insensitive substring match on products.search_text,
// plus pg_trgm word similarity so a one-letter typo ('notbook') still finds 'Notebook'.
// Both conditions are served by products_search_text_trgm_idx (GIN, gin_trgm_ops), a common
// word's matches by a walk of a btree index that holds search_text (searchCandidates), and a
// model number by product_search's own trigram index (numberFirst).
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
 * WHERE condition on a normalised text (`text`, a products row's search_text) for the term's
 * words: the whole term contained in it, or its words similar to a run of its words (a typo).
 * search_text and the patterns are both lower case without accents, so LIKE (a byte search)
 * does what ILIKE did at a fraction of its cost per row. Null for a term without words.
 *
 * The guard runs just before the similarity test, inside its branch of the OR (where
 * PostgreSQL keeps the written order). Wrapped in coalesce, the planner neither reads it as
 * an index condition (the trigram index would OR the guard's trigrams into a bitmap of most
 * of the catalogue) nor multiplies it into its estimate of how many products match: the
 * guard passes nearly every product the similarity test would, so counting both as
 * independent made the planner expect a fifth of the matches and walk the wrong way.
 *
 * `<%` is estimated by running it over the column's statistics, about a hundred similarity
 * tests (0.3 ms) each time a statement is planned. Where no choice of the plan depends on
 * that estimate, the same test is written as its function, `word_similarity_op`, which the
 * planner does not estimate ('unestimated').
 */
function wordsMatch(term: string, text: SQL, planned: 'estimated' | 'unestimated'): SQL | null {
  const words = wordsOf(term);
  if (!words) return null;
  const similar =
    planned === 'estimated'
      ? sql`${normalized(words)} <% ${text}`
      : sql`word_similarity_op(${normalized(words)}, ${text})`;
  const guarded = sql`(coalesce(${text} like any(${guardPatterns(words)}::text[]), true)
                       and ${similar})`;
  return sql`(${text} like ${containsPattern(term)} or ${guarded})`;
}

/**
 * WHERE conditions on a normalised text for the term's numbers: each contained as typed. The
 * numbers' conditions are what narrows a common word's matches.
 *
 * A number of one or two characters has no trigram, so the trigram index cannot narrow by it;
 * yet the planner took it for an index condition and counted on it ('notébok 40': 1,852
 * products expected, 60,000 notebooks read from the table to keep 4,734, 0.4 s). Written
 * `(...) is true` it is no index condition, and the planner still estimates it from the
 * column's statistics (a BooleanTest passes its argument's selectivity through).
 */
const numbersContained = (term: string, text: SQL): SQL[] =>
  numbersOf(term).map((number) =>
    number.length >= 3
      ? sql`${text} like ${containsPattern(number)}`
      : sql`(${text} like ${containsPattern(number)}) is true`,
  );

const allOf = (conditions: SQL[]): SQL =>
  sql`(${sql.join([sql`true`, ...conditions], sql` and `)})`;

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
 * (numberFirst).
 */
export function searchCandidates(options: {
  term: string;
  where: SQL;
  walk: SearchWalk;
  cap: number;
}): SQL {
  const { term, where, walk, cap } = options;
  const columns = sql`p.id, p.created_at, p.min_price_cents, p.search_text`;
  const text = sql`p.search_text`;
  const textMatches = () => {
    const words = wordsMatch(term, text, 'estimated');
    return allOf(words ? [words, ...numbersContained(term, text)] : numbersContained(term, text));
  };
  const matches = hasIndexedNumber(term)
    ? numberFirst(options, columns)
    : sql`select ${columns}, false as is_code
          from products p
          where ${where} and ${textMatches()} and not ${exactCodeMatches(term)}
          order by ${walkOrder(walk, 'p')} limit ${cap + 1}`;
  return sql`
    select ${columns}, true as is_code
    from products p
    where ${where} and ${exactCodeMatches(term)}
    union all
    (${matches})`;
}

/**
 * The matches of a term with a model number of three characters or more: the trigram index
 * looks the number up, and its products are sorted in the walk's order before the words are
 * tested, so the similarity runs on them one at a time until cap + 1 have matched.
 *
 * The number is looked up in product_search, a narrow copy of products' searched and filtered
 * columns: its 1,900 rows read in 3 ms, where products' (2–3 KB each) took 7 to 8 (decision
 * 072). The number alone is what the index should look up: it names few products. Offered the
 * words too, the index also read the posting lists of their trigrams, which a common word
 * shares with most of the catalogue ('notebook modlo 159': 737 index pages and 40 ms for 320
 * products, where '159' alone reads a few pages). And the sort comes first because the words'
 * test is what costs: about 5 µs a product, 1,900 products for '187' at 300,000 products
 * (decision 072). Each OFFSET 0 keeps a subquery whole: the lookup's, so that the ORDER BY
 * above it cannot become a walk of the date or price index (the planner chose one when it
 * multiplied the number's and the words' shares as if unrelated: 'celulr 513' expected 582
 * matches, found 120, and read all 300,000 entries, decision 067); the sort's, so that the
 * words' test cannot move under it. A number most products hold ('100' in every 'Cable
 * 100 m') reads all of them, a cost that grows with that share, where a walk's misjudgement
 * read the whole catalogue.
 */
function numberFirst(
  options: { term: string; where: SQL; walk: SearchWalk; cap: number },
  columns: SQL,
): SQL {
  const { term, where, walk, cap } = options;
  // Nothing below depends on how many products the words' test keeps: it is not estimated.
  const words = wordsMatch(term, sql`found.search_text`, 'unestimated');
  return sql`
    select found.*, false as is_code
    from (select * from (select ${columns}
                         from product_search p
                         where ${where} and ${allOf(numbersContained(term, sql`p.search_text`))}
                           and not ${exactCodeMatches(term)}
                         offset 0) looked_up
          order by ${walkOrder(walk, 'looked_up')} offset 0) found
    where ${words ?? sql`true`}
    order by ${walkOrder(walk, 'found')} limit ${cap + 1}`;
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
