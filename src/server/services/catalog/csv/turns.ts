// The import's long loops (reading 100,000 rows, planning them, writing them in batches) give
// the event loop a turn now and then, so the store keeps answering other requests meanwhile
// (docs/decisions/043-catalogue-import.md, 069-a-catalogue-import-at-scale.md).
import { setImmediate } from 'node:timers/promises';

/** The longest a loop works before giving the event loop a turn. */
const TURN_MS = 10;

/**
 * A function to call on each step of a loop: it gives the event loop a turn whenever TURN_MS
 * of work have passed since the last one, and returns at once otherwise.
 */
export function turnTaker() {
  let startedAt = performance.now();
  return async () => {
    if (performance.now() - startedAt < TURN_MS) return;
    await setImmediate();
    startedAt = performance.now();
  };
}

/** `items` in consecutive slices of at most `size`. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
