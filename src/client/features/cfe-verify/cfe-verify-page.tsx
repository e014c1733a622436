import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { PageIntro } from '@client/components/layout/page-intro';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { fieldBinder } from '@client/lib/form-fields';
import { readRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import type { AppRouter } from '@server/trpc/router';
import type { inferRouterOutputs } from '@trpc/server';
import { formatCfeAmount } from '@shared/cfe';
import { formatDay } from '@shared/format';
import {
  type CfeVerifyFormValues,
  type CfeVerifyInput,
  cfeVerifyInputSchema,
} from '@shared/schemas/cfe-verify';
import type { CfeVerifySearch } from '@shared/schemas/search-params';

type VerifiedCfe = inferRouterOutputs<AppRouter>['cfe']['verify'];

/**
 * 'Verificar comprobante': the page an e-Ticket prints beside its seal, where its buyer checks
 * it with the three values printed on it. The answer repeats only what the document itself
 * shows (docs/decisions/097-e-ticket-verification.md).
 */
export function CfeVerifyPage({ search }: { search: CfeVerifySearch }) {
  const trpc = useTRPC();
  const form = useForm<CfeVerifyFormValues, unknown, CfeVerifyInput>({
    resolver: zodResolver(cfeVerifyInputSchema),
    defaultValues: {
      serie: search.serie ?? '',
      number: search.numero ?? '',
      code: search.codigo ?? '',
    },
  });
  const field = fieldBinder(form, { idPrefix: 'cfe-' });
  // What was last asked, as the procedure reads it; nothing is asked before the first submit.
  const [asked, setAsked] = useState<CfeVerifyFormValues | null>(null);
  const answer = useQuery(trpc.cfe.verify.queryOptions(asked ?? skipToken));
  // On a phone the answer lands below the form, out of sight: bring it in once it arrives.
  const answerRef = useRef<HTMLDivElement>(null);
  const answered = answer.data ?? answer.error;
  useEffect(() => {
    if (answered) answerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [answered]);

  return (
    <>
      <section className="from-primary/10 via-primary/5 border-border border-b bg-gradient-to-br to-transparent">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <PageIntro
            eyebrow="Comprobantes"
            title="Verificá tu e-Ticket"
            lead="Ingresá la serie, el número y el código de seguridad impresos en tu comprobante y comprobá que lo emitimos nosotros y que fue enviado a DGI."
          />
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:py-14">
        <Card>
          <CardHeader>
            <CardTitle size="xl">Datos del comprobante</CardTitle>
            <p className="text-muted-foreground text-sm">
              La serie y el número están arriba a la derecha; el código de seguridad, debajo del
              código QR.
            </p>
          </CardHeader>
          <CardContent>
            <form
              noValidate
              className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-5 sm:grid-cols-[8rem_minmax(0,1fr)]"
              onSubmit={(event) =>
                void form.handleSubmit((values) =>
                  setAsked({
                    serie: values.serie,
                    number: String(values.number),
                    code: values.code,
                  }),
                )(event)
              }
            >
              <InputField
                label="Serie"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={2}
                {...field('serie')}
              />
              <InputField
                label="Número"
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                {...field('number')}
              />
              <InputField
                label="Código de seguridad"
                hint="Los 6 caracteres debajo del código QR. Respetá mayúsculas y minúsculas."
                fieldClassName="col-span-2"
                className="font-mono"
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={6}
                {...field('code')}
              />
              <div className="col-span-2">
                <Button type="submit" className="w-full sm:w-auto" disabled={answer.isFetching}>
                  {answer.isFetching ? (
                    <Spinner size="sm" tone="current" label="Verificando" />
                  ) : null}
                  Verificar comprobante
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div ref={answerRef} aria-live="polite">
          {answer.data ? (
            <VerifiedCard document={answer.data} />
          ) : answer.error && !answer.isFetching ? (
            <NotFoundCard message={readRefusal(answer.error).message} />
          ) : (
            <HowItWorks />
          )}
        </div>
      </div>
    </>
  );
}

function VerifiedCard({ document }: { document: VerifiedCfe }) {
  const rows: [string, string][] = [
    ['Tipo', document.kindLabel],
    ['Serie y número', `Serie ${document.serie} N° ${document.number}`],
    ['Fecha de emisión', formatDay(document.issuedOn)],
    ['Emisor', document.issuer.legalName],
    ['RUT emisor', document.issuer.rut],
    ...(document.total !== null && document.currency
      ? [['Total', formatCfeAmount(document.total, document.currency)] as [string, string]]
      : []),
    ['Estado en DGI', document.stateLabel],
  ];
  return (
    <Card role="status" className="border-success/40">
      <CardHeader>
        <div className="flex items-start gap-3">
          <ShieldCheck className="text-success mt-0.5 size-7 shrink-0" aria-hidden="true" />
          <div>
            <CardTitle size="xl">Encontramos tu comprobante</CardTitle>
            <p className="text-muted-foreground mt-1 text-sm">
              Compará estos datos con los de tu copia impresa: deben coincidir.
            </p>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="divide-border divide-y text-sm">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 py-2.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4"
            >
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {document.isTest ? (
          <p className="text-muted-foreground mt-4 text-sm italic">
            Comprobante de prueba (proveedor simulado): sin valor fiscal.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function NotFoundCard({ message }: { message: string }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader>
        <div className="flex items-start gap-3">
          <CircleAlert className="text-destructive mt-0.5 size-7 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{message}</p>
            <p className="text-muted-foreground mt-2 text-sm">
              Si los datos son correctos y aun así no aparece,{' '}
              <Link to="/nosotros" className="text-primary hover:underline">
                escribinos
              </Link>
              .
            </p>
          </div>
        </div>
      </CardHeader>
    </Card>
  );
}

function HowItWorks() {
  return (
    <Card className="bg-muted/40">
      <CardHeader>
        <CardTitle size="lg">¿Qué vas a ver?</CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground space-y-3 text-sm">
        <p>
          Si los tres datos coinciden con un comprobante nuestro, te mostramos su tipo, número,
          fecha, total y el estado en DGI, para que los compares con tu copia.
        </p>
        <p>
          Por tu privacidad, esta página nunca muestra los datos de quien compró: ni su nombre, ni
          su documento, ni su dirección.
        </p>
      </CardContent>
    </Card>
  );
}
