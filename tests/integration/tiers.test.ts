import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { queryRows } from '@server/db/queries';
import { failsAs } from '@server/failed-step';
import { registerCustomer } from '@server/services/accounts/accounts';
import { createContextInner } from '@server/trpc/context';
import {
  adminProcedure,
  createCallerFactory,
  customerProcedure,
  publicProcedure,
  router,
} from '@server/trpc/init';
import { createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();

// The real tier middlewares, mounted on probe procedures so the rule is tested by itself.
const probeRouter = router({
  visitor: publicProcedure.query(() => 'ok'),
  customer: customerProcedure.query(({ ctx }) => ctx.session.customer.fullName),
  admin: adminProcedure.mutation(() => 'ok'),
  broken: publicProcedure.query(() => {
    throw new Error('secret internal detail');
  }),
  brokenStep: publicProcedure.query(() =>
    failsAs(messages.variantLoadFailed, () =>
      Promise.reject(new Error('connection reset: secret internal detail')),
    ),
  ),
});
const probeCaller = createCallerFactory(probeRouter);

describe('procedure tiers', () => {
  it('answers a visitor calling a customer procedure with UNAUTHORIZED', async () => {
    const caller = probeCaller(createContextInner(world.deps));
    expect(await caller.visitor()).toBe('ok');
    await expect(caller.customer()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Usuario no autenticado',
    });
    await expect(caller.admin()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers a customer calling an admin procedure with FORBIDDEN', async () => {
    const session = await createTestUser(world.deps, { fullName: 'Carla' });
    const caller = probeCaller(createContextInner(world.deps, { session }));
    expect(await caller.customer()).toBe('Carla');
    await expect(caller.admin()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets an admin through', async () => {
    const session = await createTestUser(world.deps, { role: 'admin' });
    expect(await probeCaller(createContextInner(world.deps, { session })).admin()).toBe('ok');
  });
});

describe('unexpected errors', () => {
  it('are answered in Spanish without the internal message or a stack trace', async () => {
    const app = Fastify();
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router: probeRouter, createContext: () => createContextInner(world.deps) },
    });
    const response = await app.inject({ url: '/trpc/broken' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Ocurrió un error inesperado.');
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toMatch(/\bat .+\.ts/);
  });

  it('name the step that failed in the store words, still without the cause', async () => {
    const app = Fastify();
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router: probeRouter, createContext: () => createContextInner(world.deps) },
    });
    const response = await app.inject({ url: '/trpc/brokenStep' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('No se pudo obtener la variante');
    expect(response.body).not.toContain('secret internal detail');
  });
});

describe('sign-up atomicity', () => {
  it('leaves no user row when the last step of the sign-up fails', async () => {
    // Make the role insert (the last statement of the transaction) fail for one email.
    await world.db.execute(sql`
      create or replace function fail_role_insert() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where id = new.user_id and email = 'falla@empresa.uy') then
          raise exception 'role insert failed on purpose';
        end if;
        return new;
      end $$`);
    await world.db.execute(sql`
      create trigger fail_role_insert before insert on user_roles
      for each row execute function fail_role_insert()`);
    try {
      await expect(
        registerCustomer(world.db, {
          fullName: 'Falla',
          email: 'falla@empresa.uy',
          password: 'secreto1',
        }),
      ).rejects.toThrow(messages.roleRegisterFailed);
      const count = async (table: string) => {
        const [row] = await queryRows<{ n: number }>(
          world.db,
          sql`select count(*)::int as n from ${sql.identifier(table)} where email = 'falla@empresa.uy'`,
        );
        return row?.n;
      };
      expect(await count('users')).toBe(0);
      expect(await count('customers')).toBe(0);
    } finally {
      await world.db.execute(sql`drop trigger fail_role_insert on user_roles`);
    }
  });
});
