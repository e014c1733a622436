// The activity log: one entry per admin change, written inside the change's own transaction so
// a change that rolls back leaves no entry, and a committed one never lacks it.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntityType } from '@shared/audit';
import { AUDIT_PAGE_SIZE } from '@shared/audit';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/paginate';
import { type AuditChanges, auditLog, products, userRoles, users } from '../../db/schema';

export type AuditEntry = {
  /** The admin who made the change; the email is read from the users row in the same insert. */
  userId: number;
  entityType: AuditEntityType;
  entityId: number | string;
  action: AuditAction;
  /** The entity's human name at the time (product name, 'Orden #12' ...). */
  label: string;
  changes?: AuditChanges;
};

/** An order's entry: orders are named by their number ('Orden #12'). */
export function recordOrderAudit(
  tx: Executor,
  entry: { userId: number; orderId: number; action: AuditAction; changes: AuditChanges },
) {
  return recordAudit(tx, {
    userId: entry.userId,
    entityType: 'order',
    entityId: entry.orderId,
    action: entry.action,
    label: `Orden #${entry.orderId}`,
    changes: entry.changes,
  });
}

/** Records one entry; `tx` must be the transaction of the change it describes. */
export async function recordAudit(tx: Executor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    userId: entry.userId,
    userEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.userId}), '')`,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    label: entry.label,
    changes: entry.changes ?? {},
  });
}

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` whose value differs from `before`, each with both values. */
export function changedFields<T extends Record<string, unknown>>(
  before: Partial<T> | undefined,
  after: Partial<T> | undefined,
): AuditChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (!isSame(was, is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

export function listAudit(
  db: Executor,
  input: { page: number; entityType?: AuditEntityType; userId?: number },
) {
  const where = and(
    input.entityType ? eq(auditLog.entityType, input.entityType) : undefined,
    input.userId ? eq(auditLog.userId, input.userId) : undefined,
  );
  const query = db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
      userEmail: auditLog.userEmail,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      action: auditLog.action,
      label: auditLog.label,
      changes: auditLog.changes,
      // The product's slug today, for the entry's link; null once the product is gone.
      productSlug: products.slug,
    })
    .from(auditLog)
    .leftJoin(
      products,
      and(eq(auditLog.entityType, 'product'), sql`${products.id}::text = ${auditLog.entityId}`),
    )
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .$dynamic();
  return paginate(query, db.$count(auditLog, where), input.page, AUDIT_PAGE_SIZE);
}

/** The admins, for the log's filter. */
export function auditAuthors(db: Executor) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(userRoles.role, 'admin'))
    .orderBy(users.email);
}
