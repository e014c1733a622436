import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '@client/lib/trpc';
import { formatDate } from '@shared/format';
import { type LegalPageSlug, paragraphsOf } from '@shared/legal-pages';

/** /privacidad and /terminos: the text staff keep in the dashboard, paragraph by paragraph. */
export function LegalPage({ slug }: { slug: LegalPageSlug }) {
  const trpc = useTRPC();
  const { data: page } = useSuspenseQuery(trpc.legalPages.get.queryOptions({ slug }));
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
      {page.updatedAt && (
        <p className="text-muted-foreground mt-2 text-sm">
          Última actualización: {formatDate(page.updatedAt)}
        </p>
      )}
      <div className="mt-8 space-y-4 text-base leading-relaxed">
        {paragraphsOf(page.body).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}
