// Who reads an order (docs/decisions/057-companies-with-members.md): its customer, and the
// members of the company it was requested for. Anyone else is answered NOT_FOUND, exactly as
// for an order that does not exist.
import { type SQL, sql } from 'drizzle-orm';
import { companyMembers, orders } from '../../db/schema';

/** WHERE condition: the order is `customerId`'s own or their company's. */
export const orderReadableBy = (customerId: number): SQL =>
  sql`(${orders.customerId} = ${customerId} or ${orders.companyId} = (
        select ${companyMembers.companyId} from ${companyMembers}
        where ${companyMembers.customerId} = ${customerId}))`;
