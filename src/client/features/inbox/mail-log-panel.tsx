import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileText, MailCheck } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { useTRPC } from '@client/lib/trpc';
import { formatDateTime } from '@shared/format';
import { InboxPanel } from './inbox-panel';

/** One mail's text as it was (or will be) sent, loaded when opened. */
function MailBody({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: mail, isError } = useQuery(trpc.admin.mail.get.queryOptions({ id }));
  if (isError) return <p className="text-destructive text-sm">No se pudo cargar el correo.</p>;
  if (!mail) return <p className="text-muted-foreground text-sm">Cargando…</p>;
  return (
    <div className="space-y-2">
      <pre className="bg-muted/50 rounded-md p-3 font-sans text-sm break-words whitespace-pre-wrap">
        {mail.text}
      </pre>
      {mail.hasPdf && mail.pdfUrl && (
        <a className="text-primary inline-flex items-center gap-1 text-sm" href={mail.pdfUrl}>
          <FileText className="size-4" aria-hidden="true" /> PDF adjunto
        </a>
      )}
    </div>
  );
}

/**
 * 'Correos': what the store mailed or is about to (docs/decisions/041-mail-without-smtp.md).
 * Without SMTP_URL the mails wait here, readable, until a server is configured.
 */
export function MailLogPanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.mail.list.queryOptions({ page }));
  const [openId, setOpenId] = useState<number>();

  return (
    <InboxPanel
      query={list}
      page={page}
      onPage={onPage}
      empty={<EmptyState icon={MailCheck} title="Todavía no se enviaron correos" />}
      render={(data) => (
        <ul className="space-y-3">
          {data.items.map((mail) => (
            <li key={mail.id}>
              <Card>
                <div className="space-y-3 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium [overflow-wrap:anywhere]">{mail.subject}</p>
                      <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
                        Para {mail.to} · {formatDateTime(mail.createdAt)}
                      </p>
                    </div>
                    {mail.deliveredAt ? (
                      <Badge variant="success">Enviado</Badge>
                    ) : (
                      <Badge variant="warning">
                        En espera{mail.attempts > 0 ? ` · ${mail.attempts} intentos` : ''}
                      </Badge>
                    )}
                  </div>
                  {mail.waitReason && (
                    <p className="text-muted-foreground text-sm" data-testid="mail-wait-reason">
                      {mail.waitReason}
                    </p>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={openId === mail.id}
                    onClick={() => setOpenId(openId === mail.id ? undefined : mail.id)}
                  >
                    {openId === mail.id ? 'Ocultar texto' : 'Ver texto'}
                  </Button>
                  {openId === mail.id && <MailBody id={mail.id} />}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    />
  );
}
