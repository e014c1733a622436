import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { POST_STATUS_LABELS, type PostStatus } from '@shared/schemas/blog';

/** Published posts in green, every other status in yellow. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        status === 'published'
          ? 'border-green-300 bg-green-100 text-green-800'
          : 'border-yellow-300 bg-yellow-100 text-yellow-800',
      )}
    >
      {POST_STATUS_LABELS[status]}
    </Badge>
  );
}
