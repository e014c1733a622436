// What the preview shows of a plan: every count, and a bounded list of examples of each kind
// of change. A 100,000-row file answered row by row was a JSON of tens of megabytes and
// 100,000 rows for the browser to draw (docs/decisions/069-a-catalogue-import-at-scale.md).
import { importMessages } from '@shared/messages';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_PREVIEW_EXAMPLES,
  type ImportPreview,
  type ImportRowRef,
} from '@shared/schemas/catalog-import';
import type { InvalidRow } from './import-parse';

type UpdatedRow = ImportPreview['update'][number];

/** Counts every row of each kind and keeps the first examples of each, as the plan meets them. */
export function summaryCollector() {
  const counts = { create: 0, update: 0, unchanged: 0 };
  const changedFields = new Map<string, number>();
  const examples = { create: [] as ImportRowRef[], unchanged: [] as ImportRowRef[] };
  const updates: UpdatedRow[] = [];
  const keep = <T>(list: T[], item: T) => {
    if (list.length < IMPORT_PREVIEW_EXAMPLES) list.push(item);
  };
  return {
    counts,
    created(row: ImportRowRef) {
      counts.create += 1;
      keep(examples.create, row);
    },
    unchanged(row: ImportRowRef) {
      counts.unchanged += 1;
      keep(examples.unchanged, row);
    },
    /** An example while any of its fields has fewer than IMPORT_PREVIEW_EXAMPLES so far. */
    updated(row: UpdatedRow) {
      counts.update += 1;
      let isExample = false;
      for (const { field } of row.changes) {
        const seen = (changedFields.get(field) ?? 0) + 1;
        changedFields.set(field, seen);
        if (seen <= IMPORT_PREVIEW_EXAMPLES) isExample = true;
      }
      if (isExample) updates.push(row);
    },
    summary() {
      return {
        changedFields: Object.keys(IMPORT_FIELD_LABELS).flatMap((field) => {
          const count = changedFields.get(field);
          return count ? [{ field, count }] : [];
        }),
        create: examples.create,
        update: updates.sort((a, b) => a.line - b.line),
        unchanged: examples.unchanged,
      };
    },
  };
}

export type PlanSummary = ReturnType<ReturnType<typeof summaryCollector>['summary']>;

/**
 * The `count` invalid rows of lowest line, in line order, without sorting all of them (a file
 * may have 100,000): each one past the list's last is compared once.
 */
export function firstInvalid(invalid: InvalidRow[], count = IMPORT_PREVIEW_EXAMPLES) {
  const first: InvalidRow[] = [];
  for (const row of invalid) {
    if (first.length === count && row.line >= first.at(-1)!.line) continue;
    const at = first.findIndex((kept) => kept.line > row.line);
    first.splice(at === -1 ? first.length : at, 0, row);
    if (first.length > count) first.pop();
  }
  return first;
}

/**
 * The activity entry itemises at most this many changed prices (the unusual ones first): the
 * activity page shows every key of an entry, and a 100,000-price entry was megabytes of JSON
 * and 100,000 lines on one page. Past it, the entry counts them.
 */
export const AUDIT_PRICES_MAX = 200;

export type PriceChange = ImportRowRef & { before: string; after: string };

/**
 * Every price the file changes, counted; kept are only those the activity entry and the
 * preview can show, the unusual ones apart (100,000 changes kept whole were tens of megabytes).
 */
export function priceCollector() {
  const prices = { changed: 0, unusual: [] as PriceChange[], ordinary: [] as PriceChange[] };
  let unusualCount = 0;
  return {
    add(change: PriceChange, isUnusual: boolean) {
      prices.changed += 1;
      if (isUnusual) unusualCount += 1;
      const list = isUnusual ? prices.unusual : prices.ordinary;
      if (list.length < Math.max(AUDIT_PRICES_MAX, IMPORT_PREVIEW_EXAMPLES)) list.push(change);
    },
    get changed() {
      return prices.changed;
    },
    get unusualCount() {
      return unusualCount;
    },
    /** The prices the activity entry lists: unusual first, at most AUDIT_PRICES_MAX. */
    listed: () => [...prices.unusual, ...prices.ordinary].slice(0, AUDIT_PRICES_MAX),
    /** The first unusual ones, with their warning, for the preview. */
    unusualExamples: () =>
      prices.unusual.slice(0, IMPORT_PREVIEW_EXAMPLES).map((change) => ({
        ...change,
        warning: importMessages.unusualPrice(change.before, change.after),
      })),
  };
}

export type PriceChanges = ReturnType<typeof priceCollector>;
