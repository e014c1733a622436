import fc from 'fast-check';
import superjson, { type SuperJSONResult } from 'superjson';
import { describe, expect, it } from 'vitest';
import { trpcTransformer } from '@server/trpc/transformer';

const serialize = (value: unknown) => trpcTransformer.output.serialize(value) as SuperJSONResult;

/** What the browser's superjson reads back from an answer. */
const received = (value: unknown) =>
  superjson.deserialize(JSON.parse(JSON.stringify(serialize(value))) as SuperJSONResult);

describe('the answers transformer', () => {
  it('sends plain JSON as superjson would, without walking it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        let expected: SuperJSONResult;
        try {
          expected = superjson.serialize(value);
        } catch {
          // A guarded key ('prototype', '__proto__', 'constructor'): refused both ways.
          expect(() => serialize(value)).toThrow();
          return;
        }
        expect(serialize(value)).toEqual(expected);
        expect(received(value)).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('hands values JSON cannot carry to superjson', () => {
    const special = [
      { when: new Date('2026-11-23T12:00:00Z') },
      { items: [1, undefined, 3] },
      { ratio: Number.NaN, infinite: -Infinity, zero: -0 },
      { tags: new Set(['a']), byId: new Map([[1, 'x']]) },
      { big: 10n },
    ];
    for (const value of special) {
      expect(serialize(value)).toEqual(superjson.serialize(value));
      expect(received(value)).toEqual(value);
    }
  });

  it('still refuses keys superjson guards against', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    expect(() => serialize(value)).toThrow();
  });
});
