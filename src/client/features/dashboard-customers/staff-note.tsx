import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/textarea-field';
import { STAFF_NOTE_MAX } from '@shared/schemas/customers';

/** The staff's own note on a customer or company: the customer never reads it. */
export function StaffNote({
  id,
  note,
  isSaving,
  error,
  onSave,
}: {
  id: string;
  note: string | null;
  isSaving: boolean;
  error?: string;
  onSave: (note: string) => void;
}) {
  const [text, setText] = useState(note ?? '');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Nota interna</CardTitle>
        <p className="text-muted-foreground text-sm">Solo la ve el personal de la tienda.</p>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            onSave(text);
          }}
        >
          <TextareaField
            id={id}
            label="Nota"
            rows={4}
            maxLength={STAFF_NOTE_MAX}
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={isSaving}>
            Guardar nota
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
