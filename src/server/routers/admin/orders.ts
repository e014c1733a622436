import { router } from '../../trpc/init';

export const adminOrdersRouter = router({});
