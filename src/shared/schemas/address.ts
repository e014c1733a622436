import { z } from 'zod';

export const ADDRESS_LINE_MAX = 100;
export const CITY_MAX = 50;
export const STATE_MAX = 50;
export const POSTAL_CODE_MAX = 10;
export const COUNTRY_MAX = 60;

export const addressInputSchema = z.object({
  addressLine1: z
    .string()
    .trim()
    .min(1, 'La dirección es requerida')
    .max(ADDRESS_LINE_MAX, 'La dirección no debe exceder los 100 caracteres'),
  addressLine2: z
    .string()
    .trim()
    .max(ADDRESS_LINE_MAX, 'La dirección no debe exceder los 100 caracteres')
    .optional(),
  city: z
    .string()
    .trim()
    .min(1, 'La ciudad es requerida')
    .max(CITY_MAX, 'La ciudad no debe exceder los 50 caracteres'),
  state: z
    .string()
    .trim()
    .min(1, 'El estado es requerido')
    .max(STATE_MAX, 'El estado no debe exceder los 50 caracteres'),
  postalCode: z
    .string()
    .trim()
    .max(POSTAL_CODE_MAX, 'El código postal no debe exceder los 10 caracteres')
    .optional(),
  country: z
    .string()
    .trim()
    .min(1, 'El país es requerido')
    .max(COUNTRY_MAX, `El país no debe exceder los ${COUNTRY_MAX} caracteres`),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
