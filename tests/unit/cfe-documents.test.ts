// Every kind of document the store issues, validated against DGI's XSD 1.44.1 with a real
// validator (xmllint) and signed with a real XML signature checked through libxml2's own
// canonicalization (tests/support/cfe-xml.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { cfeXml } from '@server/services/invoicing/cfe-xml';
import { invoiceDraft } from '@server/services/invoicing/cfe-draft';
import { creditNoteDraft } from '@server/services/invoicing/credit-note-draft';
import type { CfeOrderFacts } from '@server/services/invoicing/cfe-facts';
import type { IssuerSettings } from '@server/services/invoicing/cfe-issuer';
import type { CfeAssigned, CfeDraft } from '@server/services/invoicing/cfe-types';
import { remitoDraft } from '@server/services/invoicing/remito-draft';
import { createTestSigningKey, type SigningKey } from '@server/services/invoicing/signing-key';
import { signEnveloped } from '@server/services/invoicing/xmldsig';
import { schemaErrors, signatureProblems } from '../support/cfe-xml';

const SETTINGS: IssuerSettings = {
  rut: '219999830019',
  legalName: 'Tienda SA',
  branchCode: 1,
  resolution: '1234/2023',
  fiscalAddress: 'Av. 18 de Julio 1234',
  city: 'Montevideo',
  department: 'Montevideo',
  uiValue: '6.1000',
  invoiceOn: 'acceptance',
};

const FACTS: CfeOrderFacts = {
  orderId: 42,
  purchaseOrder: 'OC-2026-0042',
  buyer: {
    name: 'Acme SA',
    rut: '214844360018',
    document: null,
    address: 'Colonia 1000',
    city: 'Montevideo',
    department: 'Montevideo',
  },
  lines: [
    {
      name: 'Notebook Lenovo ThinkPad E14 & <dock>',
      variant: '512 GB / Negro',
      sku: 'TD-000123',
      quantity: 1,
      unitPrice: '800.00',
      discountPercent: '0',
      ivaRate: 'basica',
    },
    {
      name: 'Mouse USB',
      variant: null,
      sku: null,
      quantity: 3,
      unitPrice: '12.50',
      discountPercent: '10',
      ivaRate: 'basica',
    },
    {
      name: 'Libro técnico',
      variant: null,
      sku: 'LIB-1',
      quantity: 2,
      unitPrice: '30.05',
      discountPercent: '0',
      ivaRate: 'minima',
    },
    {
      name: 'Servicio exento',
      variant: null,
      sku: null,
      quantity: 1,
      unitPrice: '100.00',
      discountPercent: '0',
      ivaRate: 'exento',
    },
  ],
  quoted: { subtotal: '993.85', tax: '189.44', total: '1183.29' },
  exchangeRate: '40.1235',
  dueOn: '2026-12-28',
};

const ASSIGNED: CfeAssigned = {
  serie: 'A',
  number: 1234,
  signedAt: '2026-11-28T10:15:00-03:00',
  cae: { id: '90120000208', from: 1, to: 100000, expiresOn: '2027-12-31' },
};

let key: SigningKey;
beforeAll(() => {
  key = createTestSigningKey(new Date('2026-11-28T12:00:00Z'));
});

const signed = (draft: CfeDraft) => signEnveloped(cfeXml(draft, ASSIGNED), key).xml;

const invoice = (facts: Partial<CfeOrderFacts> = {}) =>
  invoiceDraft({
    facts: { ...FACTS, ...facts },
    settings: SETTINGS,
    issuedOn: '2026-11-28',
    internalNumber: 'pedido-42-doc-1',
  });

describe('CFE documents against DGI XSD 1.44.1', () => {
  it('refuses what DGI refuses: the validator is real', () => {
    const xml = signed(invoice()).replace(/MntNetoIVATasaBasica/g, 'MntNetoIvaTasaBasica');
    expect(schemaErrors(xml)).toMatch(/MntNetoIvaTasaBasica/);
    expect(
      schemaErrors(signed(invoice()).replace('<FchEmis>2026-11-28', '<FchEmis>20261128')),
    ).not.toBe('');
  });

  it('builds a USD e-Factura with its OC, rate by rate, the BCU rate and the due date', () => {
    const draft = invoice();
    expect(draft.kind).toBe(111);
    // 800 + 33.75 (3 × 12.50 less 10 %) basic, 60.10 minimum, 100 exempt; IVA on each net.
    expect(draft.totals).toEqual({
      exempt: '100.00',
      netMinimum: '60.10',
      netBasic: '833.75',
      ivaMinimum: '6.01',
      ivaBasic: '183.43',
      total: '1183.29',
      lineCount: 4,
      toPay: '1183.29',
    });
    const xml = signed(draft);
    expect(schemaErrors(xml)).toBe('');
    expect(signatureProblems(xml)).toBe('');
    expect(xml).toContain('<CompraID>OC-2026-0042</CompraID>');
    expect(xml).toContain('<TpoCambio>40.124</TpoCambio>');
    expect(xml).toContain('<FmaPago>2</FmaPago><FchVenc>2026-12-28</FchVenc>');
    expect(xml).toContain(
      '<DescuentoPct>10.000</DescuentoPct><DescuentoMonto>3.75</DescuentoMonto>',
    );
    expect(xml).toContain('<NomItem>Notebook Lenovo ThinkPad E14 &amp; &lt;dock&gt;</NomItem>');
  });
});

describe('the other kinds', () => {
  const consumer = { ...FACTS.buyer, name: 'Ana Peña', rut: null };

  it('issues an e-Ticket to a consumer below 5,000 UI without identifying them', () => {
    const small = [{ ...FACTS.lines[1]!, discountPercent: '0' }];
    const draft = invoice({
      buyer: consumer,
      lines: small,
      quoted: { subtotal: '37.50', tax: '8.25', total: '45.75' },
      dueOn: null,
      purchaseOrder: null,
    });
    expect(draft.kind).toBe(101);
    expect(draft.receiver).toBeNull();
    const xml = signed(draft);
    expect(schemaErrors(xml)).toBe('');
    expect(xml).toContain('<eTck>');
    expect(xml).toContain('<FmaPago>1</FmaPago></IdDoc>');
    expect(xml).not.toContain('<FchVenc>');
    expect(xml).not.toContain('<Receptor>');
  });

  it("asks for the buyer's document above 5,000 UI, converted through the rate", () => {
    // 993.85 dollars net × 40.124 = $ 39.877 > 5,000 × 6.10 = $ 30.500.
    expect(() => invoice({ buyer: consumer })).toThrow(
      'Falta la cédula del comprador: el e-Ticket supera el tope de 5.000 UI sin identificar',
    );
    // At 8 pesos a UI the threshold is $ 40.000: no identification needed.
    expect(
      invoiceDraft({
        facts: { ...FACTS, buyer: consumer },
        settings: { ...SETTINGS, uiValue: '8' },
        issuedOn: '2026-11-28',
        internalNumber: 'x',
      }).receiver?.document ?? null,
    ).toBeNull();
    const draft = invoice({ buyer: { ...consumer, document: '12345672' } });
    const xml = signed(draft);
    expect(schemaErrors(xml)).toBe('');
    expect(xml).toContain(
      '<Receptor><TipoDocRecep>3</TipoDocRecep><CodPaisRecep>UY</CodPaisRecep><DocRecep>12345672</DocRecep><RznSocRecep>Ana Peña</RznSocRecep>',
    );
  });

  it('credits a whole e-Factura, then part of one, referencing it', () => {
    const issued = { draft: invoice(), serie: 'A', number: 1234, issuedOn: '2026-11-28' };
    const note = (
      lines: { line: number; quantity: number }[] | null,
      credited = new Map<number, number>(),
    ) =>
      creditNoteDraft({
        invoice: issued,
        credited,
        lines,
        reason: 'Pedido cancelado',
        issuer: issued.draft.issuer,
        issuedOn: '2026-11-30',
        internalNumber: 'nc-1',
        exchangeRate: '40.2',
      });
    const whole = note(null);
    expect(whole.kind).toBe(112);
    expect(whole.totals.toPay).toBe(issued.draft.totals.toPay);
    const xml = signed(whole);
    expect(schemaErrors(xml)).toBe('');
    expect(xml).toContain(
      '<Referencia><Referencia><NroLinRef>1</NroLinRef><TpoDocRef>111</TpoDocRef><Serie>A</Serie><NroCFERef>1234</NroCFERef><RazonRef>Pedido cancelado</RazonRef><FechaCFEref>2026-11-28</FechaCFEref></Referencia></Referencia>',
    );
    expect(xml).toContain('<TpoCambio>40.200</TpoCambio>');

    const partial = note([{ line: 2, quantity: 2 }]);
    // 2 × 12.50 less 10 % = 22.50, IVA 22 % = 4.95.
    expect(partial.totals).toMatchObject({ netBasic: '22.50', ivaBasic: '4.95', total: '27.45' });
    expect(schemaErrors(signed(partial))).toBe('');
    expect(() => note([{ line: 2, quantity: 2 }], new Map([[2, 2]]))).toThrow(
      'La nota de crédito supera lo que queda por acreditar de la línea',
    );
    const all = new Map(
      issued.draft.lines.map((l) => [l.number, Number(l.quantity.split('.')[0])]),
    );
    expect(() => note(null, all)).toThrow('No queda nada por acreditar de esa factura');
  });

  it('writes the e-Remito of a dispatch: goods, receiver and where they go, no prices', () => {
    const draft = remitoDraft({
      dispatch: {
        dispatchRef: 'despacho-7',
        orderId: 42,
        purchaseOrder: 'OC-2026-0042',
        receiver: {
          name: 'Acme SA',
          rut: '214844360018',
          address: 'Ruta 1 km 30',
          city: 'Colonia del Sacramento',
          department: 'Colonia',
          deliveryPlace: 'Depósito Colonia',
        },
        lines: [{ name: 'Mouse USB', variant: null, sku: 'TD-1', quantity: 3 }],
      },
      settings: SETTINGS,
      issuedOn: '2026-11-28',
      internalNumber: 'remito-7',
    });
    const xml = signed(draft);
    expect(schemaErrors(xml)).toBe('');
    expect(signatureProblems(xml)).toBe('');
    expect(xml).toContain('<TipoTraslado>1</TipoTraslado>');
    expect(xml).toContain(
      '<LugarDestEnt>Depósito Colonia</LugarDestEnt><CompraID>OC-2026-0042</CompraID>',
    );
    expect(xml).not.toContain('PrecioUnitario');
    expect(() =>
      remitoDraft({
        dispatch: {
          dispatchRef: 'd',
          orderId: 1,
          purchaseOrder: null,
          receiver: {
            name: 'Acme',
            rut: null,
            address: null,
            city: null,
            department: null,
            deliveryPlace: null,
          },
          lines: [{ name: 'x', variant: null, sku: null, quantity: 1 }],
        },
        settings: SETTINGS,
        issuedOn: '2026-11-28',
        internalNumber: 'r',
      }),
    ).toThrow('Falta la dirección de entrega del despacho');
  });
});

describe('what the XSD does not check, the store does', () => {
  it('names the missing data of the store as issuer', () => {
    const without = (change: Partial<IssuerSettings>) => () =>
      invoiceDraft({
        facts: FACTS,
        settings: { ...SETTINGS, ...change },
        issuedOn: '2026-11-28',
        internalNumber: 'x',
      });
    expect(without({ department: null })).toThrow('Falta el departamento de la empresa');
    expect(without({ department: '  ' })).toThrow('Falta el departamento de la empresa');
    expect(without({ branchCode: null })).toThrow('Falta el código de sucursal DGI de la empresa');
    expect(without({ rut: null })).toThrow('Falta el RUT de la empresa');
    expect(without({ fiscalAddress: null })).toThrow('Falta el domicilio fiscal de la empresa');
    expect(without({ city: 'x'.repeat(31) })).toThrow(
      'La ciudad de la empresa supera los 30 caracteres que admite DGI',
    );
  });

  it('refuses an e-Factura without an identified receiver with an address', () => {
    expect(() => invoice({ buyer: { ...FACTS.buyer, rut: '214844360019' } })).toThrow(
      'El RUT del cliente no es válido',
    );
    expect(() => invoice({ buyer: { ...FACTS.buyer, address: null } })).toThrow(
      'Falta la dirección del cliente',
    );
    expect(() => invoice({ buyer: { ...FACTS.buyer, city: null } })).toThrow(
      'Falta la ciudad del cliente',
    );
  });

  it('refuses totals that differ from the accepted quote, and DGI line limits', () => {
    expect(() => invoice({ quoted: { ...FACTS.quoted, total: '1183.30' } })).toThrow(
      'Los totales no coinciden con la cotización aceptada',
    );
    expect(() => invoice({ quoted: { ...FACTS.quoted, tax: '189.45' } })).toThrow(
      'Los totales no coinciden con la cotización aceptada',
    );
    const line = { ...FACTS.lines[1]!, discountPercent: '0' };
    const lines = Array.from({ length: 201 }, () => line);
    expect(() =>
      invoice({ lines, quoted: { subtotal: '7537.50', tax: '1658.25', total: '9195.75' } }),
    ).toThrow('El comprobante supera las 200 líneas que admite DGI');
    expect(() => invoice({ exchangeRate: null })).toThrow('Falta el tipo de cambio del día');
  });

  it('cuts the buyer and item texts to DGI lengths instead of refusing them', () => {
    const long = 'Calle '.repeat(20);
    const draft = invoice({ buyer: { ...FACTS.buyer, address: long } });
    expect(draft.receiver?.address).toHaveLength(70);
    expect(schemaErrors(signed(draft))).toBe('');
  });
});
