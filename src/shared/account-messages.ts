/**
 * The texts of accounts and companies: password recovery, e-mail verification,
 * company members and approvals, personal data. The browser shows them and the server answers
 * with them (shared/messages.ts spreads them into `messages`).
 */
export const accountMessages = {
  // Password recovery ('¿Olvidaste tu contraseña?')
  resetRequested:
    'Si ese correo tiene una cuenta, te enviamos un enlace para crear una contraseña nueva.',
  resetLinkInvalid: 'El enlace venció o ya se usó. Pedí uno nuevo.',
  resetDone: 'Listo: tu contraseña cambió. Iniciá sesión con la nueva.',
  resetTooMany: 'Pediste demasiados enlaces. Esperá una hora y volvé a intentarlo.',
  passwordChanged: 'Tu contraseña cambió. Cerramos la sesión en tus otros dispositivos.',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  passwordWrong: 'La contraseña no es correcta',

  // Verified e-mail
  verifyLinkInvalid: 'El enlace venció o ya se usó. Pedí uno nuevo desde tu cuenta.',
  emailVerified: 'Confirmaste tu correo. ¡Gracias!',
  emailAlreadyVerified: 'Tu correo ya está confirmado',
  verificationSent: 'Te enviamos un enlace nuevo. Revisá tu correo.',
  verificationTooMany: 'Ya te enviamos varios enlaces. Esperá una hora antes de pedir otro.',
  emailChangeRequested: 'Te enviamos un enlace al correo nuevo: abrilo para confirmar el cambio.',
  emailSameAsCurrent: 'Ese ya es el correo de tu cuenta',
  emailTakenOnConfirm: 'Ese correo ya tiene otra cuenta: no se pudo cambiar.',

  // Companies and their members
  companyRequired: 'Completá la razón social y el RUT de la empresa',
  companyNameRequired: 'La razón social es requerida',
  companyRutRequired: 'El RUT es requerido',
  // Typing a RUT never joins its company (docs/decisions/074-a-rut-is-not-a-key.md).
  companyRutTaken: 'Esa empresa ya está registrada. Pedile a un administrador que te invite.',
  companyNotFound: 'No formás parte de ninguna empresa',
  companyAdminOnly: 'Solo un administrador de la empresa puede hacer esto',
  memberNotFound: 'Esa persona no es miembro de la empresa',
  lastAdmin: 'La empresa quedaría sin administrador: nombrá a otra persona administradora antes.',
  invitationSent: 'Invitación enviada',
  invitationCancelled: 'Invitación cancelada',
  invitationTooMany: 'Enviaste demasiadas invitaciones hoy. Probá de nuevo mañana.',
  invitationTooManyToAddress:
    'Ese correo ya recibió varias invitaciones hoy. Probá de nuevo mañana.',
  invitationNeedsVerifiedEmail:
    'Para invitar, primero confirmá tu correo con el enlace que te enviamos (o pedí otro en «Acceso y seguridad»).',
  invitationAlreadyMember: 'Esa persona ya es miembro de la empresa',
  invitationInvalid: 'La invitación venció o ya no existe. Pedí una nueva.',
  invitationOtherEmail:
    'Esta invitación es para otro correo. Iniciá sesión con la cuenta de ese correo para aceptarla.',
  invitationSignUpOtherEmail:
    'Esta invitación es para otro correo: creá la cuenta con el correo invitado.',
  invitationInOtherCompany:
    'Tu cuenta ya pertenece a otra empresa. Salí de ella antes de aceptar esta invitación.',
  invitationAccepted: 'Te uniste a la empresa',
  memberRemoved: 'Miembro quitado de la empresa',
  memberUpdated: 'Cambios guardados',
  companyLeft: 'Saliste de la empresa',

  // Approval of a quote above the member's spending limit
  approvalRequested:
    'Tu límite de compra no alcanza para este total: pedimos la aprobación de un administrador de la empresa.',
  approvalNotPending: 'Este pedido no está esperando aprobación',
  orderFormerMember:
    'Ya no formás parte de la empresa de este pedido: podés consultarlo, pero no aceptarlo, rechazarlo ni escribir en él.',
  approvalApproved: 'Pedido aprobado',
  approvalDeclined: 'Pedido rechazado',
  declineReasonRequired: 'Contá por qué lo rechazás',

  // Personal data (Ley 18.331)
  accountDeleted: 'Eliminamos tu cuenta y tus datos personales.',
  deleteLastAdmin:
    'Sos quien administra la empresa y hay otros miembros: nombrá a otra persona administradora antes de eliminar tu cuenta.',
  deleteStaffAccount: 'Una cuenta del personal no se elimina desde aquí.',
  deletedCustomer: 'Cliente eliminado',
  dataExportFailed: 'No se pudieron descargar tus datos.',

  // Legal pages and the staff's customers
  legalPageSaved: 'Página guardada',
  staffCustomerNotFound: 'Cliente no encontrado',
  companyNotFoundStaff: 'Empresa no encontrada',
  noteSaved: 'Nota guardada',
  // The staff hand-over of a company left without members.
  handOverHasMembers:
    'Esta empresa todavía tiene miembros: solo se entrega una empresa sin miembros. Sus administradores invitan a quien se sume.',
  handOverNoAccount: 'No hay ninguna cuenta de cliente con ese correo.',
  handOverInCompany: 'Esa cuenta ya pertenece a una empresa: tiene que salir de ella antes.',
  handOverDone: 'Listo: esa cuenta administra ahora la empresa.',
  noCustomers: 'Sin clientes',
  noCustomersMatching: 'Ningún cliente coincide con la búsqueda.',
} as const;

/** What an account whose e-mail is not confirmed yet may hold (UNVERIFIED_MAX_HELD_UNITS). */
export const unverifiedCapMessage = (units: number) =>
  `Hasta que confirmes tu correo, tus cotizaciones pueden reservar hasta ${units} unidades en total.`;

/** A request refused by that cap: the way past it is confirming the address. */
export const unverifiedCapRefusal = (units: number) =>
  `${unverifiedCapMessage(units)} Confirmalo con el enlace que te enviamos (o pedí otro en «Acceso y seguridad»).`;

/** '1 pedido', '3 pedidos' and the like, for counts in lists. */
export const countOf = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;
