import { messages } from '@shared/messages';
import type { SessionUser } from './session';

/** Why a caller may not use an admin action, in tRPC's error codes; null when it may. */
export type TierRefusal = { code: 'UNAUTHORIZED' | 'FORBIDDEN'; message: string };

/** The admin tier: signed in, with the admin role. tRPC procedures and HTTP routes share it. */
export function adminRefusal(session: SessionUser | null): TierRefusal | null {
  if (!session) return { code: 'UNAUTHORIZED', message: messages.unauthenticated };
  if (session.role !== 'admin') return { code: 'FORBIDDEN', message: messages.forbidden };
  return null;
}
