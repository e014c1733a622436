import { z } from 'zod';
import { compactRut, isValidRut } from '../rut';
import { documentLine } from './common';

export const COMPANY_NAME_MAX = 120;
export const RUT_INVALID_MESSAGE = 'El RUT no es válido';

/** Blank means "not given": stored as null, never as ''. */
const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

/** 'Razón social' and RUT, both optional: the account profile and the checkout share them. */
export const companyFieldsSchema = z.object({
  // Printed on the quote: one line of what the PDF draws.
  companyName: documentLine(COMPANY_NAME_MAX, {
    tooLong: `La razón social no debe exceder los ${COMPANY_NAME_MAX} caracteres`,
  })
    .optional()
    .transform(blankToUndefined),
  rut: z
    .string()
    .max(20, RUT_INVALID_MESSAGE)
    .optional()
    .transform(blankToUndefined)
    .refine((value) => value === undefined || isValidRut(value), RUT_INVALID_MESSAGE)
    .transform((value) => (value === undefined ? undefined : compactRut(value))),
});
export type CompanyFieldsValues = z.input<typeof companyFieldsSchema>;
export type CompanyFields = z.output<typeof companyFieldsSchema>;
