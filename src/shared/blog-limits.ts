// Blog sizes, free of zod so the public blog pages can use them without the schemas' chunk.

/** Ten posts a page (docs/decisions/010-page-sizes.md). */
export const BLOG_PAGE_SIZE = 10;
