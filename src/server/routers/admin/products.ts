import { router } from '../../trpc/init';

export const adminProductsRouter = router({});
