// What a failed query says, read through drizzle's wrapping: services answer a broken unique
// key or a foreign key with a sentence instead of a 500.

/** Postgres error code of a failed query, looking through drizzle's wrapping. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint or index a failed write broke, looking through drizzle's wrapping. */
export function pgConstraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    // postgres-js names it constraint_name, PGlite (pg-protocol) constraint.
    const { constraint_name: name, constraint } = current as {
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (typeof name === 'string') return name;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL aborted the transaction as a deadlock's victim, or as a serialization failure. */
export const PG_RETRYABLE = new Set(['40P01', '40001']);
