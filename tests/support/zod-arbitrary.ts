// Reads zod 4 schemas for tests: fast-check arbitraries of valid inputs (best effort: what
// the schema's structure and bounds allow; refinements are not solved), hostile inputs, and the
// list of strings, numbers and arrays a schema leaves unbounded. zod-fast-check, the maintained
// package for this, supports zod 3 only. An unknown schema kind throws, so a new kind of input
// cannot slip past the fuzzing unnoticed.
import fc from 'fast-check';
import type { core } from 'zod';

type Schema = core.$ZodType;
type Def = Record<string, unknown> & { type: string };
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const sub = (def: Def, key: string) => def[key] as Schema;

type Bounds = {
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  isInt?: boolean;
  step?: number;
  pattern?: RegExp;
  format?: string;
};

/** The length, range and format checks of one string, number or array schema. */
function boundsOf(schema: Schema): Bounds {
  const def = defOf(schema);
  const bounds: Bounds = {};
  const checks = [def, ...((def.checks as Schema[] | undefined) ?? []).map(defOf)];
  for (const check of checks as Record<string, unknown>[]) {
    const value = check.value as number;
    switch (check.check) {
      case 'min_length':
        bounds.minLength = check.minimum as number;
        break;
      case 'max_length':
        bounds.maxLength = check.maximum as number;
        break;
      case 'greater_than':
        bounds.min = check.inclusive ? value : value + (bounds.isInt ? 1 : 0.01);
        break;
      case 'less_than':
        bounds.max = check.inclusive ? value : value - (bounds.isInt ? 1 : 0.01);
        break;
      case 'multiple_of':
        bounds.step = value;
        break;
      case 'number_format':
        bounds.isInt = true;
        break;
      case 'string_format':
        bounds.format = check.format as string;
        bounds.pattern = check.pattern as RegExp;
        break;
    }
  }
  return bounds;
}

const isOptional = (schema: Schema) => ['optional', 'default'].includes(defOf(schema).type);

function stringArbitrary(bounds: Bounds): fc.Arbitrary<string> {
  if (bounds.format === 'email') {
    return fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('empresa.uy', 'test.com'))
      .map(([local, domain]) => `${local}@${domain}`);
  }
  const min = bounds.minLength ?? 0;
  const max = Math.min(bounds.maxLength ?? 40, 40);
  if (bounds.pattern) {
    return fc.stringMatching(bounds.pattern).filter((s) => s.length >= min && s.length <= max);
  }
  // Any Unicode (now and then raw UTF-16 units: NUL, unpaired surrogates), trimmed as most of
  // our schemas do, padded back to the minimum length.
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: max }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: max }) },
    )
    .map((text) => text.trim().slice(0, max))
    .map((text) => (text.length >= min ? text : text + 'x'.repeat(min - text.length)));
}

function numberArbitrary(bounds: Bounds): fc.Arbitrary<number> {
  const min = bounds.min ?? -1e9;
  const max = bounds.max ?? 1e9;
  if (bounds.isInt) {
    // Small values find rows; the full range finds overflows.
    return fc.oneof(
      fc.integer({ min: Math.ceil(min), max: Math.min(Math.ceil(min) + 20, Math.floor(max)) }),
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    );
  }
  if (bounds.step) {
    const step = bounds.step;
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((n) => Number((n * step).toFixed(10)));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Inputs the schema's structure and bounds accept. */
export function validArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, validArbitrary(field)]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => !isOptional(shape[key]!));
      return fc.record(model, { requiredKeys });
    }
    case 'string':
      return stringArbitrary(boundsOf(schema));
    case 'number':
      return numberArbitrary(boundsOf(schema));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      const bounds = boundsOf(schema);
      const minLength = bounds.minLength ?? 0;
      return fc.array(validArbitrary(sub(def, 'element')), {
        minLength,
        maxLength: Math.max(minLength, Math.min(bounds.maxLength ?? 5, 5)),
      });
    }
    case 'optional':
    case 'default':
      return fc.option(validArbitrary(sub(def, 'innerType')), { nil: undefined });
    case 'nullable':
      return fc.option(validArbitrary(sub(def, 'innerType')), { nil: null });
    case 'pipe': {
      // A transform on the way out says nothing about the input: generate for the inner side.
      const out = sub(def, 'out');
      return validArbitrary(defOf(out).type === 'transform' ? sub(def, 'in') : out);
    }
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map(validArbitrary));
    case 'record':
      return fc.dictionary(
        validArbitrary(sub(def, 'keyType')) as fc.Arbitrary<string>,
        validArbitrary(sub(def, 'valueType')),
        { maxKeys: 3 },
      );
    case 'lazy':
      return validArbitrary((def.getter as () => Schema)());
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`zod-arbitrary: unsupported schema kind "${def.type}"`);
  }
}

/** JSON text inserted as is (deep nesting, prototype keys): what JSON.stringify cannot build. */
export class RawJson {
  constructor(readonly text: string) {}
}

const depth = (open: string, inner: string, close: string) =>
  fc
    .integer({ min: 50, max: 3_000 })
    .map((n) => new RawJson(open.repeat(n) + inner + close.repeat(n)));

const UNICODE_SAMPLES = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eadmin',
  '\u200b\u200d\ufeff',
  'Z̷̨̛a̵l̸g̷o̶',
  '𝕿𝖎𝖊𝖓𝖉𝖆',
  '🤖'.repeat(500),
  "'; drop table users; --",
  '%00%2e%2e%2f',
  '{{7*7}}${7*7}',
];

/** A value no schema of ours should accept in the wrong place. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53, 1e308, -1e308, '', ' ', [], {}),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(...UNICODE_SAMPLES),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => Array.from({ length: n }, () => 1)),
  depth('[', '1', ']'),
  depth('{"a":', '1', '}'),
  fc.constant(
    new RawJson(
      '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}}}',
    ),
  ),
);

/** Every place of a value where something else could be put: object keys and array items. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [
      [...prefix, index],
      ...pathsOf(item, [...prefix, index]),
    ]);
  }
  if (value !== null && typeof value === 'object') {
    return [
      [...prefix, '__proto__'],
      [...prefix, 'constructor'],
      ...Object.entries(value).flatMap(([key, item]) => [
        [...prefix, key],
        ...pathsOf(item, [...prefix, key]),
      ]),
    ];
  }
  return [];
}

/** A copy of `value` with `replacement` at `path`; keys are own properties, even '__proto__'. */
function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }
  ) as Record<string | number, unknown>;
  const current = Object.hasOwn(copy, head!) ? copy[head!] : undefined;
  Object.defineProperty(copy, head!, {
    value: withValueAt(current, rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** A copy of `value` whose every string has `text` appended (within the valid shape). */
function withTextInStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return value + text;
  if (Array.isArray(value)) return value.map((item) => withTextInStrings(item, text));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withTextInStrings(item, text)]),
    );
  }
  return value;
}

/**
 * Hostile whole inputs; valid ones with one hostile value put somewhere inside; and valid ones
 * whose every string carries odd Unicode (NUL, unpaired surrogates, bidi controls...).
 */
export function invalidArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema);
  const planted = fc.tuple(valid, fc.nat(), hostileValue).map(([value, pick, hostile]) => {
    const paths = pathsOf(value);
    return paths.length === 0 ? hostile : withValueAt(value, paths[pick % paths.length]!, hostile);
  });
  const oddText = fc
    .tuple(valid, fc.constantFrom(...UNICODE_SAMPLES.filter((text) => text.length < 20)))
    .map(([value, text]) => withTextInStrings(value, text));
  return fc.oneof(hostileValue, planted, oddText);
}

/** JSON text of a value that may hold RawJson pieces (values here are shallow). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Where a schema lets a string, a number or an array grow without limit, as paths like
 * 'items[].variantId'. Inputs pass the inner side of a pipe first, so that side is read.
 */
export function unboundedPaths(schema: Schema, path = '', trusted = new Set<Schema>()): string[] {
  if (trusted.has(schema)) return [];
  const def = defOf(schema);
  const here = path || '(raíz)';
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
        unboundedPaths(field, path ? `${path}.${key}` : key, trusted),
      );
    case 'string': {
      const bounds = boundsOf(schema);
      return bounds.maxLength === undefined ? [here] : [];
    }
    case 'number': {
      const bounds = boundsOf(schema);
      return bounds.min === undefined || bounds.max === undefined ? [here] : [];
    }
    case 'array': {
      const own = boundsOf(schema).maxLength === undefined ? [here] : [];
      return [...own, ...unboundedPaths(sub(def, 'element'), `${path}[]`, trusted)];
    }
    case 'tuple': {
      // Fixed items bound its length; a rest element would not.
      const own = def.rest ? [`${here} (resto)`] : [];
      const items = (def.items as Schema[]).flatMap((item, i) =>
        unboundedPaths(item, `${path}[${i}]`, trusted),
      );
      return [...own, ...items];
    }
    case 'optional':
    case 'default':
    case 'nullable':
      return unboundedPaths(sub(def, 'innerType'), path, trusted);
    case 'pipe':
      return unboundedPaths(sub(def, 'in'), path, trusted);
    case 'union':
      return (def.options as Schema[]).flatMap((option) => unboundedPaths(option, path, trusted));
    case 'record':
      return [
        ...unboundedPaths(sub(def, 'keyType'), `${path}{clave}`, trusted),
        ...unboundedPaths(sub(def, 'valueType'), `${path}{valor}`, trusted),
      ];
    case 'lazy':
      return unboundedPaths((def.getter as () => Schema)(), path, trusted);
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
      return [];
    default:
      // unknown, any, custom...: nothing says how large they may be.
      return [`${here} (${def.type})`];
  }
}
