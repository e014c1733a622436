import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@shared/format';
import { ORDER_MESSAGE_MAX } from '@shared/schemas/quote';
import type { OrderMessage } from './order-types';

/** The order's thread, oldest first, rendered as text (never HTML), and a box to answer. */
export function OrderMessages({
  thread,
  reader,
  isSending,
  error,
  onSend,
}: {
  thread: OrderMessage[];
  reader: 'customer' | 'admin';
  isSending: boolean;
  error?: string;
  onSend: (body: string, done: () => void) => void;
}) {
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
            if (body.trim()) onSend(body, () => setBody(''));
          }}
        >
          <FormField label="Escribir un mensaje" htmlFor="order-message" error={error}>
            <Textarea
              id="order-message"
              rows={3}
              maxLength={ORDER_MESSAGE_MAX}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </FormField>
          <Button type="submit" disabled={isSending || !body.trim()}>
            Enviar mensaje
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
