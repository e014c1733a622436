import { createFileRoute } from '@tanstack/react-router';
import { NewPostPage } from '@client/features/dashboard-blog/post-editor-pages';

export const Route = createFileRoute('/dashboard/blog/nuevo')({ component: NewPostPage });
