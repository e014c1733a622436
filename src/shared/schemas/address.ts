import { z } from 'zod';
import { requiredText, boundedText } from './common';

export const ADDRESS_LINE_MAX = 100;
export const CITY_MAX = 50;
export const STATE_MAX = 50;
export const POSTAL_CODE_MAX = 10;
export const COUNTRY_MAX = 60;

// Written out (not built from ADDRESS_LINE_MAX): the product description quotes this text.
const ADDRESS_LINE_TOO_LONG = 'La dirección no debe exceder los 100 caracteres';

export const addressInputSchema = z.object({
  addressLine1: requiredText(ADDRESS_LINE_MAX, 'La dirección es requerida', ADDRESS_LINE_TOO_LONG),
  addressLine2: boundedText(ADDRESS_LINE_MAX, ADDRESS_LINE_TOO_LONG).optional(),
  city: requiredText(
    CITY_MAX,
    'La ciudad es requerida',
    'La ciudad no debe exceder los 50 caracteres',
  ),
  state: requiredText(
    STATE_MAX,
    'El estado es requerido',
    'El estado no debe exceder los 50 caracteres',
  ),
  postalCode: boundedText(
    POSTAL_CODE_MAX,
    'El código postal no debe exceder los 10 caracteres',
  ).optional(),
  country: requiredText(
    COUNTRY_MAX,
    'El país es requerido',
    `El país no debe exceder los ${COUNTRY_MAX} caracteres`,
  ),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
