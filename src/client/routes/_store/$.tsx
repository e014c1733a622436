import { createFileRoute } from '@tanstack/react-router';
import { StoreNotFoundScreen } from '@client/components/layout/status-screens';

// Any path no other route takes: the not-found page inside the store layout, with the
// header, search and footer to go on from (the root's own one has no layout around it).
export const Route = createFileRoute('/_store/$')({
  component: StoreNotFoundScreen,
});
