import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { cn } from '@client/lib/cn';
import { showRefusal } from '@client/lib/refusals';
import type { useTRPC } from '@client/lib/trpc';
import { formatDateTime } from '@shared/format';
import { messages } from '@shared/client-messages';
import { ORDER_MESSAGE_MAX } from '@shared/schemas/quote';
import type { OrderMessage } from './order-types';

/** The order procedures of the customer (account.orders) or the admin (admin.orders). */
type ThreadProcedures = Pick<
  ReturnType<typeof useTRPC>['account']['orders'],
  'sendMessage' | 'markRead'
>;

/**
 * The order's thread, oldest first, rendered as text (never HTML), and a box to answer.
 * Opening it marks the other side's messages read, so the unread count in the navigation
 * drops; `onChanged` refreshes the order and those counts once messages are read or sent.
 */
export function OrderMessages({
  order: { id: orderId, messages: thread },
  reader,
  procedures,
  onChanged,
  canWrite = true,
}: {
  order: { id: number; messages: OrderMessage[] };
  reader: 'customer' | 'admin';
  procedures: ThreadProcedures;
  onChanged: () => void;
  /** False for who left the order's company: they read the thread, without the box. */
  canWrite?: boolean;
}) {
  const form = useForm<{ body: string }>({ defaultValues: { body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const send = useMutation(
    procedures.sendMessage.mutationOptions({
      onSuccess: () => {
        form.reset({ body: '' });
        notify.success(messages.messageSent);
        onChanged();
      },
      // Every refusal of a message is about its text: it shows under the box.
      onError: (error) => showRefusal(form, error, { messageField: 'body' }),
    }),
  );
  const { mutate: markRead } = useMutation(
    procedures.markRead.mutationOptions({ onSuccess: onChanged }),
  );
  const hasUnread = thread.some((message) => message.isUnread);
  useEffect(() => {
    if (hasUnread) markRead({ id: orderId });
  }, [hasUnread, orderId, markRead]);
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
        {canWrite && (
          <form
            className="space-y-3"
            onSubmit={(event) =>
              void form.handleSubmit((values) => {
                if (values.body.trim()) send.mutate({ orderId, body: values.body });
              })(event)
            }
          >
            <TextareaField
              label="Escribir un mensaje"
              error={form.formState.errors.body?.message}
              id="order-message"
              rows={3}
              maxLength={ORDER_MESSAGE_MAX}
              {...form.register('body')}
            />
            <Button type="submit" disabled={send.isPending || !body.trim()}>
              Enviar mensaje
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
