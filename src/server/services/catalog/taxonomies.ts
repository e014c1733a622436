import { TRPCError } from '@trpc/server';
import { asc, count, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Page } from '@shared/page';
import {
  TAXONOMY_FILTER_PAGE_SIZE,
  TAXONOMY_PAGE_SIZE,
  type TaxonomyCreateInput,
  type TaxonomyDeleteInput,
  type TaxonomyKind,
  type TaxonomyUpdateInput,
} from '@shared/schemas/taxonomy';
import { type Database } from '../../db/client';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { transactionRetried } from '../../db/transactions';
import { paginate } from '../../db/paginate';
import { brands, categories, products } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { changedFields, recordAudit } from '../infra/audit';
import { brandLogoFolder } from './brand-logos';
import { foundOrThrow } from '../infra/found';
import { lockProducts } from './stock-locks';

// Brands and categories are the same table shape with the same rules
// (docs/decisions/023-taxonomies-rename-and-delete.md): one implementation, picked by kind.
const TABLES = {
  brand: {
    table: brands,
    productColumn: products.brandId,
    logoUrl: sql<string | null>`${brands.logoUrl}`,
    nameTaken: messages.brandNameTaken,
    inUse: messages.brandInUse,
    notFound: messages.brandNotFound,
  },
  category: {
    table: categories,
    productColumn: products.categoryId,
    // Only brands have logos; categories answer the same shape.
    logoUrl: sql<string | null>`null`,
    nameTaken: messages.categoryNameTaken,
    inUse: messages.categoryInUse,
    notFound: messages.categoryNotFound,
  },
} as const;

export type TaxonomyItem = { id: number; name: string; logoUrl: string | null };
export type TaxonomyUsage = TaxonomyItem & { productCount: number };

const byName = (table: typeof brands | typeof categories) =>
  [asc(sql`lower(${table.name})`), asc(table.id)] as const;

/** One page of a kind by name: the shop's filters and the home page's brand strip. */
export function listTaxonomy(
  db: Database,
  kind: TaxonomyKind,
  page: number,
): Promise<Page<TaxonomyItem>> {
  const { table, logoUrl } = TABLES[kind];
  const query = db
    .select({ id: table.id, name: table.name, logoUrl })
    .from(table)
    .orderBy(...byName(table))
    .$dynamic();
  return paginate(query, db.$count(table), page, TAXONOMY_FILTER_PAGE_SIZE);
}

/** One page of the dashboard's list, with how many products use each entry. */
export function listTaxonomyUsage(
  db: Database,
  kind: TaxonomyKind,
  page: number,
): Promise<Page<TaxonomyUsage>> {
  const { table, productColumn, logoUrl } = TABLES[kind];
  const usage = db
    .select({ id: productColumn, productCount: count().as('product_count') })
    .from(products)
    .groupBy(productColumn)
    .as('usage');
  const query = db
    .select({
      id: table.id,
      name: table.name,
      logoUrl,
      productCount: sql<number>`coalesce(${usage.productCount}, 0)::int`,
    })
    .from(table)
    .leftJoin(usage, eq(usage.id, table.id))
    .orderBy(...byName(table))
    .$dynamic();
  return paginate(query, db.$count(table), page, TAXONOMY_PAGE_SIZE);
}

/** Every brand and category for the product form's selects (short lists that a select must show whole). */
export async function taxonomyOptions(db: Database) {
  const [brandRows, categoryRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name)),
  ]);
  return { brands: brandRows, categories: categoryRows };
}

/** The unique index is on lower(name), so 'hp' and 'HP' are the same brand. */
function conflictOnDuplicate(kind: TaxonomyKind, error: unknown): never {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
    throw new TRPCError({ code: 'CONFLICT', message: TABLES[kind].nameTaken, cause: error });
  }
  throw error;
}

/** Each change is recorded in the activity log inside its own transaction. */
export async function createTaxonomy(db: Database, input: TaxonomyCreateInput, userId: number) {
  const { table } = TABLES[input.kind];
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(table)
        .values({ name: input.name })
        .returning({ id: table.id, name: table.name });
      await recordAudit(tx, {
        userId,
        entityType: input.kind,
        entityId: row!.id,
        action: 'create',
        label: row!.name,
        changes: changedFields({}, { name: row!.name }),
      });
      return row!;
    });
  } catch (error) {
    conflictOnDuplicate(input.kind, error);
  }
}

export async function renameTaxonomy(db: Database, input: TaxonomyUpdateInput, userId: number) {
  const { table, productColumn, notFound } = TABLES[input.kind];
  try {
    return await transactionRetried(db, async (tx) => {
      // The rename rebuilds the cards of its products (a trigger, drizzle/0014): they are
      // locked first, ascending, like every writer of products (services/catalog/stock-locks.ts).
      const using = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(productColumn, input.id));
      await lockProducts(
        tx,
        using.map((row) => row.id),
      );
      const current = await foundOrThrow(
        tx
          .select({ name: table.name })
          .from(table)
          .where(eq(table.id, input.id))
          .for('no key update'),
        notFound,
      );
      const [row] = await tx
        .update(table)
        .set({ name: input.name })
        .where(eq(table.id, input.id))
        .returning({ id: table.id, name: table.name });
      await recordAudit(tx, {
        userId,
        entityType: input.kind,
        entityId: input.id,
        action: 'update',
        label: row!.name,
        changes: changedFields({ name: current.name }, { name: row!.name }),
      });
      return row!;
    });
  } catch (error) {
    conflictOnDuplicate(input.kind, error);
  }
}

/**
 * Refused while any product uses it; the foreign key (ON DELETE RESTRICT) settles races. A
 * brand's logo files go after the commit; failing that only leaves orphans behind.
 */
export async function deleteTaxonomy(
  { db, storage }: { db: Database; storage: Storage },
  input: TaxonomyDeleteInput,
  userId: number,
) {
  const { table, productColumn, inUse, notFound } = TABLES[input.kind];
  const [usage] = await db
    .select({ value: count() })
    .from(products)
    .where(eq(productColumn, input.id));
  if ((usage?.value ?? 0) > 0) throw new TRPCError({ code: 'CONFLICT', message: inUse });
  try {
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(table)
        .where(eq(table.id, input.id))
        .returning({ id: table.id, name: table.name });
      if (deleted.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: notFound });
      await recordAudit(tx, {
        userId,
        entityType: input.kind,
        entityId: input.id,
        action: 'delete',
        label: deleted[0]!.name,
        changes: changedFields({ name: deleted[0]!.name }, {}),
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw new TRPCError({ code: 'CONFLICT', message: inUse, cause: error });
    }
    throw error;
  }
  if (input.kind === 'brand') {
    await storage.removeFolder(brandLogoFolder(input.id)).catch(() => undefined);
  }
}
