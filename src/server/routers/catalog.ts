import { router } from '../trpc/init';

export const catalogRouter = router({});
