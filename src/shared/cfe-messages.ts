// The texts of the fiscal documents (CFE): the data the store checks before anything goes to
// the provider, each naming what is missing, and the answers of the staff's actions
// (docs/decisions/086-invoices-through-a-certified-provider.md). messages.ts carries them.

export const cfeMessages = {
  cfeIssuerRutMissing: 'Falta el RUT de la empresa',
  cfeIssuerLegalNameMissing: 'Falta la razón social de la empresa',
  cfeIssuerBranchMissing: 'Falta el código de sucursal DGI de la empresa',
  cfeIssuerAddressMissing: 'Falta el domicilio fiscal de la empresa',
  cfeIssuerCityMissing: 'Falta la ciudad de la empresa',
  cfeIssuerDepartmentMissing: 'Falta el departamento de la empresa',
  cfeReceiverRutInvalid: 'El RUT del cliente no es válido',
  cfeReceiverNameMissing: 'Falta la razón social del cliente',
  cfeReceiverAddressMissing: 'Falta la dirección del cliente',
  cfeReceiverCityMissing: 'Falta la ciudad del cliente',
  cfeBuyerDocumentMissing:
    'Falta la cédula del comprador: el e-Ticket supera el tope de 5.000 UI sin identificar',
  cfeDeliveryAddressMissing: 'Falta la dirección de entrega del despacho',
  cfeExchangeRateMissing: 'Falta el tipo de cambio del día',
  cfeNoLines: 'El comprobante no tiene líneas',
  cfeTotalsMismatch: 'Los totales no coinciden con la cotización aceptada',
  cfeTotalsDoNotAddUp: 'Los totales del comprobante no suman',
  cfeNothingToCredit: 'No queda nada por acreditar de esa factura',
  cfeCreditTooLarge: 'La nota de crédito supera lo que queda por acreditar de la línea',
  cfeInvoiceNotIssued: 'La factura todavía no fue emitida: esperá a que DGI la reciba',
  cfeDocumentNotFound: 'Comprobante no encontrado',
  cfeNotRetryable: 'Ese comprobante no espera datos: no hay nada que reintentar',
  cfeNotRejected: 'Solo un comprobante rechazado por DGI se emite de nuevo',
  cfeAlreadyReissued: 'Ese comprobante ya se emitió de nuevo',
  cfeProviderUnavailable: 'El proveedor de facturación no responde: se reintenta solo',
  cfeRetryQueued: 'Se reintenta la emisión',
  cfeReissueQueued: 'Se emite un comprobante nuevo en lugar del rechazado',
  cfeCreditNoteQueued: 'Nota de crédito en cola de emisión',
  invoicingSettingsSaved: 'Datos de facturación guardados',
  // One answer whichever of the three was wrong: the page never tells which part matched.
  cfeVerifyNotFound:
    'No encontramos un comprobante con esos datos. Revisá la serie, el número y el código de seguridad.',
} as const;

/** Too many lines for one document of this kind (DGI's limits: 200, e-Ticket 700). */
export const cfeTooManyLinesMessage = (limit: number) =>
  `El comprobante supera las ${limit} líneas que admite DGI`;

/** A line whose unit price is zero: DGI asks a positive one outside free deliveries. */
export const cfeLinePriceMessage = (name: string) =>
  `El precio de «${name}» debe ser mayor a 0 para facturarlo`;

/** One of the store's own fields longer than DGI takes. */
export const cfeIssuerTooLongMessage = (field: string, max: number) =>
  `${field} de la empresa supera los ${max} caracteres que admite DGI`;
