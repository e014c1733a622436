import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { teaser } from '@shared/format';
import { messages } from '@shared/messages';
import type { Page } from '@shared/page';
import {
  ADMIN_POSTS_PAGE_SIZE,
  BLOG_PAGE_SIZE,
  BLOG_TEASER_WORDS,
  type PostStatus,
} from '@shared/schemas/blog';
import { slugCandidates, slugify } from '@shared/slug';
import type { PostInput } from '@shared/schemas/blog';
import type { Database, Executor } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { paginate } from '../../db/paginate';
import { customers, posts } from '../../db/schema';
import {
  assertImage,
  removeImageRenditions,
  sanitizeFileBaseName,
  saveImageRenditions,
} from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { failsAs } from '../../failed-step';
import { changedFields, recordAudit } from '../infra/audit';
import { foundOrThrow } from '../infra/found';

/** The fields of a post the activity log compares. */
type AuditedPost = { title: string; content: string; status: string; coverImageUrl: string | null };
const auditPost = (
  tx: Executor,
  userId: number,
  id: number,
  action: 'create' | 'update' | 'delete',
  before: AuditedPost | undefined,
  after: AuditedPost | undefined,
) =>
  recordAudit(tx, {
    userId,
    entityType: 'post',
    entityId: id,
    action,
    label: (after ?? before)?.title ?? '',
    changes: changedFields(before, after),
  });

export type PostCard = {
  id: number;
  slug: string;
  title: string;
  teaser: string;
  coverImageUrl: string | null;
  authorName: string;
  createdAt: Date;
};

export type PublicPost = Omit<PostCard, 'teaser'> & { content: string };

const isPublished = eq(posts.status, 'published');

/** Posts with their author's name joined in the same query. */
const postsWithAuthor = (db: Database) =>
  db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      content: posts.content,
      coverImageUrl: posts.coverImageUrl,
      authorName: customers.fullName,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .leftJoin(customers, eq(customers.userId, posts.authorId))
    .$dynamic();

/** One published page, newest first. */
export async function listPublishedPosts(db: Database, page: number): Promise<Page<PostCard>> {
  const query = postsWithAuthor(db)
    .where(isPublished)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .$dynamic();
  const result = await failsAs(messages.postAuthorsLoadFailed, () =>
    paginate(query, db.$count(posts, isPublished), page, BLOG_PAGE_SIZE),
  );
  return {
    ...result,
    items: result.items.map(({ content, authorName, ...row }) => ({
      ...row,
      teaser: teaser(content, BLOG_TEASER_WORDS),
      authorName: authorName || messages.unknownAuthor,
    })),
  };
}

/** A published post by slug, or null: drafts do not exist for the public. */
export async function getPublishedPost(db: Database, slug: string): Promise<PublicPost | null> {
  const [row] = await postsWithAuthor(db).where(and(eq(posts.slug, slug), isPublished));
  if (!row) return null;
  return { ...row, authorName: row.authorName || messages.unknownAuthor };
}

/** Whether the post with this id is published (its files are public only then). */
export async function isPostPublished(db: Database, id: number): Promise<boolean> {
  const [post] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, id));
  return post?.status === 'published';
}

export type AdminPostRow = {
  id: number;
  title: string;
  slug: string;
  status: PostStatus;
  createdAt: Date;
};

export function listAllPosts(db: Database, page: number): Promise<Page<AdminPostRow>> {
  const query = db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      status: posts.status,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .$dynamic();
  return paginate(query, db.$count(posts), page, ADMIN_POSTS_PAGE_SIZE);
}

export type EditablePost = {
  id: number;
  title: string;
  slug: string;
  content: string;
  status: PostStatus;
  coverImageUrl: string | null;
};

export async function getEditablePost(db: Database, id: number): Promise<EditablePost> {
  return foundOrThrow(
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        content: posts.content,
        status: posts.status,
        coverImageUrl: posts.coverImageUrl,
      })
      .from(posts)
      .where(eq(posts.id, id)),
    messages.postNotFound,
  );
}

export async function setPostStatus(db: Database, id: number, status: PostStatus, userId: number) {
  return db.transaction(async (tx) => {
    const current = await foundOrThrow(
      tx
        .select({ title: posts.title, status: posts.status })
        .from(posts)
        .where(eq(posts.id, id))
        .for('update'),
      messages.postNotFound,
    );
    const [row] = await tx
      .update(posts)
      .set({ status })
      .where(eq(posts.id, id))
      .returning({ id: posts.id, status: posts.status });
    await recordAudit(tx, {
      userId,
      entityType: 'post',
      entityId: id,
      action: 'status',
      label: current.title,
      changes: changedFields({ status: current.status }, { status }),
    });
    return row!;
  });
}

/**
 * First free slug for a title (base, base-1 ... up to 100 attempts). The unique
 * index still guards against a concurrent insert: callers retry on a unique violation.
 */
async function freePostSlug(tx: Executor, title: string): Promise<string> {
  const candidates = slugCandidates(slugify(title) || 'post');
  const taken = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(inArray(posts.slug, candidates));
  const takenSlugs = new Set(taken.map((row) => row.slug));
  const slug = candidates.find((candidate) => !takenSlugs.has(candidate));
  if (!slug) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.postSlugExhausted });
  }
  return slug;
}

const isUniqueViolation = (error: unknown) => pgErrorCode(error) === PG_UNIQUE_VIOLATION;

export type CoverUpload = { fileName: string; data: Buffer };
type WriteDeps = { db: Database; storage: Storage };

/** Every file of a post lives under blog/{postId}/ (docs/decisions/020-local-disk-storage.md). */
const postFolder = (postId: number) => `blog/${postId}`;
const coverKeyBase = (postId: number, fileName: string) =>
  `${postFolder(postId)}/${Date.now()}-${sanitizeFileBaseName(fileName)}`;

const SLUG_RACE_RETRIES = 3;

/** Stores a cover: a broken image stays the author's 400; a failed write becomes `failure`. */
const storeCover = (storage: Storage, keyBase: string, data: Buffer, failure: string) =>
  failsAs(failure, () => saveImageRenditions(storage, keyBase, data));

/**
 * Creates a post (signed by `authorId`) and stores its cover inside the same transaction:
 * when the upload fails the insert is rolled back, so no post without its image remains.
 */
export async function createPost(
  deps: WriteDeps,
  input: PostInput,
  authorId: number,
  cover?: CoverUpload,
): Promise<{ id: number; slug: string }> {
  // A file that is not an image is the author's mistake (400), not a failed upload.
  if (cover) await assertImage(cover.data);
  for (let attempt = 1; ; attempt++) {
    let postId: number | undefined;
    try {
      return await deps.db.transaction(async (tx) => {
        const slug = await freePostSlug(tx, input.title);
        const [row] = await tx
          .insert(posts)
          .values({ ...input, slug, authorId })
          .returning({ id: posts.id, slug: posts.slug });
        if (!row) throw new Error('insert returned no post');
        postId = row.id;
        if (cover) {
          const url = await storeCover(
            deps.storage,
            coverKeyBase(row.id, cover.fileName),
            cover.data,
            messages.postCoverUploadFailed,
          );
          await failsAs(messages.postCoverUrlFailed, () =>
            tx.update(posts).set({ coverImageUrl: url }).where(eq(posts.id, row.id)),
          );
        }
        await auditPost(tx, authorId, row.id, 'create', undefined, await auditedPost(tx, row.id));
        return row;
      });
    } catch (error) {
      if (postId !== undefined && cover) {
        await deps.storage.removeFolder(postFolder(postId)).catch(() => undefined);
      }
      // Another post took the same slug between our check and our insert: pick again.
      if (isUniqueViolation(error) && attempt < SLUG_RACE_RETRIES) continue;
      throw error;
    }
  }
}

/**
 * Updates title, content and status (the slug stays, so shared links keep working). A new
 * cover replaces the old one, whose files are removed only after the change committed.
 */
export async function updatePost(
  deps: WriteDeps,
  id: number,
  input: PostInput,
  userId: number,
  cover?: CoverUpload,
): Promise<{ id: number; slug: string; isOldCoverRemoved: boolean }> {
  if (cover) await assertImage(cover.data);
  let newCoverUrl: string | undefined;
  let result: { slug: string; oldCoverUrl: string | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      const current = await foundOrThrow(
        tx
          .select({ slug: posts.slug, coverImageUrl: posts.coverImageUrl })
          .from(posts)
          .where(eq(posts.id, id))
          .for('update'),
        messages.postNotFound,
      );
      const before = await auditedPost(tx, id);
      if (cover) {
        newCoverUrl = await storeCover(
          deps.storage,
          coverKeyBase(id, cover.fileName),
          cover.data,
          messages.postNewCoverFailed,
        );
      }
      await tx
        .update(posts)
        .set({ ...input, ...(newCoverUrl ? { coverImageUrl: newCoverUrl } : {}) })
        .where(eq(posts.id, id));
      await auditPost(tx, userId, id, 'update', before, await auditedPost(tx, id));
      return { slug: current.slug, oldCoverUrl: current.coverImageUrl };
    });
  } catch (error) {
    if (newCoverUrl) await removeImageRenditions(deps.storage, newCoverUrl).catch(() => undefined);
    throw error;
  }
  let isOldCoverRemoved = true;
  if (newCoverUrl && result.oldCoverUrl) {
    isOldCoverRemoved = await removeImageRenditions(deps.storage, result.oldCoverUrl).then(
      () => true,
      () => false,
    );
  }
  return { id, slug: result.slug, isOldCoverRemoved };
}

/** Deletes the row, then its files; `isImageRemoved` false means only the files stayed behind. */
export async function deletePost(
  deps: WriteDeps,
  id: number,
  userId: number,
): Promise<{ isImageRemoved: boolean }> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await auditedPost(tx, id);
    const deleted = await foundOrThrow(
      tx.delete(posts).where(eq(posts.id, id)).returning({ coverImageUrl: posts.coverImageUrl }),
      messages.postDeleteNotFound,
    );
    await auditPost(tx, userId, id, 'delete', before, undefined);
    return deleted;
  });
  try {
    await deps.storage.removeFolder(postFolder(id));
    // A cover imported from elsewhere in our storage is removed too.
    if (row.coverImageUrl) await removeImageRenditions(deps.storage, row.coverImageUrl);
    return { isImageRemoved: true };
  } catch {
    return { isImageRemoved: false };
  }
}

async function auditedPost(tx: Executor, id: number): Promise<AuditedPost | undefined> {
  const [row] = await tx
    .select({
      title: posts.title,
      content: posts.content,
      status: posts.status,
      coverImageUrl: posts.coverImageUrl,
    })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}
