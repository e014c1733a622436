export const SEARCH_DEBOUNCE_MS = 500;
