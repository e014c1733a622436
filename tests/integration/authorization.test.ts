// The authorisation matrix, generated from the router and the app's routes: every procedure
// and every admin HTTP route answers a visitor, a customer and an admin as its tier says, over
// real HTTP, and one customer never reaches another's orders.
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { createTestProduct } from './orders-fixtures';
import { SAME_ORIGIN, sessionCookie, trpcErrorOf } from '../support/http';
import {
  callProcedure,
  PROCEDURE_TIERS,
  type ProcedureInfo,
  routerProcedures,
} from '../support/procedures';
import { validArbitrary } from '../support/zod-arbitrary';
import { useTestApp } from '../support/test-app';

/** Every HTTP route outside tRPC that only an admin may use. */
const ADMIN_HTTP_ROUTES = [
  'POST /api/admin/products',
  'POST /api/admin/products/:id',
  'POST /api/admin/posts',
  'POST /api/admin/posts/:id',
  'POST /api/admin/brands/:id/logo',
  'POST /api/admin/store/logo',
  'GET /api/admin/newsletter.csv',
  'GET /api/admin/catalog.csv',
  'POST /api/admin/catalog-import/preview',
  'POST /api/admin/catalog-import/apply',
  'GET /api/admin/orders.csv',
  'GET /api/admin/customers.csv',
  'GET /api/admin/receivables.csv',
  'GET /api/admin/comprobantes.csv',
];

/** HTTP routes outside tRPC for a signed-in customer (and admins); their access is tested with them. */
const CUSTOMER_HTTP_ROUTES = [
  'GET /api/orders/:id/revisions/:file',
  'GET /api/orders/:id/notas-de-entrega/:file',
  'GET /api/orders/:id/comprobantes/:file',
  'GET /api/account/data.json',
  'GET /api/account/estado-de-cuenta.pdf',
];

const TIER_REFUSALS: string[] = [messages.unauthenticated, messages.forbidden];

const world = useTestApp({ http: true });
const cookies: Record<'visitor' | 'customerA' | 'customerB' | 'admin', string | null> = {
  visitor: null,
  customerA: null,
  customerB: null,
  admin: null,
};
let orderOfA: number;

beforeAll(async () => {
  cookies.customerA = await sessionCookie(world.deps, 'cliente-a@empresa.uy');
  cookies.customerB = await sessionCookie(world.deps, 'cliente-b@empresa.uy');
  cookies.admin = await sessionCookie(world.deps, 'jefa@tienda.uy', 'admin');

  const [variant] = await createTestProduct(world.db, [{ stock: 10, price: '100.00' }]);
  const quote = await callProcedure(
    world.app,
    { path: 'orders.requestQuote', type: 'mutation' },
    {
      cookie: cookies.customerA,
      input: {
        email: 'cliente-a@empresa.uy',
        items: [{ variantId: variant!.id, quantity: 1 }],
        idempotencyKey: 'pedido-de-a-1',
      },
    },
  );
  expect(quote.statusCode).toBe(200);
  orderOfA = quote.json<{ result: { data: { json: { id: number } } } }>().result.data.json.id;
});

/** `METHOD /path` of every route Fastify serves, read from its route tree. */
function appRoutes(instance: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const level = match[1]!.length / 4;
    stack.length = level;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

/** A valid-looking input for a procedure (tiers are checked before the input is). */
const sampleInput = (procedure: ProcedureInfo) =>
  procedure.input
    ? fc.sample(validArbitrary(procedure.input), { numRuns: 1, seed: 1 })[0]
    : undefined;

const errorMessage = (body: string) => {
  try {
    const answer = JSON.parse(body) as { error?: { json?: { message?: string } } | string };
    return typeof answer.error === 'string' ? answer.error : answer.error?.json?.message;
  } catch {
    return undefined;
  }
};

describe('the tier table', () => {
  it('classifies every procedure of the router, and names no procedure that does not exist', () => {
    const paths = routerProcedures().map((procedure) => procedure.path);
    expect(
      paths.filter((path) => !(path in PROCEDURE_TIERS)),
      'unclassified',
    ).toEqual([]);
    expect(
      Object.keys(PROCEDURE_TIERS).filter((path) => !paths.includes(path)),
      'stale',
    ).toEqual([]);
  });

  it('lists every admin HTTP route the app serves', async () => {
    await world.app.ready();
    const served = appRoutes(world.app).filter(
      (route) => / \/api\//.test(route) && !route.startsWith('HEAD '),
    );
    expect(served.sort()).toEqual([...ADMIN_HTTP_ROUTES, ...CUSTOMER_HTTP_ROUTES].sort());
  });
});

describe.each(routerProcedures())('procedure $path', (procedure) => {
  const tier = PROCEDURE_TIERS[procedure.path];
  // Ending every session of an account would sign the shared test customers out of the
  // procedures after it: that one is called with a customer of its own.
  const endsSessions = procedure.path === 'auth.logoutEverywhere';
  const call = async (cookie: string | null) =>
    callProcedure(world.app, procedure, {
      cookie:
        cookie && endsSessions
          ? await sessionCookie(
              world.deps,
              `salida-${Math.random().toString(36).slice(2)}@empresa.uy`,
            )
          : cookie,
      input: sampleInput(procedure),
    });

  if (tier === 'public') {
    it('is reachable by a visitor', async () => {
      const response = await call(cookies.visitor);
      expect(TIER_REFUSALS).not.toContain(errorMessage(response.body));
      expect(response.statusCode).toBeLessThan(500);
    });
  } else {
    it('answers a visitor 401', async () => {
      const response = await call(cookies.visitor);
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response.body)).toBe(messages.unauthenticated);
    });
  }

  if (tier === 'admin') {
    it('answers a customer 403 and lets an admin through', async () => {
      const refused = await call(cookies.customerA);
      expect(refused.statusCode).toBe(403);
      expect(errorMessage(refused.body)).toBe(messages.forbidden);
      const admitted = await call(cookies.admin);
      expect(TIER_REFUSALS).not.toContain(errorMessage(admitted.body));
    });
  }

  if (tier === 'customer') {
    it('lets a customer through', async () => {
      const response = await call(cookies.customerB);
      expect(TIER_REFUSALS).not.toContain(errorMessage(response.body));
    });
  }
});

describe('admin HTTP routes', () => {
  const request = (route: string, cookie: string | null) => {
    const [method, url] = route.split(' ') as ['GET' | 'POST', string];
    return world.app.inject({
      method,
      url: url.replace(':id', '1'),
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  };

  it.each(ADMIN_HTTP_ROUTES)('%s: visitor 401, customer 403, admin admitted', async (route) => {
    expect((await request(route, cookies.visitor)).statusCode).toBe(401);
    const customer = await request(route, cookies.customerA);
    expect(customer.statusCode).toBe(403);
    expect(customer.json<{ error: string }>().error).toBe(messages.forbidden);
    const admin = await request(route, cookies.admin);
    expect([401, 403]).not.toContain(admin.statusCode);
  });
});

describe("one customer and another's orders", () => {
  // Every customer procedure that takes an id: today orders.get (thank-you page) and
  // account.orders.get and what acts on one order; a new one is covered as soon as it exists.
  const orderKeyOf = (procedure: ProcedureInfo) => {
    const shape = (procedure.input?._zod.def as { shape?: object } | undefined)?.shape ?? {};
    return ['id', 'orderId'].find((key) => key in shape);
  };
  const idProcedures = routerProcedures().filter(
    (procedure) => PROCEDURE_TIERS[procedure.path] === 'customer' && orderKeyOf(procedure),
  );
  /** What some procedures need besides the order to get past validation. */
  const OTHER_FIELDS: Record<string, object> = {
    'account.orders.accept': { revision: 1 },
    'account.orders.requestChanges': { revision: 1, reason: 'Más barato' },
    'account.orders.sendMessage': { body: 'Hola' },
    'account.company.decline': { reason: 'No' },
  };
  const inputFor = (procedure: ProcedureInfo) => ({
    [orderKeyOf(procedure)!]: orderOfA,
    ...OTHER_FIELDS[procedure.path],
  });

  it('finds the order-taking customer procedures', () => {
    expect(idProcedures.map((procedure) => procedure.path)).toEqual(
      expect.arrayContaining([
        'orders.get',
        'account.orders.get',
        'account.orders.accept',
        'account.orders.requestRenewal',
        'account.orders.requestChanges',
      ]),
    );
  });

  it.each(idProcedures.map((procedure) => [procedure.path, procedure] as const))(
    '%s answers customer B NOT_FOUND for the order of customer A',
    async (_path, procedure) => {
      const own = await callProcedure(world.app, procedure, {
        cookie: cookies.customerA,
        input: inputFor(procedure),
      });
      // The owner reaches the order (accepting before any revision, or approving one that
      // waits for no approval, is a conflict, not a 404).
      expect([200, 409]).toContain(own.statusCode);
      const other = await callProcedure(world.app, procedure, {
        cookie: cookies.customerB,
        input: inputFor(procedure),
      });
      expect(other.statusCode).toBe(404);
      expect(trpcErrorOf(other).data.code).toBe('NOT_FOUND');
      expect(other.body).not.toContain('cliente-a@empresa.uy');
    },
  );
});
