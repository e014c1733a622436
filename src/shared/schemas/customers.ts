// Inputs of the dashboard's customers and companies (/dashboard/clientes).
import { z } from 'zod';
import { ORDER_SEARCH_MAX } from '../order-filters';
import { boundedText, emailSchema, idSchema } from './common';
import { pageSchema } from './page';

export const STAFF_CUSTOMERS_PAGE_SIZE = 20;
export const STAFF_NOTE_MAX = 2000;
/** The latest orders a customer's or company's page lists (the orders list has the rest). */
export const STAFF_RECENT_ORDERS = 20;

export const staffCustomersFilterSchema = z.object({
  search: z.string().trim().max(ORDER_SEARCH_MAX).optional(),
});
export type StaffCustomersFilter = z.infer<typeof staffCustomersFilterSchema>;

export const staffCustomersInputSchema = staffCustomersFilterSchema.extend({ page: pageSchema });
export type StaffCustomersInput = z.infer<typeof staffCustomersInputSchema>;

export const staffNoteSchema = z.object({
  id: idSchema,
  note: boundedText(STAFF_NOTE_MAX, `La nota no debe exceder los ${STAFF_NOTE_MAX} caracteres`),
});
export type StaffNoteInput = z.infer<typeof staffNoteSchema>;

export const idInputSchema = z.object({ id: idSchema });

/**
 * admin.companies.handOver: the account (by its e-mail) that will administer a company left
 * without members (docs/decisions/074-a-rut-is-not-a-key.md).
 */
export const companyHandOverSchema = z.object({
  id: idSchema,
  email: emailSchema('El correo electrónico no es válido', 'Ingresá el correo de la cuenta'),
});
export type CompanyHandOverInput = z.infer<typeof companyHandOverSchema>;
export type CompanyHandOverValues = z.input<typeof companyHandOverSchema>;
