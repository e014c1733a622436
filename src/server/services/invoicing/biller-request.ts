// The store's draft as Biller's 'Emisión de CFEs' asks for it (POST /v3/comprobantes/emitir,
// Biller's OpenAPI, 'Tabla de valores'): Biller numbers, signs and sends the document it builds
// from these fields, so every amount the store checked goes as it is and Biller adds the IVA
// of each line's rate (docs/decisions/091-biller-as-the-certified-provider.md).
import type { CfeDraft, CfeGoodsLine, CfeLine, CfeReceiver, CfeReference } from './cfe-types';

/** Biller's own lengths where they are shorter than DGI's (its 'Cliente' and 'Ítems' tables). */
const BILLER_MAX = { legalName: 70, personName: 30, address: 70, city: 30, department: 30 };

const cut = (value: string | null | undefined, max: number) =>
  value ? value.trim().slice(0, max) : undefined;

/** 'YYYY-MM-DD' as Biller's fecha_emision and fecha_vencimiento want it: dd/mm/aaaa. */
export const billerDate = (day: string) => {
  const [year, month, dayOfMonth] = day.split('-');
  return `${dayOfMonth}/${month}/${year}`;
};

type BillerCustomer = {
  tipo_documento?: number;
  documento?: string;
  razon_social?: string;
  nombre_fantasia?: string;
  sucursal: { direccion?: string; ciudad?: string; departamento?: string; pais: 'UY' };
};

export type BillerIssueBody = {
  tipo_comprobante: number;
  numero_interno: string;
  fecha_emision: string;
  sucursal: number;
  cliente: BillerCustomer | '-';
  items: Record<string, number | string>[];
  forma_pago?: number;
  fecha_vencimiento?: string;
  moneda?: string;
  tasa_cambio?: number;
  montos_brutos?: 0;
  numero_compra?: string;
  lugar_entrega?: string;
  tipo_traslado?: 1;
  referencias?: { tipo: number; serie: string; numero: number }[];
  razon_referencia?: string;
};

/**
 * The receiver as Biller's 'cliente': a company by RUT and razón social, a person by the
 * document and nombre fantasía; '-' when the document names none (an e-Ticket under DGI's
 * threshold). Biller keeps it as a customer of the store's account.
 */
function customerOf(receiver: CfeReceiver | null): BillerCustomer | '-' {
  if (!receiver?.name) return '-';
  const isCompany = receiver.docType === 2;
  return {
    ...(receiver.docType && receiver.document
      ? { tipo_documento: receiver.docType, documento: receiver.document }
      : {}),
    ...(isCompany
      ? { razon_social: cut(receiver.name, BILLER_MAX.legalName) }
      : { nombre_fantasia: cut(receiver.name, BILLER_MAX.personName) }),
    sucursal: {
      direccion: cut(receiver.address, BILLER_MAX.address),
      ciudad: cut(receiver.city, BILLER_MAX.city),
      departamento: cut(receiver.department, BILLER_MAX.department),
      pais: 'UY',
    },
  };
}

/** A sales line: the net unit price and the line's discount; Biller adds its rate's IVA. */
const saleItem = (line: CfeLine) => ({
  ...(line.code ? { codigo: line.code } : {}),
  cantidad: Number(line.quantity),
  concepto: line.name,
  ...(line.description ? { descripcion: line.description } : {}),
  precio: Number(line.unitPrice),
  indicador_facturacion: line.indFact,
  ...(line.discountPercent
    ? { descuento_tipo: '%', descuento_cantidad: Number(line.discountPercent) }
    : {}),
});

/** An e-Remito's line: goods without a price. */
const goodsItem = (line: CfeGoodsLine) => ({
  ...(line.code ? { codigo: line.code } : {}),
  cantidad: Number(line.quantity),
  concepto: line.name,
  ...(line.description ? { descripcion: line.description } : {}),
});

/** The documents a credit note corrects, by DGI's type, serie and number (Biller's 2nd form). */
const referencesOf = (references: CfeReference[]) =>
  references.length > 0
    ? {
        referencias: references.map((ref) => ({
          tipo: ref.kind,
          serie: ref.serie,
          numero: ref.number,
        })),
        razon_referencia: references[0]!.reason,
      }
    : {};

/**
 * The body of POST /v3/comprobantes/emitir for `draft`, issued from Biller's branch `branchId`.
 * `numero_interno` is the document's idempotency key: Biller refuses a second document with it
 * and finds the first by it.
 */
export function billerIssueBody(draft: CfeDraft, key: string, branchId: number): BillerIssueBody {
  const common = {
    tipo_comprobante: draft.kind,
    numero_interno: key,
    fecha_emision: billerDate(draft.issuedOn),
    sucursal: branchId,
    cliente: customerOf(draft.receiver),
    ...(draft.receiver?.purchaseOrder ? { numero_compra: draft.receiver.purchaseOrder } : {}),
    ...referencesOf(draft.references),
  };
  if (draft.kind === 181) {
    return {
      ...common,
      tipo_traslado: 1,
      ...(draft.receiver?.deliveryPlace ? { lugar_entrega: draft.receiver.deliveryPlace } : {}),
      items: draft.lines.map(goodsItem),
    };
  }
  return {
    ...common,
    forma_pago: draft.payment.form,
    ...(draft.payment.dueOn ? { fecha_vencimiento: billerDate(draft.payment.dueOn) } : {}),
    moneda: draft.currency,
    // Sent always: without it Biller would take its own closing rate of the day before.
    ...(draft.exchangeRate ? { tasa_cambio: Number(draft.exchangeRate) } : {}),
    // The store's prices are net of IVA: Biller adds each line's rate.
    montos_brutos: 0,
    items: draft.lines.map(saleItem),
  };
}
