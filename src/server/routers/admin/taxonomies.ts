import { router } from '../../trpc/init';

export const adminTaxonomiesRouter = router({});
