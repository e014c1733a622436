// What changed from one quote revision to the next, as both sides of the order read it under
// the newer one: lines added and removed, quantities, unit prices and discounts, and the total
// (docs/decisions/090-asking-for-changes-is-an-event.md). Amounts are compared in cents.
import { parseCents } from './money';
import { variantText } from './order-text';

type RevisionLine = {
  variantId: number | null;
  productName: string;
  colorName: string;
  storage: string;
  unitPrice: string;
  quantity: number;
  discountPercent: string;
};
type Revision = { total: string; lines: RevisionLine[] };

export type Change<T> = { before: T; after: T };

export type LineChange = {
  /** 'Notebook X (512 GB / Gris)'. */
  label: string;
  kind: 'added' | 'removed' | 'changed';
  /** Only what differs, on a changed line. */
  quantity?: Change<number>;
  unitPrice?: Change<string>;
  discountPercent?: Change<string>;
};

export type RevisionChanges = {
  lines: LineChange[];
  /** Null when the total is the same. */
  total: Change<string> | null;
};

/** A line is the same product in both when it quotes the same variant (or, deleted, the same name). */
const keyOf = (line: RevisionLine) =>
  line.variantId === null
    ? `name:${line.productName}|${line.storage}|${line.colorName}`
    : `variant:${line.variantId}`;

const labelOf = (line: RevisionLine) => {
  const variant = variantText(line);
  return variant ? `${line.productName} (${variant})` : line.productName;
};

const sameAmount = (a: string, b: string) => parseCents(a) === parseCents(b);

/**
 * `current` against `previous`: the lines of `current` in its order (added or changed), then
 * those only `previous` had (removed). Nothing changed answers no lines and a null total.
 */
export function revisionChanges(previous: Revision, current: Revision): RevisionChanges {
  const before = new Map(previous.lines.map((line) => [keyOf(line), line]));
  const seen = new Set<string>();
  const lines: LineChange[] = [];
  for (const line of current.lines) {
    const key = keyOf(line);
    seen.add(key);
    const old = before.get(key);
    if (!old) {
      lines.push({ label: labelOf(line), kind: 'added' });
      continue;
    }
    const change: LineChange = { label: labelOf(line), kind: 'changed' };
    if (old.quantity !== line.quantity) {
      change.quantity = { before: old.quantity, after: line.quantity };
    }
    if (!sameAmount(old.unitPrice, line.unitPrice)) {
      change.unitPrice = { before: old.unitPrice, after: line.unitPrice };
    }
    if (!sameAmount(old.discountPercent, line.discountPercent)) {
      change.discountPercent = { before: old.discountPercent, after: line.discountPercent };
    }
    if (change.quantity || change.unitPrice || change.discountPercent) lines.push(change);
  }
  for (const line of previous.lines) {
    if (!seen.has(keyOf(line))) lines.push({ label: labelOf(line), kind: 'removed' });
  }
  const total = sameAmount(previous.total, current.total)
    ? null
    : { before: previous.total, after: current.total };
  return { lines, total };
}
