import { createFileRoute, notFound } from '@tanstack/react-router';
import { StoreNotFoundScreen } from '@client/components/layout/status-screens';
import { BAD_ADDRESS_PATH } from '@client/lib/bad-address';
import { BAD_ADDRESS_TITLE } from '@client/lib/seo';

// Any path no other route takes: the not-found page inside the store layout, with the
// header, search and footer to go on from (the root's own one has no layout around it).
// Thrown from the loader so the server answers it with status 404. An address that does not
// decode comes here too, as BAD_ADDRESS_PATH (router.tsx).
export const Route = createFileRoute('/_store/$')({
  loader: () => {
    throw notFound();
  },
  head: ({ match }) =>
    match.pathname === BAD_ADDRESS_PATH ? { meta: [{ title: BAD_ADDRESS_TITLE }] } : {},
  notFoundComponent: StoreNotFoundScreen,
});
