import { deleteAccountSchema } from '@shared/schemas/account';
import { deleteAccount, refuseStaffDeletion } from '../../services/accounts/privacy';
import { customerProcedure, router } from '../../trpc/init';
import { checkOwnPassword } from './context';

/**
 * /account/privacidad. 'Descargar mis datos' is a file download (GET /api/account/data.json,
 * http/personal-data-route.ts); 'Eliminar mi cuenta' is confirmed with the password.
 */
export const accountPrivacyRouter = router({
  deleteAccount: customerProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    refuseStaffDeletion(ctx.session.role);
    await checkOwnPassword(ctx, input.password, 'password');
    await deleteAccount(ctx.db, {
      userId: ctx.session.user.id,
      customerId: ctx.session.customer.id,
      email: ctx.session.user.email,
    });
    ctx.cookies.clear();
    return null;
  }),
});
