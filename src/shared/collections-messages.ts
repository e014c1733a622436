// What credit and collections say to staff and buyers, by key
// (docs/decisions/083, 084 and 085).
import { formatMoney } from './format';

export const collectionsMessages = {
  orderNotFound: 'El pedido no existe',
  companyNotFound: 'La empresa no existe',
  customerNotFound: 'El cliente no existe',
  orderHasPayments:
    'Este pedido tiene pagos registrados: revertilos antes de sacarlo de «Concretado».',
  creditNotPending: 'Este pedido ya no espera aprobación de crédito.',
  termsSaved: 'Condiciones guardadas',
  creditApproved: 'Crédito aprobado: el pedido quedó concretado.',
  creditDeclined: 'Crédito rechazado: avisamos al cliente.',
  paymentRecorded: 'Pago registrado',
  paymentReversed: 'Pago revertido',
  paymentAlreadyReversed: 'Este pago ya fue revertido.',
  paymentNotFound: 'El pago no existe',
  nothingToPay: 'No hay pedidos con saldo pendiente para aplicar este pago.',
  orderNotPayable: 'Ese pedido no tiene saldo pendiente de esta cuenta.',
  noRateForDay: 'No hay cotización del dólar para ese día: ingresala a mano en Cobranzas.',
  rateSaved: 'Cotización guardada',
  receivedInFuture: 'La fecha de recepción no puede ser posterior a hoy',
  collectBeforeReceived: 'La fecha de cobro no puede ser anterior a la de recepción',
  statementAdminOnly: 'Solo un administrador de la empresa puede ver su estado de cuenta.',
} as const;

/** 'Supera tu crédito disponible (US$ 2.000,00). Lo revisamos y te avisamos.' */
export const creditHoldMessage = (available: string) =>
  `Supera tu crédito disponible (${formatMoney(available)}). Lo revisamos y te avisamos.`;

/** The history's note on an acceptance that waits for credit. */
export const creditHoldNote = (available: string) =>
  `Supera el crédito disponible (${formatMoney(available)}): espera la aprobación de la tienda`;
export const CREDIT_APPROVED_NOTE = 'Crédito aprobado por la tienda';
export const creditDeclinedNote = (reason: string) => `Crédito rechazado: ${reason}`;

/** 'El pago supera el saldo pendiente (US$ 1.000,00).' */
export const paymentOverBalance = (balance: string) =>
  `El pago supera el saldo pendiente de los pedidos elegidos (${formatMoney(balance)}).`;
