import { Badge } from '@client/components/ui/badge';
import {
  CHEQUE_PENDING_LABEL,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@shared/collections';
import { formatDay, formatMoney } from '@shared/format';
import { formatPesosCents, formatRate } from '@shared/quote-math';
import { parseCents } from '@shared/money';

export type PaymentLine = {
  id: number;
  method: PaymentMethod;
  bank: string | null;
  reference: string | null;
  chequeNumber: string | null;
  receivedOn: string;
  collectOn: string | null;
  amount: string;
  pesos: string | null;
  exchangeRate: string | null;
  reversedAt: Date | null;
  reversalReason: string | null;
  isToCollect: boolean;
};

/** 'Transferencia · BROU · TR-0001', 'Cheque · Itaú N° 123 · cobro 20/11/2026'. */
export function paymentDetail(payment: PaymentLine) {
  return [
    PAYMENT_METHOD_LABELS[payment.method],
    payment.bank,
    payment.reference,
    payment.chequeNumber && `N° ${payment.chequeNumber}`,
    payment.method === 'cheque' && payment.collectOn && `cobro ${formatDay(payment.collectOn)}`,
    payment.pesos &&
      payment.exchangeRate &&
      `${formatPesosCents(parseCents(payment.pesos))} a ${formatRate(payment.exchangeRate)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A payment's state: reversed (with why), a cheque to collect, or credited. */
export function PaymentState({ payment }: { payment: PaymentLine }) {
  if (payment.reversedAt) {
    return (
      <span className="text-destructive text-xs">
        Revertido{payment.reversalReason ? `: ${payment.reversalReason}` : ''}
      </span>
    );
  }
  if (payment.isToCollect) return <Badge variant="outline">{CHEQUE_PENDING_LABEL}</Badge>;
  return <Badge variant="soft-success">Acreditado</Badge>;
}

/** The day received and the amount, struck through once reversed. */
export function PaymentAmount({ payment }: { payment: PaymentLine }) {
  return (
    <span className={payment.reversedAt ? 'text-muted-foreground line-through' : 'font-medium'}>
      {formatMoney(payment.amount)}
    </span>
  );
}

export const paymentDay = (payment: PaymentLine) => formatDay(payment.receivedOn);
