import type { FastifyInstance } from 'fastify';
import { fieldRefusal } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import {
  STORE_LOGO_FIELD,
  STORE_LOGO_URL,
  type StoreLogoSaved,
} from '@shared/schemas/store-profile';
import { setStoreLogo } from '../services/store/store-profile';
import type { AppDeps } from '../app-deps';
import { adminOf, FormRefusedError } from './admin-routes';
import { readForm } from './form-reader';

// The logo shows in the footer and on /nosotros, whose rendered pages are cached.
const config = { imageField: STORE_LOGO_FIELD, changesCatalog: true };

/** The store's logo is a file, so it is uploaded beside tRPC like a brand's logo. */
export function registerStoreLogoRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.post(STORE_LOGO_URL, { config }, async (request, reply) => {
    const { files } = await readForm(scope, request, STORE_LOGO_FIELD, {
      tooManyFiles: messages.oneStoreLogoOnly,
    });
    const [file, ...others] = files;
    if (!file || others.length > 0 || file.partName !== STORE_LOGO_FIELD) {
      const message = file ? messages.oneStoreLogoOnly : messages.logoMissing;
      throw new FormRefusedError(400, fieldRefusal(STORE_LOGO_FIELD, message));
    }
    const saved = await setStoreLogo(deps, file, adminOf(request).user.id);
    if (!saved.isOldLogoRemoved) request.log.warn('old store logo files could not be removed');
    return reply.send({ logoUrl: saved.logoUrl ?? '' } satisfies StoreLogoSaved);
  });
}
