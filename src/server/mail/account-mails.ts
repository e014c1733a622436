// The e-mails of accounts and companies (issue 31), all texts in this one module so they can
// move onto the store's branded mail template with the order mails. Queued with queueMail
// inside the caller's transaction, like every mail (mail/order-mails.ts); every link is
// absolute (absoluteUrl in config.ts), and a token travels after '#', so it never reaches a
// server log or a page cache.
import { formatMoney } from '@shared/format';
import type { MailPayload } from './order-mails';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * The same shape as order-mails.ts's mails: the plain text is the source and the HTML shows
 * the same paragraphs, escaped. Kept apart until the branded template replaces both.
 */
function mail(to: string, subject: string, paragraphs: string[]): MailPayload {
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { to, subject, text, html };
}

const SIGNATURE = 'Saludos,\nEl equipo de Tienda';

export const accountMails = {
  passwordReset: (to: string, link: string, minutes: number) =>
    mail(to, 'Creá una contraseña nueva para tu cuenta de Tienda', [
      'Recibimos un pedido para crear una contraseña nueva para tu cuenta.',
      `Abrí este enlace dentro de los próximos ${minutes} minutos; sirve una sola vez:\n${link}`,
      'Si no lo pediste, ignorá este correo: tu contraseña sigue siendo la misma.',
      SIGNATURE,
    ]),
  passwordChanged: (to: string) =>
    mail(to, 'Tu contraseña de Tienda cambió', [
      'La contraseña de tu cuenta acaba de cambiar y cerramos las sesiones abiertas en otros dispositivos.',
      'Si no fuiste vos, pedí una contraseña nueva desde «¿Olvidaste tu contraseña?» y escribinos.',
      SIGNATURE,
    ]),
  verifyEmail: (to: string, link: string, hours: number) =>
    mail(to, 'Confirmá tu correo en Tienda', [
      'Gracias por crear tu cuenta. Para confirmar que este correo es tuyo, abrí este enlace:',
      `${link}\n(vale por ${hours} horas)`,
      'Hasta que lo confirmes, tus cotizaciones pueden reservar pocas unidades.',
      SIGNATURE,
    ]),
  confirmNewEmail: (to: string, link: string, hours: number) =>
    mail(to, 'Confirmá tu nuevo correo en Tienda', [
      'Pediste usar este correo en tu cuenta de Tienda. Para confirmarlo, abrí este enlace:',
      `${link}\n(vale por ${hours} horas)`,
      'Hasta que lo confirmes, tu cuenta sigue usando el correo anterior.',
      SIGNATURE,
    ]),
  emailChangeNotice: (to: string, newEmail: string) =>
    mail(to, 'Pediste cambiar el correo de tu cuenta de Tienda', [
      `Pediste cambiar el correo de tu cuenta a ${newEmail}. Hasta que lo confirmes desde ese correo, seguís entrando con este.`,
      'Si no fuiste vos, cambiá tu contraseña y escribinos.',
      SIGNATURE,
    ]),
  emailTaken: (to: string, resetLink: string) =>
    mail(to, 'Este correo ya tiene una cuenta en Tienda', [
      'Alguien pidió usar este correo en una cuenta de Tienda, pero ya tiene una cuenta propia.',
      `Si fuiste vos, iniciá sesión con este correo o creá una contraseña nueva: ${resetLink}`,
      SIGNATURE,
    ]),
  invitation: (
    to: string,
    invitation: { companyName: string; inviterName: string; link: string; days: number },
  ) =>
    mail(to, `Te invitaron a ${invitation.companyName} en Tienda`, [
      `${invitation.inviterName} te invitó a unirte a ${invitation.companyName} en Tienda para pedir cotizaciones y ver los pedidos de la empresa.`,
      `Aceptá la invitación con este enlace (vale por ${invitation.days} días):\n${invitation.link}`,
      'Para aceptarla, iniciá sesión o registrate con este mismo correo.',
      SIGNATURE,
    ]),
  approvalToAdmin: (
    to: string,
    approval: {
      orderId: number;
      revision: number;
      memberName: string;
      total: string;
      limit: string;
      link: string;
    },
  ) =>
    mail(to, `Aprobación pendiente: pedido N° ${approval.orderId}`, [
      `${approval.memberName} quiere aceptar la cotización N° ${approval.orderId}-${approval.revision} por ${formatMoney(approval.total)} (IVA incluido), más que su límite de compra de ${formatMoney(approval.limit)}.`,
      `Aprobala o rechazala desde tu cuenta:\n${approval.link}`,
      SIGNATURE,
    ]),
  approvalDecided: (
    to: string,
    decision: {
      orderId: number;
      approved: boolean;
      adminName: string;
      reason?: string;
      link: string;
    },
  ) =>
    mail(
      to,
      decision.approved
        ? `Tu pedido N° ${decision.orderId} fue aprobado`
        : `Tu pedido N° ${decision.orderId} no fue aprobado`,
      [
        decision.approved
          ? `${decision.adminName} aprobó el pedido N° ${decision.orderId}: la cotización quedó aceptada.`
          : `${decision.adminName} no aprobó el pedido N° ${decision.orderId}. Motivo: ${decision.reason ?? ''}`,
        `Podés verlo en tu cuenta:\n${decision.link}`,
        SIGNATURE,
      ],
    ),
  approvedToStaff: (
    to: string,
    approval: {
      orderId: number;
      revision: number;
      customer: string;
      company: string;
      link: string;
    },
  ) =>
    mail(to, `Cotización aceptada N° ${approval.orderId}-${approval.revision}`, [
      `${approval.customer} (${approval.company}) aceptó la cotización N° ${approval.orderId}-${approval.revision}, con la aprobación de un administrador de la empresa.`,
      `Pedido: ${approval.link}`,
    ]),
};
