import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldRefusal } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import { BRAND_LOGO_FIELD, type BrandLogoSaved } from '@shared/schemas/taxonomy';
import { setBrandLogo } from '../services/catalog/brand-logos';
import type { AppDeps } from '../app-deps';
import { adminOf, FormRefusedError } from './admin-routes';
import { readForm } from './form-reader';

const brandIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const config = { imageField: BRAND_LOGO_FIELD, changesCatalog: true };

/**
 * A brand's logo is a file, so it is uploaded beside tRPC like product images and post covers;
 * removing it is a plain mutation (admin.taxonomies.removeLogo).
 */
export function registerBrandLogoRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.post('/api/admin/brands/:id/logo', { config }, async (request, reply) => {
    const params = brandIdParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: messages.brandNotFound });
    const { files } = await readForm(scope, request, BRAND_LOGO_FIELD, {
      tooManyFiles: messages.oneLogoOnly,
    });
    const [file, ...others] = files;
    if (!file || others.length > 0 || file.partName !== BRAND_LOGO_FIELD) {
      const message = file ? messages.oneLogoOnly : messages.logoMissing;
      throw new FormRefusedError(400, fieldRefusal(BRAND_LOGO_FIELD, message));
    }
    const saved = await setBrandLogo(deps, params.data.id, file, adminOf(request).user.id);
    if (!saved.isOldLogoRemoved) {
      request.log.warn({ brandId: saved.id }, 'old logo files could not be removed');
    }
    return reply.send({ id: saved.id, logoUrl: saved.logoUrl ?? '' } satisfies BrandLogoSaved);
  });
}
