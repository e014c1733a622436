// Who the store is in what leaves the site (mails today; the PDF can follow): its name, logo,
// contact and address on the web. One function builds it, so the store's settings can replace
// the environment as its source without touching a mail (docs/decisions/050-mails-from-an-inbox.md).
import { siteUrlOf } from '../config';
import type { AppDeps } from '../deps';

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

export const STORE_NAME = 'Tienda';

/**
 * The store's identity as mails show it. Today from the environment (CONTACT_*, PUBLIC_URL);
 * async because it will read the store's settings row.
 */
export async function storeIdentityOf(deps: Pick<AppDeps, 'config'>): Promise<StoreIdentity> {
  const { config } = deps;
  return Promise.resolve({
    name: STORE_NAME,
    logoUrl: null,
    email: config.CONTACT_EMAIL,
    phone: config.CONTACT_PHONE,
    address: config.CONTACT_ADDRESS,
    siteUrl: siteUrlOf(config),
  });
}
