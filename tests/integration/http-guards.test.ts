// Guards in front of the routes: the size of a tRPC batch, draft posts' covers, and a sign-up
// answer that does not tell which e-mails have accounts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { posts } from '@server/db/schema';
import { createTestCookie } from '../support/context';
import { SAME_ORIGIN } from '../support/http';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });

const cookieOf = (role: 'customer' | 'admin') => createTestCookie(world.deps, { role });

describe('tRPC batches', () => {
  const batch = (count: number, separator = ',') => {
    const paths = Array.from({ length: count }, () => 'contact.info').join(separator);
    const inputs = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, {}]));
    return world.app.inject({
      url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
    });
  };

  it('answers a batch of ten calls', async () => {
    const response = await batch(10);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(10);
  });

  it('refuses eleven calls in one request with a Spanish message', async () => {
    for (const separator of [',', '%2C']) {
      const response = await batch(11, separator);
      expect(response.statusCode, separator).toBe(400);
      expect(response.json()).toEqual({
        error: 'Demasiadas consultas en una sola solicitud (máximo 10).',
      });
    }
  });
});

describe("draft posts' covers", () => {
  /** A post with a cover file on disk where the blog keeps it: blog/{postId}/... */
  async function postWithCover(status: 'draft' | 'published') {
    const [post] = await world.db
      .insert(posts)
      .values({
        title: `Post ${status} ${Date.now()}`,
        slug: `post-${status}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        content: 'Texto',
        status,
      })
      .returning();
    const key = `blog/${post!.id}/portada-1200.webp`;
    const file = path.join(world.deps.config.UPLOADS_DIR, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'imagen');
    return `/uploads/${key}`;
  }

  it('serves a published cover to anyone', async () => {
    const url = await postWithCover('published');
    expect((await world.app.inject({ url })).statusCode).toBe(200);
  });

  it('hides a draft cover from visitors and customers, not from admins', async () => {
    const url = await postWithCover('draft');
    expect((await world.app.inject({ url })).statusCode).toBe(404);
    expect((await world.app.inject({ url, method: 'HEAD' })).statusCode).toBe(404);
    expect(
      (await world.app.inject({ url, headers: { cookie: await cookieOf('customer') } })).statusCode,
    ).toBe(404);
    const asAdmin = await world.app.inject({ url, headers: { cookie: await cookieOf('admin') } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toBe('imagen');
    // No shared cache may keep what only an admin may see.
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
  });

  it('hides files of a post that no longer exists', async () => {
    const url = await postWithCover('published');
    const id = Number(/blog\/(\d+)\//.exec(url)![1]);
    await world.db.delete(posts);
    expect(id).toBeGreaterThan(0);
    expect((await world.app.inject({ url })).statusCode).toBe(404);
  });
});

describe('sign-up answer', () => {
  it('is the same for a new and an existing e-mail, and opens no session', async () => {
    const register = (email: string, password: string) =>
      world.app.inject({
        method: 'POST',
        url: '/trpc/auth.register',
        headers: { 'content-type': 'application/json', ...SAME_ORIGIN },
        payload: { json: { fullName: 'Ana', email, password } },
      });
    const fresh = await register('nueva@empresa.uy', 'secreto1');
    const taken = await register('NUEVA@empresa.uy', 'otra-clave');
    for (const response of [fresh, taken]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(taken.body).toBe(fresh.body);
    expect(fresh.json()).toEqual({ result: { data: { json: { ok: true } } } });
  });
});
