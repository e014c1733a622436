// 'Datos de la empresa' (/dashboard/ajustes): the store's data printed on every quote and
// shown on /nosotros (docs/decisions/054-store-profile.md).
import { z } from 'zod';
import { compactRut, isValidRut } from '../rut';
import { RUT_INVALID_MESSAGE } from './company';
import { boundedText, documentLine, emailSchema } from './common';

export const STORE_LEGAL_NAME_MAX = 120;
export const STORE_ADDRESS_MAX = 200;
export const STORE_PHONE_MAX = 30;
export const STORE_TERMS_MAX = 500;
export const STORE_WARRANTY_MAX = 1000;
export const STORE_VALIDITY_DAYS_MAX = 365;
/** Days a quote stays acceptable when staff never set the store's default. */
export const DEFAULT_VALIDITY_DAYS = 15;
/** The multipart field of the logo upload (POST /api/admin/store/logo). */
export const STORE_LOGO_FIELD = 'logo';
export const STORE_LOGO_URL = '/api/admin/store/logo';
export type StoreLogoSaved = { logoUrl: string };

const optionalText = (max: number, label: string) =>
  boundedText(max, `${label} no debe exceder los ${max} caracteres`);

/** admin.store.update: everything but the logo, which is a file (its own route). */
export const storeProfileInputSchema = z.object({
  // The issuer's lines of every quote: one line each, of what the PDF draws.
  legalName: documentLine(STORE_LEGAL_NAME_MAX, {
    required: 'Ingresá la razón social',
    tooLong: `La razón social no debe exceder los ${STORE_LEGAL_NAME_MAX} caracteres`,
  }),
  // Optional: a store set up from the environment has none until staff type it.
  rut: z
    .string()
    .max(20, RUT_INVALID_MESSAGE)
    .transform((value) => value.trim())
    .refine((value) => value === '' || isValidRut(value), RUT_INVALID_MESSAGE)
    .transform((value) => (value === '' ? null : compactRut(value))),
  address: documentLine(STORE_ADDRESS_MAX, {
    required: 'Ingresá la dirección',
    tooLong: `La dirección no debe exceder los ${STORE_ADDRESS_MAX} caracteres`,
  }),
  phone: documentLine(STORE_PHONE_MAX, {
    required: 'Ingresá el teléfono',
    tooLong: `El teléfono no debe exceder los ${STORE_PHONE_MAX} caracteres`,
  }),
  email: emailSchema('Ingresá un correo válido', 'Ingresá el correo'),
  paymentTerms: optionalText(STORE_TERMS_MAX, 'La forma de pago'),
  deliveryTerms: optionalText(STORE_TERMS_MAX, 'El plazo de entrega'),
  warranty: optionalText(STORE_WARRANTY_MAX, 'La garantía'),
  validityDays: z
    .number('Ingresá la cantidad de días')
    .int('Ingresá un número entero de días')
    .min(1, 'La validez mínima es 1 día')
    .max(STORE_VALIDITY_DAYS_MAX, `La validez máxima es ${STORE_VALIDITY_DAYS_MAX} días`),
});
export type StoreProfileFormValues = z.input<typeof storeProfileInputSchema>;
export type StoreProfileInput = z.output<typeof storeProfileInputSchema>;

/**
 * What the quote PDF's seller block lacks, as the editor names it ('el RUT'): staff hear it
 * before they send a quote without it.
 */
export function missingSellerData(profile: {
  legalName: string;
  rut: string | null;
  address: string;
}): string[] {
  return [
    !profile.legalName.trim() && 'la razón social',
    !profile.rut && 'el RUT',
    !profile.address.trim() && 'la dirección',
  ].filter((item): item is string => Boolean(item));
}
