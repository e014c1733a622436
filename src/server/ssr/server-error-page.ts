/**
 * The page sent when rendering itself failed (the router renders its own Spanish error page
 * for failures inside a route): plain HTML, no script, never a stack trace.
 */
export const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>Algo salió mal · Tienda</title>
  </head>
  <body style="font-family: system-ui, sans-serif; text-align: center; padding: 4rem 1.5rem">
    <p style="font-size: 3rem; font-weight: 700; color: #1d4ed8; margin: 0">Error</p>
    <h1>Algo salió mal</h1>
    <p>Ocurrió un error inesperado. Intentá nuevamente en unos instantes.</p>
    <p><a href="/">Volver al inicio</a></p>
  </body>
</html>
`;
