// Inputs of a company's members, invitations and approvals.
import { z } from 'zod';
import { accountMessages } from '../account-messages';
import { messages } from '../client-messages';
import { MONEY_INPUT_MAX } from '../money-input';
import { amountFromText } from './money';
import { companyFieldsSchema } from './company';
import { emailSchema, idSchema } from './common';

export const COMPANY_MEMBER_ROLES = ['admin', 'member'] as const;
export type CompanyMemberRole = (typeof COMPANY_MEMBER_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyMemberRole, string> = {
  admin: 'Administrador',
  member: 'Miembro',
};

/** The highest spending limit a member can have: what numeric(12, 2) holds. */
export const SPENDING_LIMIT_MAX = 9_999_999_999;
export const DECLINE_REASON_MAX = 500;
/** Days an invitation's link stays valid. */
export const INVITATION_DAYS = 7;

/**
 * 'Datos de la empresa' once it is a company: razón social and RUT are both required (the RUT
 * names it). Leaving both blank keeps a customer without company, as before.
 */
export const companyProfileSchema = companyFieldsSchema.superRefine((fields, ctx) => {
  if (fields.companyName && !fields.rut) {
    ctx.addIssue({ code: 'custom', path: ['rut'], message: accountMessages.companyRutRequired });
  }
  if (fields.rut && !fields.companyName) {
    ctx.addIssue({
      code: 'custom',
      path: ['companyName'],
      message: accountMessages.companyNameRequired,
    });
  }
});

export const inviteMemberSchema = z.object({
  email: emailSchema('El correo electrónico no es válido', 'Ingresá el correo de la persona'),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const invitationIdSchema = z.object({ invitationId: idSchema });
export const memberIdSchema = z.object({ customerId: idSchema });

export const memberRoleSchema = z.object({
  customerId: idSchema,
  role: z.enum(COMPANY_MEMBER_ROLES),
});
export type MemberRoleInput = z.infer<typeof memberRoleSchema>;

/**
 * A limit in US$ typed the Uruguayan way ('1.500', '1.500,50': the one money parser,
 * docs/decisions/052-money-typed-the-uruguayan-way.md), or blank for none.
 */
export const spendingLimitSchema = z.object({
  customerId: idSchema,
  limit: z
    .string()
    .max(MONEY_INPUT_MAX, messages.moneyInputInvalid)
    .transform((text, ctx) =>
      text.trim() === ''
        ? null
        : amountFromText(
            text,
            {
              min: { amount: '0.01', message: 'El límite debe ser mayor a 0' },
              max: { amount: String(SPENDING_LIMIT_MAX), message: 'El límite es demasiado alto' },
            },
            ctx,
          ),
    ),
});
export type SpendingLimitInput = z.input<typeof spendingLimitSchema>;

export const approvalInputSchema = z.object({ orderId: idSchema });
export const declineInputSchema = z.object({
  orderId: idSchema,
  reason: z
    .string()
    .trim()
    .min(1, accountMessages.declineReasonRequired)
    .max(DECLINE_REASON_MAX, `El motivo no debe exceder los ${DECLINE_REASON_MAX} caracteres`),
});
export type DeclineInput = z.infer<typeof declineInputSchema>;
