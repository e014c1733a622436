import { Badge } from '@client/components/ui/badge';
import { POST_STATUS_LABELS, type PostStatus } from '@shared/schemas/blog';

/** Published posts in green, every other status in yellow. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  return (
    <Badge variant={status === 'published' ? 'soft-success' : 'soft-warning'}>
      {POST_STATUS_LABELS[status]}
    </Badge>
  );
}
