import { useEffect, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/components/ui/toast';
import { errorMessage } from '@client/lib/errors';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@shared/format';
import { messages } from '@shared/client-messages';
import { ORDER_MESSAGE_MAX } from '@shared/schemas/quote';
import type { OrderMessage } from './order-types';

/** The customer's or the admin's procedure, as a mutation: the same input on both sides. */
type OrderMutation<TInput> = Pick<
  UseMutationResult<unknown, unknown, TInput>,
  'mutate' | 'isPending' | 'error'
>;

/**
 * The order's thread, oldest first, rendered as text (never HTML), and a box to answer.
 * Opening it marks the other side's messages read (`markRead` refreshes the order and the unread
 * counts itself); `onChanged` refreshes them after a message is sent.
 */
export function OrderMessages({
  orderId,
  thread,
  reader,
  send,
  markRead,
  onChanged,
}: {
  orderId: number;
  thread: OrderMessage[];
  reader: 'customer' | 'admin';
  send: OrderMutation<{ orderId: number; body: string }>;
  markRead: OrderMutation<{ id: number }>['mutate'];
  onChanged: () => void;
}) {
  const hasUnread = thread.some((message) => message.isUnread);
  useEffect(() => {
    if (hasUnread) markRead({ id: orderId });
  }, [hasUnread, orderId, markRead]);
  const [body, setBody] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mensajes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {thread.length === 0 ? (
          <p className="text-muted-foreground text-sm">Todavía no hay mensajes.</p>
        ) : (
          <ol className="space-y-3">
            {thread.map((message) => (
              <li
                key={message.id}
                className={cn(
                  'rounded-md border p-3 text-sm',
                  message.authorRole === reader ? 'bg-muted/60' : 'bg-white',
                  message.isUnread && 'border-primary',
                )}
              >
                <p className="text-muted-foreground mb-1 text-xs">
                  {message.authorRole === 'admin' ? 'Tienda' : (message.authorName ?? 'Cliente')} ·{' '}
                  {formatDateTime(message.createdAt)}
                  {message.isUnread && <span className="text-primary font-medium"> · Nuevo</span>}
                </p>
                <p className="break-words whitespace-pre-wrap">{message.body}</p>
              </li>
            ))}
          </ol>
        )}
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!body.trim()) return;
            send.mutate(
              { orderId, body },
              {
                onSuccess: () => {
                  setBody('');
                  notify.success(messages.messageSent);
                  onChanged();
                },
              },
            );
          }}
        >
          <TextareaField
            label="Escribir un mensaje"
            error={send.error ? errorMessage(send.error) : undefined}
            id="order-message"
            rows={3}
            maxLength={ORDER_MESSAGE_MAX}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <Button type="submit" disabled={send.isPending || !body.trim()}>
            Enviar mensaje
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
