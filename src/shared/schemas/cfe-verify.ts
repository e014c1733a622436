// 'Verificar comprobante' (/comprobantes/verificar): the three things printed on every CFE that
// together name one document — serie, number and the security code under the QR
// (docs/decisions/097-e-ticket-verification.md).
import { z } from 'zod';

/** DGI's serie: one or two capital letters ('A', 'AB'). */
const SERIE_PATTERN = /^[A-Z]{1,2}$/;
/** The number as printed (NroCFE, 7 digits in DGI's format), digits only; 9 at most. */
const NUMBER_PATTERN = /^\d{1,9}$/;
/** The first 6 characters of DGI's hash, in base64: case matters. */
export const SECURITY_CODE_LENGTH = 6;
const SECURITY_CODE_PATTERN = /^[A-Za-z0-9+/=]{6}$/;

export const cfeVerifyInputSchema = z.object({
  // Always capitals on the document, so 'a' typed is the serie 'A'.
  serie: z
    .string()
    .trim()
    .min(1, 'Ingresá la serie')
    .max(2, 'Revisá la serie: son una o dos letras, como A')
    .transform((value) => value.toUpperCase())
    .refine((value) => SERIE_PATTERN.test(value), 'Revisá la serie: son una o dos letras, como A'),
  number: z
    .string()
    .trim()
    .min(1, 'Ingresá el número')
    .max(9, 'Revisá el número: es un entero positivo, sin puntos')
    .refine(
      (value) => NUMBER_PATTERN.test(value) && Number(value) > 0,
      'Revisá el número: es un entero positivo, sin puntos',
    )
    .transform(Number),
  // No trimming inside and no change of case: the code is compared as printed.
  code: z
    .string()
    .trim()
    .min(1, 'Ingresá el código de seguridad')
    .max(
      SECURITY_CODE_LENGTH,
      `Revisá el código de seguridad: son los ${SECURITY_CODE_LENGTH} caracteres impresos bajo el código QR`,
    )
    .refine(
      (value) => SECURITY_CODE_PATTERN.test(value),
      `Revisá el código de seguridad: son los ${SECURITY_CODE_LENGTH} caracteres impresos bajo el código QR`,
    ),
});
export type CfeVerifyFormValues = z.input<typeof cfeVerifyInputSchema>;
export type CfeVerifyInput = z.output<typeof cfeVerifyInputSchema>;
