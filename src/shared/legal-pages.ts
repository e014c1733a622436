// The store's editable legal pages: their addresses and the titles they start with.

export const LEGAL_PAGE_SLUGS = ['privacidad', 'terminos'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

export const LEGAL_PAGE_TITLES: Record<LegalPageSlug, string> = {
  privacidad: 'Política de privacidad',
  terminos: 'Términos y condiciones',
};

/** Longest text a legal page may hold (about 30 printed pages). */
export const LEGAL_PAGE_BODY_MAX = 100_000;
export const LEGAL_PAGE_TITLE_MAX = 120;

/** The text as paragraphs: separated by a blank line, each keeping its own line breaks. */
export const paragraphsOf = (body: string) =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
