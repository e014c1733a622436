import { heldUnitsCapInputSchema } from '@shared/schemas/customer';
import {
  companyHandOverSchema,
  idInputSchema,
  staffCustomersInputSchema,
  staffNoteSchema,
} from '@shared/schemas/customers';
import { handOverCompany } from '../../services/companies/company-hand-over';
import { setHeldUnitsCap } from '../../services/orders/held-units';
import {
  getStaffCompany,
  getStaffCustomer,
  setCompanyNote,
  setCustomerNote,
} from '../../services/accounts/staff-customer-pages';
import { listStaffCompanies, listStaffCustomers } from '../../services/accounts/staff-customers';
import { adminProcedure, router } from '../../trpc/init';

/** /dashboard/clientes: the customers' side. */
export const adminCustomersRouter = router({
  list: adminProcedure
    .input(staffCustomersInputSchema)
    .query(({ ctx, input }) => listStaffCustomers(ctx.db, input)),
  get: adminProcedure
    .input(idInputSchema)
    .query(({ ctx, input }) => getStaffCustomer(ctx.db, input.id)),
  setNote: adminProcedure
    .input(staffNoteSchema)
    .mutation(({ ctx, input }) => setCustomerNote(ctx.db, input)),
  /** Staff's own cap of the units this customer may hold in open quotes (null: the store's). */
  setHeldUnitsCap: adminProcedure
    .input(heldUnitsCapInputSchema)
    .mutation(({ ctx, input }) => setHeldUnitsCap(ctx.db, input, { userId: ctx.session.user.id })),
});

/** /dashboard/clientes?vista=empresas and each company's page. */
export const adminCompaniesRouter = router({
  list: adminProcedure
    .input(staffCustomersInputSchema)
    .query(({ ctx, input }) => listStaffCompanies(ctx.db, input)),
  get: adminProcedure
    .input(idInputSchema)
    .query(({ ctx, input }) => getStaffCompany(ctx.db, input.id, ctx.clock.now())),
  setNote: adminProcedure
    .input(staffNoteSchema)
    .mutation(({ ctx, input }) => setCompanyNote(ctx.db, input)),
  /** A company without members gets an administrator: an existing customer, by e-mail. */
  handOver: adminProcedure
    .input(companyHandOverSchema)
    .mutation(({ ctx, input }) => handOverCompany(ctx.db, input, { userId: ctx.session.user.id })),
});
