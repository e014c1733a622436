import type { FormRefusal } from '@shared/form-refusal';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PostArticle } from '@client/features/blog/post-article';
import { buildApp } from '@server/app';
import { createSession, generateSessionToken } from '@server/auth/session';
import { posts } from '@server/db/schema';
import type { Storage } from '@server/storage/storage';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { SAME_ORIGIN } from '../support/http';
import { isStored } from '../support/storage';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });
let adminCookie: string;
let customerCookie: string;

async function cookieFor(role: 'admin' | 'customer', fullName?: string) {
  const user = await createTestUser(world.deps, { role, fullName });
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, world.deps.clock.now());
  return { cookie: `session=${token}`, user };
}

beforeAll(async () => {
  adminCookie = (await cookieFor('admin', 'Laura Editora')).cookie;
  customerCookie = (await cookieFor('customer')).cookie;
});

const png = (color = '#2563eb') =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: color } })
    .png()
    .toBuffer();

function postForm(fields: Record<string, string>, cover?: { data: Buffer; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (cover) form.append('cover', new Blob([new Uint8Array(cover.data)]), cover.name);
  return form;
}

const send = (
  target: FastifyInstance,
  url: string,
  form: FormData,
  cookie: string | null = adminCookie,
) =>
  target.inject({
    method: 'POST',
    url,
    payload: form,
    headers: cookie ? { cookie, ...SAME_ORIGIN } : SAME_ORIGIN,
  });

const isUploaded = (url: string) => isStored(world.deps, url);

const postByTitle = async (title: string) =>
  world.db.select().from(posts).where(eq(posts.title, title));

describe('creating posts (multipart route)', () => {
  it('stores the post signed by the admin and its cover under blog/{postId}/', async () => {
    const response = await send(
      world.app,
      '/api/admin/posts',
      postForm(
        { title: 'Monitores para oficina', content: 'Primer párrafo.\n\nSegundo.' },
        { data: await png(), name: 'Portada nueva.png' },
      ),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: number; slug: string }>();
    expect(created.slug).toBe('monitores-para-oficina');
    const [row] = await postByTitle('Monitores para oficina');
    expect(row!.status).toBe('published');
    expect(row!.coverImageUrl).toMatch(
      new RegExp(`^/uploads/blog/${created.id}/\\d+-Portada-nueva-1200\\.webp$`),
    );
    expect(await isUploaded(row!.coverImageUrl!)).toBe(true);

    const post = await callerFor(world.deps).blog.get({ slug: created.slug });
    expect(post).toMatchObject({ title: 'Monitores para oficina', authorName: 'Laura Editora' });
  });

  it('generates a unique slug from the title', async () => {
    const form = () => postForm({ title: '¡Ofertas de Año Nuevo!', content: 'Texto.' });
    const first = await send(world.app, '/api/admin/posts', form());
    const second = await send(world.app, '/api/admin/posts', form());
    expect(first.json<{ slug: string }>().slug).toBe('ofertas-de-ano-nuevo');
    expect(second.json<{ slug: string }>().slug).toBe('ofertas-de-ano-nuevo-1');
  });

  it('leaves no post behind when the cover upload fails', async () => {
    const failingStorage: Storage = {
      ...world.deps.storage,
      save: () => Promise.reject(new Error('disk full')),
    };
    const failingApp = await buildApp({ ...world.deps, storage: failingStorage });
    try {
      const response = await send(
        failingApp,
        '/api/admin/posts',
        postForm(
          { title: 'Post sin imagen', content: 'Nada.' },
          { data: await png(), name: 'a.png' },
        ),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: messages.imageSaveFailed,
        fieldErrors: { cover: [messages.imageSaveFailed] },
      });
      expect(await postByTitle('Post sin imagen')).toHaveLength(0);
    } finally {
      await failingApp.close();
    }
  });

  it('answers missing fields and a file that is not an image under their fields', async () => {
    const empty = await send(world.app, '/api/admin/posts', postForm({ title: ' ', content: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<FormRefusal>().fieldErrors).toEqual({
      title: ['El título es obligatorio'],
      content: ['El contenido es obligatorio'],
    });

    const notImage = await send(
      world.app,
      '/api/admin/posts',
      postForm(
        { title: 'Con archivo raro', content: 'Texto.' },
        { data: Buffer.from('no soy una imagen'), name: 'virus.png' },
      ),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json<FormRefusal>().fieldErrors?.cover?.[0]).toMatch(/no es una imagen válida/);
    expect(await postByTitle('Con archivo raro')).toHaveLength(0);
  });

  it('is for admins only', async () => {
    const form = () => postForm({ title: 'Intruso', content: 'x' });
    expect((await send(world.app, '/api/admin/posts', form(), null)).statusCode).toBe(401);
    expect((await send(world.app, '/api/admin/posts', form(), customerCookie)).statusCode).toBe(
      403,
    );
    expect(await postByTitle('Intruso')).toHaveLength(0);
  });
});

describe('editing and deleting posts', () => {
  it('replaces the cover and removes the old files', async () => {
    const created = await send(
      world.app,
      '/api/admin/posts',
      postForm({ title: 'Antes', content: 'Uno.' }, { data: await png(), name: 'vieja.png' }),
    );
    const { id, slug } = created.json<{ id: number; slug: string }>();
    const [before] = await postByTitle('Antes');
    const oldUrl = before!.coverImageUrl!;

    const updated = await send(
      world.app,
      `/api/admin/posts/${id}`,
      postForm(
        { title: 'Después', content: 'Dos.', status: 'published' },
        { data: await png('#16a34a'), name: 'nueva.png' },
      ),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id, slug });
    const [after] = await postByTitle('Después');
    expect(after!.content).toBe('Dos.');
    expect(after!.coverImageUrl).not.toBe(oldUrl);
    expect(await isUploaded(after!.coverImageUrl!)).toBe(true);
    expect(await isUploaded(oldUrl)).toBe(false);
    expect(await isUploaded(oldUrl.replace('-1200.webp', '-400.webp'))).toBe(false);
  });

  it('deletes the row, then the files; a second delete finds nothing', async () => {
    const created = await send(
      world.app,
      '/api/admin/posts',
      postForm({ title: 'Para borrar', content: 'x' }, { data: await png(), name: 'b.png' }),
    );
    const { id } = created.json<{ id: number }>();
    const [row] = await postByTitle('Para borrar');
    const admin = callerFor(world.deps, await createTestUser(world.deps, { role: 'admin' }));

    expect(await admin.admin.blog.delete({ id })).toEqual({ isImageRemoved: true });
    expect(await postByTitle('Para borrar')).toHaveLength(0);
    expect(await isUploaded(row!.coverImageUrl!)).toBe(false);
    await expect(admin.admin.blog.delete({ id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.postDeleteNotFound,
    });
  });
});

describe('public blog', () => {
  it('hides drafts by list and by slug, while the admin still sees them', async () => {
    const created = await send(
      world.app,
      '/api/admin/posts',
      postForm({ title: 'Borrador secreto', content: 'Todavía no.', status: 'draft' }),
    );
    const { id, slug } = created.json<{ id: number; slug: string }>();
    const visitor = callerFor(world.deps);
    const listed = await visitor.blog.list({ page: 1 });
    expect(listed.items.map((post) => post.slug)).not.toContain(slug);
    expect(await visitor.blog.get({ slug })).toBeNull();

    const admin = callerFor(world.deps, await createTestUser(world.deps, { role: 'admin' }));
    const adminList = await admin.admin.blog.list({ page: 1 });
    expect(adminList.items.find((post) => post.id === id)?.status).toBe('draft');

    await admin.admin.blog.setStatus({ id, status: 'published' });
    expect(await visitor.blog.get({ slug })).toMatchObject({ id, title: 'Borrador secreto' });
    await expect(visitor.admin.blog.setStatus({ id, status: 'draft' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('pages ten at a time, newest first, with teasers and a fallback author', async () => {
    const base = Date.parse('2030-01-01T12:00:00Z');
    const words = Array.from({ length: 30 }, (_, i) => `palabra${i + 1}`).join(' ');
    await world.db.insert(posts).values(
      Array.from({ length: 12 }, (_, i) => ({
        title: `Futuro ${i + 1}`,
        slug: `futuro-${i + 1}`,
        content: words,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const visitor = callerFor(world.deps);
    const first = await visitor.blog.list({ page: 1 });
    expect(first.items).toHaveLength(10);
    expect(first.items.slice(0, 3).map((post) => post.title)).toEqual([
      'Futuro 12',
      'Futuro 11',
      'Futuro 10',
    ]);
    expect(first.items[0]).toMatchObject({
      authorName: 'Autor Desconocido',
      teaser: `${words.split(' ').slice(0, 20).join(' ')}...`,
    });
    expect(first.items[0]).not.toHaveProperty('content');
    expect(first.pageCount).toBe(Math.ceil(first.total / 10));
    const second = await visitor.blog.list({ page: 2 });
    expect(second.items[0]!.title).toBe('Futuro 2');
  });

  it('renders a post containing <script> as inert text with its line breaks', () => {
    const html = renderToStaticMarkup(
      createElement(PostArticle, {
        post: {
          title: 'Seguridad',
          content: 'Hola\n<script>alert("x")</script>\n<img src=x onerror=alert(1)>',
          authorName: 'Ana',
          createdAt: new Date('2026-11-22T12:00:00Z'),
          coverImageUrl: null,
        },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src="x"');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('whitespace-pre-line');
    expect(html).toContain('22 de noviembre de 2026');
  });
});
