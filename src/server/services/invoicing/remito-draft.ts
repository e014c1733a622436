// The e-Remito (181) of one dispatch: the goods that leave, to whom and where, without prices,
// sent to DGI before they move (Formato_Sobre v05 §1). Built from a dispatch-shaped input the
// fulfilment service will hand over (remitos.ts, the seam).
import { cfeMessages } from '@shared/cfe-messages';
import { cfeTooManyLinesMessage } from '@shared/cfe-messages';
import { isValidRut } from '@shared/rut';
import { MAX_LINES } from './cfe-draft';
import { CfeDataError } from './cfe-errors';
import { checkIssuer, cut, FIELD_MAX, type IssuerSettings } from './cfe-issuer';
import type { RemitoDraft } from './cfe-types';

/** One dispatch as the e-Remito needs it. */
export type DispatchFacts = {
  /** The dispatch's own id, kept so each dispatch has one e-Remito. */
  dispatchRef: string;
  orderId: number;
  purchaseOrder: string | null;
  receiver: {
    name: string;
    rut: string | null;
    address: string | null;
    city: string | null;
    department: string | null;
    /** The delivery site as the driver reads it ('Depósito Colonia, Ruta 1 km 30'). */
    deliveryPlace: string | null;
  };
  lines: { name: string; variant: string | null; sku: string | null; quantity: number }[];
};

/** The e-Remito of `dispatch`; throws CfeDataError naming what is missing. */
export function remitoDraft(options: {
  dispatch: DispatchFacts;
  settings: IssuerSettings;
  issuedOn: string;
  internalNumber: string;
}): RemitoDraft {
  const { dispatch } = options;
  const issuer = checkIssuer(options.settings);
  const { receiver } = dispatch;
  // CFE v24 A-C60: an e-Remito always identifies its receiver, with where the goods go.
  if (!receiver.name.trim()) throw new CfeDataError(cfeMessages.cfeReceiverNameMissing);
  if (!receiver.address?.trim() || !receiver.city?.trim()) {
    throw new CfeDataError(cfeMessages.cfeDeliveryAddressMissing);
  }
  if (receiver.rut && !isValidRut(receiver.rut)) {
    throw new CfeDataError(cfeMessages.cfeReceiverRutInvalid);
  }
  if (dispatch.lines.length === 0) throw new CfeDataError(cfeMessages.cfeNoLines);
  if (dispatch.lines.length > MAX_LINES[181]) {
    throw new CfeDataError(cfeTooManyLinesMessage(MAX_LINES[181]));
  }
  return {
    kind: 181,
    internalNumber: options.internalNumber,
    issuedOn: options.issuedOn,
    issuer,
    receiver: {
      docType: receiver.rut ? 2 : null,
      document: receiver.rut,
      name: cut(receiver.name, FIELD_MAX.receiverName),
      address: cut(receiver.address, FIELD_MAX.address),
      city: cut(receiver.city, FIELD_MAX.city),
      department: receiver.department ? cut(receiver.department, FIELD_MAX.department) : null,
      deliveryPlace: receiver.deliveryPlace
        ? cut(receiver.deliveryPlace, FIELD_MAX.deliveryPlace)
        : null,
      purchaseOrder: dispatch.purchaseOrder
        ? cut(dispatch.purchaseOrder, FIELD_MAX.purchaseOrder)
        : null,
    },
    lines: dispatch.lines.map((line, i) => {
      const fullName = line.variant ? `${line.name} (${line.variant})` : line.name;
      return {
        number: i + 1,
        code: line.sku ? cut(line.sku, 35) : null,
        name: cut(line.name, FIELD_MAX.itemName),
        description:
          fullName.length > FIELD_MAX.itemName || line.variant ? cut(fullName, 1000) : null,
        quantity: `${line.quantity}.000`,
      };
    }),
    references: [],
  };
}
