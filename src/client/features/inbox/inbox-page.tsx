import { Link, useNavigate } from '@tanstack/react-router';
import { Mail, Send, Users } from 'lucide-react';
import { cn } from '@client/lib/cn';
import type { InboxTab } from '@shared/schemas/search-params';
import { ContactMessagesPanel } from './contact-messages-panel';
import { MailLogPanel } from './mail-log-panel';
import { SubscribersPanel } from './subscribers-panel';

const TABS = [
  { tab: 'mensajes', label: 'Mensajes de contacto', short: 'Contacto', icon: Mail },
  { tab: 'suscriptores', label: 'Suscriptores', short: 'Suscriptores', icon: Users },
  { tab: 'correos', label: 'Correos enviados', short: 'Correos', icon: Send },
] as const satisfies readonly { tab: InboxTab; label: string; short: string; icon: unknown }[];

export function InboxPage({ tab, page }: { tab: InboxTab; page: number }) {
  const navigate = useNavigate();
  const goToPage = (next: number) =>
    void navigate({
      to: '/dashboard/mensajes',
      search: { tab, page: next > 1 ? next : undefined },
    });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Mensajes</h1>
        <p className="text-muted-foreground text-sm">
          Consultas del formulario de contacto, suscriptores y los correos que envió la tienda. Las
          solicitudes de cotización se atienden desde Órdenes.
        </p>
      </div>
      <nav
        aria-label="Secciones de mensajes"
        className="border-border -mx-1 overflow-x-auto border-b"
      >
        <ul className="flex min-w-max gap-1 px-1">
          {TABS.map(({ tab: value, label, short, icon: Icon }) => (
            <li key={value}>
              <Link
                to="/dashboard/mensajes"
                search={{ tab: value }}
                aria-current={tab === value ? 'page' : undefined}
                className={cn(
                  'focus-visible:ring-ring -mb-px flex items-center gap-2 rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:outline-none',
                  tab === value
                    ? 'border-primary text-primary'
                    : 'text-muted-foreground hover:text-foreground border-transparent',
                )}
              >
                <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                <span className="sm:hidden">{short}</span>
                <span className="hidden sm:inline">{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'mensajes' ? (
        <ContactMessagesPanel page={page} onPage={goToPage} />
      ) : tab === 'suscriptores' ? (
        <SubscribersPanel page={page} onPage={goToPage} />
      ) : (
        <MailLogPanel page={page} onPage={goToPage} />
      )}
    </div>
  );
}
