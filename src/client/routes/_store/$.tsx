import { createFileRoute, notFound } from '@tanstack/react-router';
import { StoreNotFoundScreen } from '@client/components/layout/status-screens';

// Any path no other route takes: the not-found page inside the store layout, with the
// header, search and footer to go on from (the root's own one has no layout around it).
// Thrown from the loader so the server answers it with status 404.
export const Route = createFileRoute('/_store/$')({
  loader: () => {
    throw notFound();
  },
  notFoundComponent: StoreNotFoundScreen,
});
