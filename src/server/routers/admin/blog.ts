import { router } from '../../trpc/init';

export const adminBlogRouter = router({});
