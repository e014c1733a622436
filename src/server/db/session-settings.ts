/**
 * Settings every session of the store starts with: on PostgreSQL in each pool connection's
 * startup message, on PGlite (one session) once when it opens. Set per session rather than
 * per transaction, a search is one statement: it used to open a transaction only to set them
 * (BEGIN, SET, the search, COMMIT), holding one of the pool's few connections across four
 * round trips and the event loop's turns between them
 * (docs/decisions/067-a-shop-list-and-search-at-scale.md, revision of stop 37).
 */
export const SESSION_SETTINGS = {
  /**
   * The catalogue search's word similarity (`<%`, services/catalog/catalog-search.ts). pg_trgm's
   * default, 0.6, misses a dropped letter in a short word: word_similarity('notbook',
   * 'notebook ...') is 0.55. 0.5 keeps such typos while still rejecting unrelated words.
   * No other query of the store uses pg_trgm's similarity operators.
   */
  'pg_trgm.word_similarity_threshold': '0.5',
  /**
   * No parallel workers. Every request's statement reads a bounded number of rows (decisions
   * 065–068), and on a busy server starting two workers took longer than a search's walk
   * itself (45 ms before its first row); the planner still chose them for some searches (27
   * of 600 plans at 300,000 products). Workers take cores from the concurrent requests. The
   * statements that read most (staff's, at 1,000,000 orders, warm, on 2 cores) took about as
   * long without them: the 12-month snapshot 4.1 s either way, counting all orders 96 ms
   * (131 with two workers), an orders search's count 348 ms (301). Exports read through
   * cursors, which never run in parallel anyway.
   */
  max_parallel_workers_per_gather: '0',
} as const;

/** The same settings as SET statements, for a session opened without them (PGlite). */
export const sessionSettingsSql = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `set ${name} = '${value}'`)
    .join('; ');
