import { messages } from '@shared/messages';

/** A whole static page: plain HTML, no script, never a stack trace. */
const staticPage = (options: { eyebrow: string; title: string; text: string }) => `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${options.title} · Tienda</title>
  </head>
  <body style="font-family: system-ui, sans-serif; text-align: center; padding: 4rem 1.5rem">
    <p style="font-size: 3rem; font-weight: 700; color: #1d4ed8; margin: 0">${options.eyebrow}</p>
    <h1>${options.title}</h1>
    <p>${options.text}</p>
    <p><a href="/">Volver al inicio</a></p>
  </body>
</html>
`;

/**
 * The page sent when rendering itself failed (the router renders its own Spanish error page
 * for failures inside a route).
 */
export const SERVER_ERROR_PAGE = staticPage({
  eyebrow: 'Error',
  title: 'Algo salió mal',
  text: 'Ocurrió un error inesperado. Intentá nuevamente en unos instantes.',
});

/** The page (status 503) of a render that could not reach the database. */
export const SERVICE_UNAVAILABLE_PAGE = staticPage({
  eyebrow: '503',
  title: 'Servicio no disponible',
  text: messages.serviceUnavailable,
});
