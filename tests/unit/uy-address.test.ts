// The address rules of src/shared/schemas/uy-address.ts: what the forms and the procedures
// both accept (docs/decisions/081-address-book-and-delivery-choice.md).
import { describe, expect, it } from 'vitest';
import {
  DEPARTAMENTOS,
  departamentoName,
  deliverySiteInputSchema,
  formatUruguayanPhone,
  PHONE_MESSAGE,
  POSTAL_CODE_MESSAGE,
  uruguayanPhoneDigits,
} from '@shared/schemas/uy-address';
import { deliveryChoiceSchema, dispatchInputSchema } from '@shared/schemas/fulfilment';
import { deliveryMethodText, siteLines } from '@shared/delivery';

const site = {
  name: 'Depósito Paysandú',
  street: 'Av. España 1234',
  locality: 'Paysandú',
  departamento: 'UY-PA',
  postalCode: '60000',
  phone: '099 123 456',
  contactName: 'Marta Suárez',
  hours: 'Lunes a viernes de 9 a 17',
};
const errorsOf = (input: unknown) => {
  const parsed = deliverySiteInputSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('departamentos', () => {
  it('lists the 19 with their ISO 3166-2:UY codes', () => {
    expect(DEPARTAMENTOS).toHaveLength(19);
    expect(new Set(DEPARTAMENTOS.map((d) => d.code)).size).toBe(19);
    expect(DEPARTAMENTOS.every((d) => /^UY-[A-Z]{2}$/.test(d.code))).toBe(true);
    expect(departamentoName('UY-MO')).toBe('Montevideo');
    expect(departamentoName('UY-PA')).toBe('Paysandú');
    expect(departamentoName('UY-TT')).toBe('Treinta y Tres');
    expect(departamentoName('UY-FS')).toBe('Flores');
    expect(departamentoName('UY-FD')).toBe('Florida');
  });

  it('refuses a departamento that is not one of them', () => {
    expect(errorsOf({ ...site, departamento: 'UY-XX' })).toEqual({
      departamento: 'Elegí el departamento',
    });
    expect(errorsOf({ ...site, departamento: '' })).toEqual({
      departamento: 'Elegí el departamento',
    });
    expect(errorsOf({ ...site, departamento: 'Montevideo' })).toHaveProperty('departamento');
  });
});

describe('postal codes', () => {
  it.each(['11300', '60000', '  45000 ', ''])('accepts %j', (postalCode) => {
    expect(errorsOf({ ...site, postalCode })).toEqual({});
  });

  it.each(['1130', '113000', '11 300', 'CP113', '1130a'])('refuses %j', (postalCode) => {
    expect(errorsOf({ ...site, postalCode })).toEqual({ postalCode: POSTAL_CODE_MESSAGE });
  });
});

describe('phones', () => {
  it.each([
    ['099 123 456', '99123456'],
    ['099123456', '99123456'],
    ['+598 99 123 456', '99123456'],
    ['+59899123456', '99123456'],
    ['00598 99 123 456', '99123456'],
    ['598 99 123 456', '99123456'],
    ['(099) 123-456', '99123456'],
    ['2900 1234', '29001234'],
    ['2900-1234', '29001234'],
    ['+598 2900 1234', '29001234'],
    ['4722 1234', '47221234'],
    ['+598 4722 1234', '47221234'],
  ])('reads %j as %s', (typed, digits) => {
    expect(uruguayanPhoneDigits(typed)).toBe(digits);
    expect(deliverySiteInputSchema.parse({ ...site, phone: typed }).phone).toBe(digits);
  });

  it.each([
    '',
    '099 123 45',
    '099 123 4567',
    '12345',
    '3900 1234',
    '0900 1234',
    '090 123 456',
    '+54 11 1234 5678',
    '+598 099 123 456',
    '29001234x',
    'noventa y nueve',
  ])('refuses %j with the example', (phone) => {
    expect(uruguayanPhoneDigits(phone)).toBeNull();
    expect(errorsOf({ ...site, phone })).toEqual({ phone: PHONE_MESSAGE });
  });

  it('shows a mobile and a landline as people write them', () => {
    expect(formatUruguayanPhone('99123456')).toBe('099 123 456');
    expect(formatUruguayanPhone('29001234')).toBe('2900 1234');
  });
});

describe('delivery choice', () => {
  it('needs a site except for a pickup, and an agency for the interior', () => {
    const issues = (input: unknown) =>
      deliveryChoiceSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ method: 'pickup' })).toBeUndefined();
    expect(issues({ method: 'courier' })).toEqual([['siteId', 'Elegí el lugar de entrega']]);
    expect(issues({ method: 'agency', siteId: 3 })).toEqual([['agency', 'Elegí la agencia']]);
    expect(issues({ method: 'agency', siteId: 3, agency: 'Otra' })).toEqual([
      ['agencyName', 'Escribí el nombre de la agencia'],
    ]);
    expect(
      deliveryChoiceSchema.parse({
        method: 'courier',
        siteId: 3,
        agency: 'DAC',
        freightCollect: true,
      }),
    ).toEqual({ method: 'courier', siteId: 3, freightCollect: false });
  });

  it('reads as the buyer chose it', () => {
    const choice = { method: 'agency', agency: 'DAC', agencyName: null, freightCollect: true };
    expect(deliveryMethodText(choice)).toBe(
      'Agencia al interior · DAC · Flete a cargo del cliente',
    );
    expect(
      siteLines({
        siteName: site.name,
        street: site.street,
        locality: site.locality,
        departamento: site.departamento,
        postalCode: site.postalCode,
        phone: '99123456',
        contactName: site.contactName,
        hours: null,
      }),
    ).toEqual([
      'Depósito Paysandú',
      'Av. España 1234, Paysandú, Paysandú (60000)',
      'Marta Suárez · Tel. 099 123 456',
    ]);
  });

  it('refuses a dispatch of nothing', () => {
    const parsed = dispatchInputSchema.safeParse({
      orderId: 1,
      lines: [{ lineKey: 'r1', quantity: 0 }],
      method: 'pickup',
      dispatchedOn: '2025-03-14',
    });
    expect(parsed.error?.issues[0]?.message).toBe('Indicá al menos una unidad a despachar');
  });
});
