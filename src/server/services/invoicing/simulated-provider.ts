// The simulated provider (CFE_PROVIDER=simulado: development, the demo, the tests): a stand-in
// for a certified provider that behaves like one. It numbers each kind in its own series (A),
// signs with a test certificate (a real XML signature, signing-key.ts), keeps what it issued
// under each idempotency key in its own table, and answers asynchronously: received first,
// DGI's verdict on a later status query. Tests make it fail, slow down or reject on demand.
// Its documents have no fiscal value: the QR points at DGI's test verification page.
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/queries';
import { cfeSimulatorDocuments } from '../../db/schema';
import { ProviderUnavailableError } from './cfe-errors';
import type { CfeAssigned } from './cfe-types';
import { cfeXml } from './cfe-xml';
import { type CfeProvider, dgiQrUrl, montevideoTimestamp, type ProviderAnswer } from './provider';
import { createTestSigningKey, type SigningKey } from './signing-key';
import { signEnveloped } from './xmldsig';

/** What tests turn: the provider down, slow, rejecting the next document, slow to hear DGI. */
export type SimulatorBehaviour = {
  isDown: boolean;
  delayMs: number;
  /** DGI's reason to reject the next document received ('E05 …'); consumed by it. */
  rejectNext: string | null;
  /** Status queries that still answer 'Pendiente DGI' before DGI's verdict (0: the first has it). */
  pendingPolls: number;
};

export type SimulatedProvider = CfeProvider & {
  behaviour: SimulatorBehaviour;
  /** How many documents it issued: a repeat under one key never counts twice. */
  issuedCount(): Promise<number>;
};

/** The CAE the simulator numbers each kind under: 11 digits, a range, two years. */
const caeOf = (kind: number, signedAt: string): CfeAssigned['cae'] => ({
  id: `90${kind}000${String(kind).padStart(3, '0')}`,
  from: 1,
  to: 9_999_999,
  expiresOn: `${Number(signedAt.slice(0, 4)) + 2}-12-31`,
});

const SERIE = 'A';
/** Keeps two documents of one kind from taking the same number. */
const NUMBERING_LOCK = 740_186;

export function createSimulatedProvider(options: {
  db: Database;
  clock: Clock;
  behaviour?: Partial<SimulatorBehaviour>;
}): SimulatedProvider {
  const { db, clock } = options;
  const behaviour: SimulatorBehaviour = {
    isDown: false,
    delayMs: 0,
    rejectNext: null,
    pendingPolls: 0,
    ...options.behaviour,
  };
  let key: SigningKey | undefined;
  const signingKey = () => (key ??= createTestSigningKey(clock.now()));

  async function reachable() {
    if (behaviour.delayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.isDown) throw new ProviderUnavailableError('proveedor simulado caído');
  }

  async function stored(idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(cfeSimulatorDocuments)
      .where(eq(cfeSimulatorDocuments.idempotencyKey, idempotencyKey));
    return row;
  }

  const answerOf = (row: NonNullable<Awaited<ReturnType<typeof stored>>>): ProviderAnswer => ({
    ...(row.answer as ProviderAnswer),
    state: row.state as ProviderAnswer['state'],
    dgiReason: row.state === 'rejected' ? row.rejectReason : null,
  });

  return {
    name: 'simulado',
    behaviour,
    async issue(draft, idempotencyKey) {
      await reachable();
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
        const [known] = await tx
          .select()
          .from(cfeSimulatorDocuments)
          .where(eq(cfeSimulatorDocuments.idempotencyKey, idempotencyKey));
        if (known) return answerOf(known);
        const [last] = await queryRows<{ number: number | null }>(
          tx,
          sql`select max(number) as number from cfe_simulator_documents where kind = ${draft.kind}`,
        );
        const signedAt = montevideoTimestamp(clock.now());
        const assigned: CfeAssigned = {
          serie: SERIE,
          number: Number(last?.number ?? 0) + 1,
          signedAt,
          cae: caeOf(draft.kind, signedAt),
        };
        const signed = signEnveloped(cfeXml(draft, assigned), signingKey());
        const answer: ProviderAnswer = {
          state: 'pending_dgi',
          assigned,
          securityCode: signed.digest.slice(0, 6),
          qrUrl: dgiQrUrl({
            isTest: true,
            rut: draft.issuer.rut,
            kind: draft.kind,
            serie: assigned.serie,
            number: assigned.number,
            amount: draft.kind === 181 ? '0' : draft.totals.toPay,
            signedAt,
            hash: signed.digest,
          }),
          signedXml: signed.xml,
          dgiReason: null,
        };
        const rejectReason = behaviour.rejectNext;
        behaviour.rejectNext = null;
        await tx.insert(cfeSimulatorDocuments).values({
          idempotencyKey,
          kind: draft.kind,
          serie: assigned.serie,
          number: assigned.number,
          state: 'pending_dgi',
          rejectReason,
          answer,
          receivedAt: clock.now(),
        });
        return answer;
      });
    },
    async status(idempotencyKey) {
      await reachable();
      const row = await stored(idempotencyKey);
      if (!row) return null;
      if (row.state !== 'pending_dgi') return answerOf(row);
      // DGI answers after `pendingPolls` queries: accepted, or rejected when asked to.
      const polls = row.polls + 1;
      const state =
        polls > behaviour.pendingPolls ? (row.rejectReason ? 'rejected' : 'accepted') : row.state;
      const [updated] = await db
        .update(cfeSimulatorDocuments)
        .set({ polls, state })
        .where(eq(cfeSimulatorDocuments.idempotencyKey, idempotencyKey))
        .returning();
      return answerOf(updated!);
    },
    async signedDocument(idempotencyKey) {
      await reachable();
      const row = await stored(idempotencyKey);
      return row ? (row.answer as ProviderAnswer).signedXml : null;
    },
    async issuedCount() {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from cfe_simulator_documents`,
      );
      return Number(row?.count ?? 0);
    },
  };
}
