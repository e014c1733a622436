import { orders } from '../../db/schema';

/**
 * An order's own fields as the customer gave them: what the order page shows and what the
 * customer's data export carries, so both always list the same ones.
 */
export const orderRequestColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalAmount: orders.totalAmount,
  contactEmail: orders.contactEmail,
  contactPhone: orders.contactPhone,
  message: orders.message,
  companyName: orders.companyName,
  rut: orders.rut,
};
