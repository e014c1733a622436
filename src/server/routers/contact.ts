import { router } from '../trpc/init';

export const contactRouter = router({});
