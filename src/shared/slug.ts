/** The slug form rule: lowercase alphanumeric words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lowercase, accents dropped, runs of non-alphanumerics become one hyphen, edges trimmed. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const SLUG_MAX_ATTEMPTS = 100;

/** Candidates tried in order until one is free: base, base-1, base-2, ... base-99. */
export function slugCandidates(base: string): string[] {
  return Array.from({ length: SLUG_MAX_ATTEMPTS }, (_, i) => (i === 0 ? base : `${base}-${i}`));
}
