import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@client/components/page-header';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { cn } from '@client/lib/cn';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { formatDateTime } from '@shared/format';
import {
  LEGAL_PAGE_BODY_MAX,
  LEGAL_PAGE_SLUGS,
  LEGAL_PAGE_TITLES,
  type LegalPageSlug,
} from '@shared/legal-pages';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground';

/** /dashboard/paginas: the texts of /privacidad and /terminos, plain text in paragraphs. */
export function LegalPagesPage({ slug }: { slug: LegalPageSlug }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.legalPages.get.queryOptions({ slug }));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Páginas legales"
        description="Texto simple: separá los párrafos con una línea en blanco."
      />
      <nav aria-label="Página" className="bg-muted inline-flex gap-1 rounded-lg p-1">
        {LEGAL_PAGE_SLUGS.map((page) => (
          <Link
            key={page}
            to="/dashboard/paginas"
            search={{ pagina: page === 'privacidad' ? undefined : page }}
            className={cn(tabClass, page === slug && 'text-foreground bg-white shadow-sm')}
            aria-current={page === slug ? 'page' : undefined}
          >
            {LEGAL_PAGE_TITLES[page]}
          </Link>
        ))}
      </nav>
      <QueryState query={query}>{(page) => <LegalPageForm key={slug} page={page} />}</QueryState>
    </div>
  );
}

type LegalPageData = { slug: LegalPageSlug; title: string; body: string; updatedAt: Date | null };

const LEGAL_PAGE_FIELDS = ['title', 'body'];

function LegalPageForm({ page }: { page: LegalPageData }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body);
  const refusal = useRefusalState(LEGAL_PAGE_FIELDS);
  const save = useMutation(
    trpc.admin.legalPages.update.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.legalPageSaved);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.legalPages.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.legalPages.pathKey() });
      },
      onError: refusal.show,
    }),
  );
  const { errors } = refusal;
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ slug: page.slug, title, body });
          }}
        >
          <InputField
            id="legal-title"
            label="Título"
            value={title}
            error={errors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <TextareaField
            id="legal-body"
            label="Texto"
            rows={18}
            maxLength={LEGAL_PAGE_BODY_MAX}
            value={body}
            error={errors.body}
            onChange={(event) => setBody(event.target.value)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending}>
              Guardar página
            </Button>
            <Button asChild variant="outline">
              <a href={`/${page.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" /> Ver página
              </a>
            </Button>
            <p className="text-muted-foreground text-sm">
              {page.updatedAt
                ? `Guardada el ${formatDateTime(page.updatedAt)}`
                : 'Texto inicial de la tienda: revisalo y guardalo.'}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
