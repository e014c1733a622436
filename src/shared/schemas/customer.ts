import { z } from 'zod';
import { idSchema } from './common';

/** The highest cap staff can give one customer (50 lines of 999 units is 49,950). */
export const HELD_UNITS_CAP_MAX = 100_000;

/**
 * Staff's own cap of the units a customer may hold in open quotes; null gives the customer the
 * store's cap again (MAX_HELD_UNITS).
 */
export const heldUnitsCapInputSchema = z.object({
  customerId: idSchema,
  maxHeldUnits: z
    .number({ error: 'Ingresá un número de unidades' })
    .int('El tope debe ser un número entero')
    .min(1, 'El tope mínimo es 1 unidad')
    .max(HELD_UNITS_CAP_MAX, `El tope máximo es ${HELD_UNITS_CAP_MAX} unidades`)
    .nullable(),
});
export type HeldUnitsCapInput = z.infer<typeof heldUnitsCapInputSchema>;
