// Who the store is in mails: its name, logo, contact and address on the web, read from the
// store's own data (services/store/store-profile.ts; docs/decisions/050-mails-from-an-inbox.md).
import { absoluteUrl, type Config, siteUrlOf } from '../config';
import type { Database } from '../db/client';
import { getStoreProfile } from '../services/store/store-profile';

export type StoreIdentity = {
  name: string;
  /** An absolute URL of a raster logo (mail clients drop SVG), or null: the name is shown. */
  logoUrl: string | null;
  email: string;
  phone: string;
  address: string;
  /** The store's absolute address without a trailing slash: every link is built on it. */
  siteUrl: string;
};

/**
 * The store's identity as mails show it: its 'Datos de la empresa' (getStoreProfile, the
 * environment's CONTACT_* until staff save them), the logo as a PNG the site serves.
 */
export async function storeIdentityOf(deps: {
  config: Config;
  db: Database;
}): Promise<StoreIdentity> {
  const profile = await getStoreProfile(deps.db, deps.config);
  return {
    name: profile.legalName,
    logoUrl: profile.logoUrl ? absoluteUrl(deps.config, '/og/logo.png') : null,
    email: profile.email,
    phone: profile.phone,
    address: profile.address,
    siteUrl: siteUrlOf(deps.config),
  };
}
