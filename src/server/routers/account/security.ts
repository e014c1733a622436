import { messages } from '@shared/messages';
import { changeEmailSchema, changePasswordSchema } from '@shared/schemas/account';
import {
  changePassword,
  getAccountSecurity,
  requestEmailChange,
} from '../../services/accounts/account-security';
import { resendVerification } from '../../services/accounts/email-verification';
import { capInputsOf, heldUnitsCapOf } from '../../services/orders/held-units';
import { consumeOrRefuse, router, signedInProcedure } from '../../trpc/init';
import { checkOwnPassword, mailContextOf } from './context';

/** 'Acceso y seguridad': the address (confirmed or not), the password, a new address. */
export const accountSecurityRouter = router({
  /** The address, whether it is confirmed (and the cap on held units until it is). */
  get: signedInProcedure.query(async ({ ctx }) => {
    const security = await getAccountSecurity(ctx.db, ctx.session.user.id, ctx.clock.now());
    const { customer } = ctx.session;
    const cap = customer && heldUnitsCapOf(await capInputsOf(ctx.db, customer.id), ctx.config);
    return { ...security, heldUnitsCap: cap && cap.isUnverified ? cap.maxUnits : null };
  }),

  /** 'Reenviar' of 'Confirmá tu correo': a few links an hour per account. */
  resendVerification: signedInProcedure.mutation(async ({ ctx }) => {
    const { id } = ctx.session.user;
    await consumeOrRefuse(ctx.accountMailLimiter, `verify:${id}`, messages.verificationTooMany);
    await resendVerification(ctx.db, id, await mailContextOf(ctx));
  }),

  /** 'Cambiar contraseña': this session stays, the others end. */
  changePassword: signedInProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await checkOwnPassword(ctx, input.currentPassword, 'currentPassword');
    await changePassword(
      ctx.db,
      {
        userId: ctx.session.user.id,
        email: ctx.session.user.email,
        sessionId: ctx.session.sessionId,
      },
      input.newPassword,
      await ctx.storeIdentity(),
    );
  }),

  /** 'Cambiar correo': confirmed from the new address; until then the account keeps its own. */
  changeEmail: signedInProcedure.input(changeEmailSchema).mutation(async ({ ctx, input }) => {
    await checkOwnPassword(ctx, input.password, 'password');
    const { id, email } = ctx.session.user;
    await consumeOrRefuse(ctx.accountMailLimiter, `verify:${id}`, messages.verificationTooMany);
    await requestEmailChange(ctx.db, { userId: id, email }, input.email, {
      ...(await mailContextOf(ctx)),
      unaskedMails: ctx.unaskedMailLimiter,
    });
  }),
});
