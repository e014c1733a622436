// Collections' side of an order's entering or leaving Concretado, handed to the orders room by
// the routers (services/orders/payment-axis.ts says why it is handed in, not imported).
import type { PaymentAxis } from '../orders/payment-axis';
import { closePaymentAxis, openPaymentAxis } from './conclusion';
import { holdForCredit } from './credit-check';

export const paymentAxis: PaymentAxis = {
  holdForCredit,
  concluded: openPaymentAxis,
  leaving: closePaymentAxis,
};
