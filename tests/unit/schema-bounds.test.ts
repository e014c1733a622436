// Every input schema bounds every string, number and array it holds: an unbounded field let a
// 1,000,000-character e-mail reach the database (and its error, the logs).
import { describe, expect, it } from 'vitest';
import type { core } from 'zod';
import { richTextDocSchema } from '@shared/schemas/rich-text';
import { unboundedPaths } from '../support/zod-arbitrary';

const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/schemas/*.ts', {
  eager: true,
});

const isSchema = (value: unknown): value is core.$ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isSchema(value))
    .map(
      ([name, value]) => [`${file.replace(/^.*\//, '')} ${name}`, value as core.$ZodType] as const,
    ),
);

// Walked iteratively with its own depth, node and size limits (schemas/rich-text.ts).
const selfBounded = new Set<core.$ZodType>([richTextDocSchema]);

describe('input schemas', () => {
  it('are found', () => {
    expect(schemas.length).toBeGreaterThan(30);
  });

  it.each(schemas)('%s bounds every string, number and array', (_name, schema) => {
    expect(unboundedPaths(schema, '', selfBounded)).toEqual([]);
  });
});
