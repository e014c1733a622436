import { router } from '../../trpc/init';

export const adminInboxRouter = router({});
