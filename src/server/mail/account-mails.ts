// The e-mails of accounts and companies, on the store's branded template like the
// order mails (layout.ts: the store's name, logo and contact, a button, the same words in plain
// text). Queued with queueMail inside the caller's transaction, like every mail
// (mail/order-mails.ts). A token travels after '#' in its link, so it never reaches a server
// log or a page cache (docs/decisions/056-account-tokens.md), and is made only when the mail is
// sent, so the outbox never holds it (docs/decisions/076-secrets-out-of-backups-and-mails.md).
// No subject carries a text a customer typed (a company's or a person's name): a subject is
// what an inbox shows unopened, and it must not be a stranger's message in the store's name.
import { formatMoney } from '@shared/format';
import { renderMail, type SecretLink } from './layout';
import { namedMails } from './mail-priority';
import type { StoreIdentity } from './store-identity';

const orderPath = (orderId: number) => `/account/pedidos/${orderId}`;

const verification = (link: { path: string; userId: number }) => ({
  path: link.path,
  secret: { purpose: 'email_verification', userId: link.userId } satisfies SecretLink,
});

/** The mails of one store: `accountMails(store).passwordReset(...)`; paths become absolute. */
export const accountMails = (store: StoreIdentity) => namedMails(accountMailsOf(store));

const accountMailsOf = (store: StoreIdentity) => ({
  /** The link's page (`path`) and what its token will open. */
  passwordReset: (to: string, path: string, minutes: number) =>
    renderMail(store, {
      to,
      subject: `Creá una contraseña nueva para tu cuenta de ${store.name}`,
      paragraphs: [
        'Recibimos un pedido para crear una contraseña nueva para tu cuenta.',
        `Abrí el enlace dentro de los próximos ${minutes} minutos; sirve una sola vez.`,
        'Si no lo pediste, ignorá este correo: tu contraseña sigue siendo la misma.',
      ],
      action: { label: 'Crear contraseña nueva', path, secret: { purpose: 'password_reset' } },
    }),
  passwordChanged: (to: string) =>
    renderMail(store, {
      to,
      subject: `Tu contraseña de ${store.name} cambió`,
      paragraphs: [
        'La contraseña de tu cuenta acaba de cambiar y cerramos las sesiones abiertas en otros dispositivos.',
        'Si no fuiste vos, pedí una contraseña nueva desde «¿Olvidaste tu contraseña?» y escribinos.',
      ],
      action: { label: 'Pedir una contraseña nueva', path: '/recuperar-contrasena' },
    }),
  verifyEmail: (to: string, link: { path: string; userId: number }, hours: number) =>
    renderMail(store, {
      to,
      subject: `Confirmá tu correo en ${store.name}`,
      paragraphs: [
        `Gracias por crear tu cuenta. Para confirmar que este correo es tuyo, abrí el enlace (vale por ${hours} horas).`,
        'Hasta que lo confirmes, tus cotizaciones pueden reservar pocas unidades.',
      ],
      action: { label: 'Confirmar mi correo', ...verification(link) },
    }),
  confirmNewEmail: (to: string, link: { path: string; userId: number }, hours: number) =>
    renderMail(store, {
      to,
      subject: `Confirmá tu nuevo correo en ${store.name}`,
      paragraphs: [
        `Pediste usar este correo en tu cuenta de ${store.name}. Para confirmarlo, abrí el enlace (vale por ${hours} horas).`,
        'Hasta que lo confirmes, tu cuenta sigue usando el correo anterior.',
      ],
      action: { label: 'Confirmar mi correo', ...verification(link) },
    }),
  emailChangeNotice: (to: string, newEmail: string) =>
    renderMail(store, {
      to,
      subject: `Pediste cambiar el correo de tu cuenta de ${store.name}`,
      paragraphs: [
        `Pediste cambiar el correo de tu cuenta a ${newEmail}. Hasta que lo confirmes desde ese correo, seguís entrando con este.`,
        'Si no fuiste vos, cambiá tu contraseña y escribinos.',
      ],
    }),
  emailTaken: (to: string, resetPath: string) =>
    renderMail(store, {
      to,
      subject: `Este correo ya tiene una cuenta en ${store.name}`,
      paragraphs: [
        `Alguien pidió usar este correo en una cuenta de ${store.name}, pero ya tiene una cuenta propia.`,
        'Si fuiste vos, iniciá sesión con este correo o creá una contraseña nueva.',
      ],
      action: { label: 'Crear contraseña nueva', path: resetPath },
    }),
  invitation: (
    to: string,
    invitation: {
      companyName: string;
      inviterName: string;
      path: string;
      invitationId: number;
      days: number;
    },
  ) =>
    renderMail(store, {
      to,
      subject: `Te invitaron a una empresa en ${store.name}`,
      paragraphs: [
        `${invitation.inviterName} te invitó a unirte a ${invitation.companyName} en ${store.name} para pedir cotizaciones y ver los pedidos de la empresa.`,
        `La invitación vale por ${invitation.days} días. Para aceptarla, iniciá sesión o registrate con este mismo correo.`,
      ],
      action: {
        label: 'Ver la invitación',
        path: invitation.path,
        secret: { purpose: 'invitation', invitationId: invitation.invitationId },
      },
    }),
  approvalToAdmin: (
    to: string,
    approval: {
      orderId: number;
      revision: number;
      memberName: string;
      total: string;
      limit: string;
    },
  ) =>
    renderMail(store, {
      to,
      subject: `Aprobación pendiente: pedido N° ${approval.orderId}`,
      paragraphs: [
        `${approval.memberName} quiere aceptar la cotización N° ${approval.orderId}-${approval.revision} por ${formatMoney(approval.total)} (IVA incluido), más que su límite de compra de ${formatMoney(approval.limit)}.`,
        'Aprobala o rechazala desde tu cuenta.',
      ],
      action: { label: 'Aprobar o rechazar', path: orderPath(approval.orderId) },
    }),
  approvalDecided: (
    to: string,
    decision: { orderId: number; approved: boolean; adminName: string; reason?: string },
  ) =>
    renderMail(store, {
      to,
      subject: decision.approved
        ? `Tu pedido N° ${decision.orderId} fue aprobado`
        : `Tu pedido N° ${decision.orderId} no fue aprobado`,
      paragraphs: [
        decision.approved
          ? `${decision.adminName} aprobó el pedido N° ${decision.orderId}: la cotización quedó aceptada.`
          : `${decision.adminName} no aprobó el pedido N° ${decision.orderId}. Motivo: ${decision.reason ?? ''}`,
      ],
      action: { label: 'Ver mi pedido', path: orderPath(decision.orderId) },
    }),
});
