// Every procedure's input, fuzzed over HTTP as tRPC's client sends it: inputs its zod schema
// accepts and hostile ones (huge strings, deep nesting, wrong types, odd Unicode, nulls,
// prototype keys, broken superjson envelopes), as visitor, customer and admin. No answer is a
// 5xx, shows a stack trace or English text, and a refused input changes nothing in the database.
// The seed is printed; FUZZ_SEED=<n> replays a run.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken } from '@server/auth/session';
import { promoteToAdmin, registerCustomer } from '@server/services/accounts/accounts';
import { answerProblems } from '../support/answers';
import { createTestProduct } from './orders-fixtures';
import { databaseFingerprint } from '../support/fingerprint';
import { callProcedure, routerProcedures } from '../support/procedures';
import { invalidArbitrary, toJsonText, validArbitrary } from '../support/zod-arbitrary';
import { useTestApp } from '../support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const VALID_RUNS = 12;
const INVALID_RUNS = 25;

/** Envelopes tRPC's transformer must refuse politely, whatever the procedure. */
const BROKEN_ENVELOPES = [
  'null',
  '[]',
  '"json"',
  '{"json":1,"meta":{"values":{"__proto__.polluted":["undefined"]}}}',
  '{"json":{"a":{}},"meta":{"values":{"a":[["custom","nada"]]}}}',
  '{"json":"x","meta":{"values":["Date"]}}',
  '{"json":{"a":1},"meta":{"referentialEqualities":{"a":["constructor.prototype"]}}}',
  '{"json":{"a":"2020"},"meta":{"values":{"a":["Date"]},"v":99}}',
  '{"json":{}',
];

type Role = 'visitor' | 'customer' | 'admin';
const ROLES: Role[] = ['visitor', 'customer', 'admin'];

const world = useTestApp({ http: true });
const userIds: Record<Exclude<Role, 'visitor'>, number> = { customer: 0, admin: 0 };

beforeAll(async () => {
  console.log(`fuzz seed: ${SEED} (replay with FUZZ_SEED=${SEED})`);
  const password = 'secreto123';
  userIds.customer = await registerCustomer(world.db, {
    email: 'fuzz-cliente@empresa.uy',
    password,
    fullName: 'Cliente',
  });
  userIds.admin = await registerCustomer(world.db, {
    email: 'fuzz-jefa@tienda.uy',
    password,
    fullName: 'Jefa',
  });
  await promoteToAdmin(world.db, 'fuzz-jefa@tienda.uy');
  // A little of everything, with small ids, so valid inputs find rows.
  await createTestProduct(
    world.db,
    [1, 2, 3].map((n) => ({ stock: 50, price: `${n}00.00`, storage: `${n} TB` })),
  );
});

/** A fresh session for each call: a fuzzed logout must not sign the next call out. */
async function cookieFor(role: Role) {
  if (role === 'visitor') return null;
  const token = generateSessionToken();
  await createSession(world.db, token, userIds[role], world.deps.clock.now());
  return `session=${token}`;
}

type Sent = { role: Role; inputJson: string };

async function checkCall(procedure: ReturnType<typeof routerProcedures>[number], sent: Sent) {
  const before = await databaseFingerprint(world.db);
  const response = await callProcedure(world.app, procedure, {
    cookie: await cookieFor(sent.role),
    inputJson: sent.inputJson,
  });
  const context = `${procedure.path} as ${sent.role}, input ${sent.inputJson.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(answerProblems(response.body), `${context}\n${response.body.slice(0, 500)}`).toEqual([]);
    expect(await databaseFingerprint(world.db), `refused, yet written: ${context}`).toEqual(before);
  } else {
    expect(
      answerProblems(response.body).filter((p) => p === 'stack trace'),
      context,
    ).toEqual([]);
  }
}

/** superjson's envelope around a value; plain JSON needs no `meta`. */
const envelope = (value: unknown) => `{"json":${toJsonText(value)}}`;

describe.each(routerProcedures())('fuzzing $path', (procedure) => {
  it('answers valid and hostile inputs without 5xx, English, stack traces or stray writes', async () => {
    const role = fc.constantFrom(...ROLES);
    const schema = procedure.input;
    const validSends = schema
      ? fc.record({
          role,
          inputJson: validArbitrary(schema).map((value) => JSON.stringify({ json: value })),
        })
      : fc.record({ role, inputJson: fc.constant('{}') });
    const hostileSends = fc.record({
      role,
      inputJson: fc.oneof(
        { weight: 4, arbitrary: (schema ? invalidArbitrary(schema) : fc.anything()).map(envelope) },
        { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ENVELOPES) },
      ),
    });
    await fc.assert(
      fc.asyncProperty(validSends, (sent) => checkCall(procedure, sent)),
      { seed: SEED, numRuns: VALID_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(hostileSends, (sent) => checkCall(procedure, sent)),
      { seed: SEED, numRuns: INVALID_RUNS },
    );
  });
});

describe('after fuzzing', () => {
  it('no prototype was polluted', () => {
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.isAdmin, probe.role]).toEqual([undefined, undefined, undefined]);
  });
});
