// Why a mail could not be sent, in the words staff read on 'Correos'. nodemailer's errors are
// English and technical; what staff need is what failed and where to look.
export const NO_SMTP_REASON = 'Sin servidor de correo configurado (SMTP_URL)';

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** A delivery failure as one Spanish sentence, keeping the server's own answer when it gave one. */
export function describeMailError(error: unknown): string {
  const { code, responseCode, response, message, name } = (error ?? {}) as SmtpError;
  if (name === 'AbortError' || name === 'TimeoutError' || code === 'ETIMEDOUT') {
    return 'El servidor de correo no respondió a tiempo';
  }
  if (code === 'ECONNREFUSED') return 'El servidor de correo rechazó la conexión';
  if (code === 'ENOTFOUND' || code === 'EDNS' || code === 'EAI_AGAIN') {
    return 'No se encontró el servidor de correo (revisá SMTP_URL)';
  }
  if (code === 'EAUTH') return 'El servidor de correo rechazó el usuario o la contraseña';
  if (code === 'ETLS' || code === 'ESOCKET' || code === 'ECONNRESET') {
    return 'Se cortó la conexión con el servidor de correo';
  }
  if (typeof responseCode === 'number') {
    const answer = (response ?? message ?? '').slice(0, 200);
    return responseCode >= 500
      ? `El servidor de correo rechazó el envío (${responseCode}): ${answer}`
      : `El servidor de correo pidió reintentar más tarde (${responseCode}): ${answer}`;
  }
  return `No se pudo enviar: ${String(message ?? error).slice(0, 200)}`;
}

/** Why a mail not delivered yet waits, for the dashboard's 'Correos'. */
export function mailWaitReason(
  mail: { deliveredAt: Date | null; lastError: string | null },
  isSmtpConfigured: boolean,
): string | null {
  if (mail.deliveredAt) return null;
  if (!isSmtpConfigured) return NO_SMTP_REASON;
  if (mail.lastError) return `Último intento fallido: ${mail.lastError}. Se reintenta sola.`;
  return 'En cola: se envía en instantes';
}
