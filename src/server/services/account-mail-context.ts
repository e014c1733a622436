// What a service that mails an account link needs from the app: the instant (deps.clock) and
// the store's absolute address for the link (absoluteUrl in config.ts), given by the router.

export type MailContext = {
  now: Date;
  /** '/nueva-contrasena#…' -> 'https://tienda.com.uy/nueva-contrasena#…'. */
  linkTo: (path: string) => string;
};

/** A link that carries a token after '#': browsers never send it, so no log or cache keeps it. */
export const tokenPath = (path: string, token: string) => `${path}#${token}`;
