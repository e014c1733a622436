import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { useTRPC } from '@client/lib/trpc';
import { ContactLine, InboxItem } from './inbox-item';
import { InboxPanel, type PanelPageProps, useReadToggle } from './inbox-panel';

export function ContactMessagesPanel({ page, onPage }: PanelPageProps) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.inbox.messages.list.queryOptions({ page }));
  const readToggle = useReadToggle(trpc.admin.inbox.messages);

  return (
    <InboxPanel
      query={list}
      page={page}
      onPage={onPage}
      empty={<EmptyState icon={Inbox} title="No hay mensajes de contacto" />}
      render={(data) => (
        <ul className="space-y-3" aria-label="Mensajes de contacto">
          {data.items.map((message) => (
            <InboxItem key={message.id} title={message.name} {...readToggle(message)}>
              <ContactLine email={message.email} phone={message.phone} />
              <p className="break-words whitespace-pre-line">{message.message}</p>
            </InboxItem>
          ))}
        </ul>
      )}
    />
  );
}
