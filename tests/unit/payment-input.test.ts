// 'Registrar pago' checks the same in the form and in the procedure
// (src/shared/schemas/collections.ts): each method's own fields, told together with the rest.
import { describe, expect, it } from 'vitest';
import { paymentInputSchema } from '@shared/schemas/collections';

const base = {
  payer: { companyId: 1 },
  method: 'transfer',
  currency: 'USD',
  amount: '1.000',
  receivedOn: '2026-11-28',
};

const messagesOf = (input: Record<string, unknown>) =>
  Object.fromEntries(
    (paymentInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('paymentInputSchema', () => {
  it('takes a transfer with its bank and reference, the amount read as people type it', () => {
    const parsed = paymentInputSchema.parse({ ...base, bank: 'BROU', reference: 'TR-1' });
    expect(parsed.amount).toBe('1000.00');
  });

  it('tells a missing amount, bank and reference at once', () => {
    expect(messagesOf({ ...base, amount: '', bank: '', reference: '' })).toEqual({
      amount: 'Ingresá el importe',
      bank: 'Ingresá el banco',
      reference: 'Ingresá la referencia de la transferencia',
    });
  });

  it('asks a cheque for its bank, number and collection day, not before it was received', () => {
    expect(messagesOf({ ...base, method: 'cheque' })).toEqual({
      bank: 'Ingresá el banco del cheque',
      chequeNumber: 'Ingresá el número de cheque',
      collectOn: 'Ingresá la fecha de cobro',
    });
    expect(
      messagesOf({
        ...base,
        method: 'cheque',
        bank: 'Itaú',
        chequeNumber: '123',
        collectOn: '2026-11-27',
      }),
    ).toEqual({ collectOn: 'La fecha de cobro no puede ser anterior a la de recepción' });
  });

  it('takes cash and deposits without a bank, and refuses nothing or a negative amount', () => {
    expect(messagesOf({ ...base, method: 'cash' })).toEqual({});
    expect(messagesOf({ ...base, method: 'deposit' })).toEqual({});
    expect(messagesOf({ ...base, method: 'cash', amount: '0' })).toEqual({
      amount: 'El importe debe ser mayor a 0',
    });
  });
});
