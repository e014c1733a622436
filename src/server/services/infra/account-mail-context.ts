// What a service that mails an account needs from the app: the instant (deps.clock) and the
// store's identity, on which mail/layout.ts makes every link absolute; given by the router.
import type { StoreIdentity } from '../../mail/store-identity';

export type MailContext = {
  now: Date;
  store: StoreIdentity;
};
