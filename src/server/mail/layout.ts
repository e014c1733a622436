// Every mail's two bodies from one source: the plain text (the alternative, and what the
// dashboard's 'Correos' shows) and a branded HTML page with the store's logo or name, a
// button to the page the mail is about and the store's contact. Every link is absolute (the
// reader is in an inbox, not on the site) and every interpolated value is escaped.
import type { StoreIdentity } from './store-identity';

/**
 * What a mail's secret link opens. The outbox keeps only this; the token is made when the mail
 * is sent (mail/mailer.ts) and exists nowhere else but in the sent mail and, as its SHA-256, in
 * the row it opens (docs/decisions/076-secrets-out-of-backups-and-mails.md).
 */
export type SecretLink =
  /** The account of the mail's address, looked up when it is sent: none, no mail. */
  | { purpose: 'password_reset' }
  /** The mail's address for this account (its own, or the one it changes to). */
  | { purpose: 'email_verification'; userId: number }
  | { purpose: 'invitation'; invitationId: number };

/** Where the token goes in a stored mail's text and HTML until the mail is sent. */
export const LINK_TOKEN_SLOT = '{token}';

/** What an outbox row of kind 'mail' holds; the PDF and the link's token are made when sent. */
export type MailPayload = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attach the PDF of this revision (rendered at send time from the stored revision). */
  quotePdf?: { orderId: number; revision: number };
  /** The action's link carries a token after '#', minted when sent (LINK_TOKEN_SLOT). */
  secretLink?: SecretLink;
  /** Attach this dispatch's Nota de entrega (rendered at send time, decision 082). */
  deliveryNote?: { dispatchId: number };
  /** Attach this fiscal document's printed CFE (rendered at send time, decision 095). */
  cfePdf?: { documentId: number };
};

export type MailContent = {
  to: string;
  subject: string;
  /** Paragraphs of plain text; a newline inside one is a line break. */
  paragraphs: string[];
  /**
   * The button: a path on the site ('/account/pedidos/12'), made absolute here. With `secret`,
   * the path gets '#' and a token that is made only when the mail is sent.
   */
  action?: { label: string; path: string; secret?: SecretLink };
  /** Staff mails are signed by nobody; the customer's by the store. */
  isToStaff?: boolean;
};

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The store's address for `path`, whatever the path looks like. */
export const storeLink = (store: StoreIdentity, path: string) =>
  `${store.siteUrl}${path.startsWith('/') ? path : `/${path}`}`;

const BRAND = '#111827';

function htmlBody(
  store: StoreIdentity,
  content: MailContent,
  link: string | null,
  footer: string[],
) {
  const brand = store.logoUrl
    ? `<img src="${escapeHtml(store.logoUrl)}" alt="${escapeHtml(store.name)}" height="40" style="display:block;height:40px;border:0">`
    : `<span style="font-size:22px;font-weight:bold;color:${BRAND}">${escapeHtml(store.name)}</span>`;
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const button =
    content.action && link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#6b7280">Si el botón no funciona, copiá esta dirección: <a href="${escapeHtml(link)}" style="color:#6b7280">${escapeHtml(link)}</a></p>`
      : '';
  const home = escapeHtml(storeLink(store, '/'));
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">` +
    `<tr><td style="padding:24px 32px;border-bottom:1px solid #e5e7eb"><a href="${home}" style="text-decoration:none">${brand}</a></td></tr>` +
    `<tr><td style="padding:24px 32px;font-size:15px">${paragraphs}${button}</td></tr>` +
    `<tr><td style="padding:16px 32px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${footer
      .map(escapeHtml)
      .join('<br>')}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

/** Renders a mail for the outbox: its plain text and its HTML say the same things. */
export function renderMail(store: StoreIdentity, mail: MailContent): MailPayload {
  const secret = mail.action?.secret;
  // Only the button's address receives the token: a slot typed into a name stays text.
  const content = {
    ...mail,
    paragraphs: mail.paragraphs.map((p) => p.replaceAll(LINK_TOKEN_SLOT, '')),
  };
  const path = content.action
    ? `${content.action.path}${secret ? `#${LINK_TOKEN_SLOT}` : ''}`
    : null;
  const link = path === null ? null : storeLink(store, path);
  const signature = content.isToStaff ? [] : [`Saludos,\nEl equipo de ${store.name}`];
  const footer = [store.name, store.address, `${store.email} · ${store.phone}`, store.siteUrl];
  const text = [
    ...content.paragraphs,
    ...(content.action && link ? [`${content.action.label}: ${link}`] : []),
    ...signature,
    footer.join('\n'),
  ].join('\n\n');
  return {
    to: content.to,
    subject: content.subject,
    text,
    html: htmlBody(
      store,
      { ...content, paragraphs: [...content.paragraphs, ...signature] },
      link,
      footer,
    ),
    ...(secret ? { secretLink: secret } : {}),
  };
}

/** The mail as it is sent: the token of its secret link in the place kept for it. */
export const withLinkToken = (payload: MailPayload, token: string) => ({
  text: payload.text.replaceAll(LINK_TOKEN_SLOT, token),
  html: payload.html.replaceAll(LINK_TOKEN_SLOT, token),
});
