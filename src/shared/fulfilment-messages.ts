/**
 * The texts of delivery sites, dispatches and deliveries (docs/decisions/081, 082). The
 * browser shows them and the server answers with them (shared/messages.ts spreads them into
 * `messages`).
 */
export const fulfilmentMessages = {
  // Address book
  siteNotFound: 'Ese lugar de entrega no existe.',
  sitesAdminOnly: 'Solo un administrador de la empresa puede cambiar sus direcciones.',
  siteNotOurs: 'Elegí un lugar de entrega de tu cuenta o de tu empresa.',
  siteSaved: 'Guardamos el lugar de entrega.',
  siteDeleted: 'Eliminamos el lugar de entrega.',
  siteDefaultSet: 'Es el lugar de entrega predeterminado.',
  fiscalAddressSaved: 'Guardamos el domicilio fiscal.',
  fiscalAddressNeedsCompany: 'Cargá primero la razón social y el RUT en «Datos de la empresa».',
  tooManySites: 'Llegaste al máximo de lugares de entrega. Eliminá uno que no uses.',

  // Delivery choice
  deliveryMethodRequired: 'Elegí cómo recibís el pedido',
  deliverySiteRequired: 'Elegí el lugar de entrega',
  deliveryAgencyRequired: 'Elegí la agencia',
  deliveryAgencyNameRequired: 'Escribí el nombre de la agencia',

  // Dispatches
  dispatchNotFound: 'Ese despacho no existe.',
  dispatchNothing: 'Indicá al menos una unidad a despachar',
  dispatchLineUnknown: 'Esa línea no es de este pedido. Recargá la página.',
  dispatchDateFuture: 'La fecha no puede ser posterior a hoy',
  deliveryDateFuture: 'La fecha de entrega no puede ser posterior a hoy',
  deliveryDateBeforeDispatch: 'La fecha de entrega no puede ser anterior al despacho',
  alreadyDelivered: 'Ese despacho ya figura como entregado.',
  nothingLeftToCancel: 'No queda nada por despachar en este pedido.',
  cancelNeedsADispatch:
    'Todavía no salió nada de este pedido: para cancelarlo entero cambiá su estado a Cancelado.',
  remainderReasonRequired: 'Escribí el motivo',
  leavesConcludedRefused:
    'Este pedido ya tiene despachos: sigue Concretado. Lo que no salió se puede cancelar desde «Despacho».',
  receivedByRequired: 'Escribí quién recibió',
  dispatchRegistered: 'Registramos el despacho y le enviamos la nota de entrega al cliente.',
  deliveryRecorded: 'Marcamos el despacho como entregado.',
  receiptConfirmed: '¡Gracias! Registramos que recibiste el despacho.',
  remainderCancelled: 'Cancelamos lo que quedaba por despachar y devolvimos su stock.',
} as const;

/** 'Quedan 2 por despachar': what a line can still send. */
export const pendingUnitsMessage = (n: number) =>
  n === 0 ? 'No queda nada por despachar de esta línea' : `Quedan ${n} por despachar`;

/** Why an order that is not Concretado cannot be dispatched, in its own words. */
export const notDispatchableMessage = (status: string) =>
  status === 'Cancelado'
    ? 'Este pedido está cancelado: no se puede despachar.'
    : status === 'Vencida'
      ? 'Esta cotización venció sin aceptarse: no se puede despachar.'
      : `Solo se despachan pedidos concretados; este está en «${status}».`;

/** A back-ordered line that finds too little stock when it is about to leave. */
export const dispatchStockShortMessage = (product: string, stock: number) =>
  `No hay stock suficiente para despachar ${product}: quedan ${stock}.`;
