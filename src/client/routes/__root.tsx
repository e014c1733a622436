import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorScreen, NotFoundScreen } from '@client/components/layout/status-screens';
import { ClientExtras } from '@client/components/layout/client-extras';
import type { RouterContext } from '@client/lib/router-context';
import {
  contextOrigin,
  DEFAULT_DESCRIPTION,
  NOT_FOUND_TITLE,
  noindexHead,
  STORE_TITLE,
} from '@client/lib/seo';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Runs once, on the server: the origin travels to the browser with the loader data, so the
  // canonical URLs it renders are the same as the server's (PUBLIC_URL behind a proxy).
  loader: ({ context }) => ({ siteOrigin: contextOrigin(context) }),
  staleTime: Infinity,
  // Defaults; each public page's head() adds its own title, canonical and previews.
  // A missing page (an unknown path, product or post) says so in its title and is not indexed.
  head: ({ matches }) => {
    const isNotFound = matches.some((match) => match.status === 'notFound');
    return {
      meta: [
        { charSet: 'UTF-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1.0' },
        { name: 'theme-color', content: '#1d4ed8' },
        { title: isNotFound ? NOT_FOUND_TITLE : STORE_TITLE },
        { name: 'description', content: DEFAULT_DESCRIPTION },
        ...(isNotFound ? noindexHead().meta : []),
      ],
      links: [{ rel: 'icon', type: 'image/svg+xml', href: '/logo.svg' }],
    };
  },
  shellComponent: RootDocument,
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});

/** The whole HTML document: the server renders it, the browser hydrates it. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="es">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <ClientExtras />
        <Scripts />
      </body>
    </html>
  );
}
