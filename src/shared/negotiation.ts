// The words of a quote's negotiation between the buyer and the store: 'Pedir cambios' and the
// spending-limit warning of the acceptance dialog
// (docs/decisions/090-asking-for-changes-is-an-event.md), on both sides.
import { formatMoney } from './format';

export const negotiationMessages = {
  changesRequested: 'Enviamos tu pedido de cambios. Te avisamos cuando llegue la nueva cotización.',
  changeNotCurrent:
    'Esta cotización ya no es la vigente: pedí los cambios sobre la última. Recargá la página.',
  changeNotOpen:
    'Solo se pueden pedir cambios a una cotización enviada que todavía espera tu respuesta.',
  changeAlreadyRequested:
    'Ya pediste cambios a esta cotización: esperá la nueva que te va a enviar la tienda.',
} as const;

/** The timeline's entry of a change request. */
export const CHANGES_REQUESTED_TITLE = 'Cambios pedidos';

/** Said in the acceptance dialog when the total passes the member's limit (decision 058). */
export const spendingLimitWarning = (limit: string) =>
  `Supera tu límite de ${formatMoney(limit)}: un administrador de tu empresa tiene que aprobarla`;
