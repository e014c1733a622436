// How much one quote takes. Plain numbers with no imports: the cart store (in the store
// chunk, vite.config.ts) reads them when it is created, and importing them through a schema
// module tied it to the entry chunk's modules, still undefined at that moment.

/** Lines of one quote (and of the cart that becomes it). */
export const QUOTE_MAX_LINES = 50;
/** Units of one line. */
export const QUOTE_MAX_QUANTITY = 999;
