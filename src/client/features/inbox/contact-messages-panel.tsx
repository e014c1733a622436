import { useMutation, useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';
import { useTRPC } from '@client/lib/trpc';
import { ContactLine, InboxItem } from './inbox-item';
import { InboxPanel, type PanelPageProps, useReadToggleCallbacks } from './inbox-panel';

export function ContactMessagesPanel({ page, onPage }: PanelPageProps) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.inbox.messages.list.queryOptions({ page }));
  const setRead = useMutation(
    trpc.admin.inbox.messages.setRead.mutationOptions(
      useReadToggleCallbacks(trpc.admin.inbox.messages.pathFilter()),
    ),
  );

  return (
    <InboxPanel
      query={list}
      page={page}
      onPage={onPage}
      empty={<EmptyState icon={Inbox} title="No hay mensajes de contacto" />}
      render={(data) => (
        <ul className="space-y-3" aria-label="Mensajes de contacto">
          {data.items.map((message) => (
            <InboxItem
              key={message.id}
              title={message.name}
              createdAt={message.createdAt}
              isRead={message.isRead}
              isToggling={setRead.isPending}
              onToggleRead={() => setRead.mutate({ id: message.id, isRead: !message.isRead })}
            >
              <ContactLine email={message.email} phone={message.phone} />
              <p className="break-words whitespace-pre-line">{message.message}</p>
            </InboxItem>
          ))}
        </ul>
      )}
    />
  );
}
