import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/components/ui/toast';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { useTRPC } from '@client/lib/trpc';
import { useTextInput } from '@client/lib/use-text-input';
import { formatMoney, storeDay } from '@shared/format';
import { messages } from '@shared/client-messages';
import { quoteTotals } from '@shared/quote-math';
import { REVISION_NOTE_MAX, revisionInputSchema } from '@shared/schemas/quote';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage, fieldErrors } from '@client/lib/errors';
import { RevisionTerms } from './revision-terms';

export type EditorLine = {
  variantId: number;
  label: string;
  unitPrice: string;
  quantity: number;
  discountPercent: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Montevideo's today + `days` (the store's calendar, not the browser's), as the date input wants it. */
const dayFromToday = (days: number) => storeDay(new Date(Date.now() + days * DAY_MS));

/** The preview uses the server's arithmetic; invalid figures show no total until fixed. */
function previewTotals(lines: EditorLine[]) {
  const parsed = revisionInputSchema.shape.lines.safeParse(lines);
  return parsed.success ? quoteTotals(parsed.data) : undefined;
}

/** One line of the revision: its price, quantity and discount, and the way to drop it. */
function LineEditor({
  line,
  onChange,
  onRemove,
}: {
  line: EditorLine;
  onChange: (patch: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  // Price and discount stay the text typed, so a figure half typed is never rewritten under the
  // cursor; previewTotals and the server's schema read them.
  const decimalInput = (key: 'unitPrice' | 'discountPercent') => ({
    inputMode: 'decimal' as const,
    value: line[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [key]: event.target.value }),
  });
  return (
    <li className="border-border space-y-2 rounded-md border p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium">{line.label}</p>
        <Button variant="ghost" size="sm" aria-label={`Quitar ${line.label}`} onClick={onRemove}>
          <Trash2 />
        </Button>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <InputField
          label="Precio unit. (US$)"
          id={`price-${line.variantId}`}
          {...decimalInput('unitPrice')}
        />
        <InputField
          label="Cantidad"
          id={`qty-${line.variantId}`}
          type="number"
          min={1}
          value={line.quantity}
          onChange={(event) => onChange({ quantity: Number(event.target.value) })}
        />
        <InputField
          label="Descuento %"
          id={`disc-${line.variantId}`}
          {...decimalInput('discountPercent')}
        />
      </div>
    </li>
  );
}

type EditorProps = { orderId: number; initialLines: EditorLine[]; onClose: () => void };
type StoreDefaults = {
  validityDays: number;
  paymentTerms: string;
  deliveryTerms: string;
  warranty: string;
};

/**
 * 'Preparar cotización': starts from the store's defaults ('Datos de la empresa': validity and
 * terms), which staff may change for this revision.
 */
export function RevisionEditor(props: EditorProps) {
  const trpc = useTRPC();
  const store = useQuery(trpc.admin.store.get.queryOptions());
  if (!store.data) return <Spinner />;
  return <RevisionForm {...props} defaults={store.data} />;
}

/** The lines, prices, discounts, terms, note and validity of a new revision. */
function RevisionForm({
  orderId,
  initialLines,
  onClose,
  defaults,
}: EditorProps & { defaults: StoreDefaults }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState(initialLines);
  const note = useTextInput('');
  const validUntil = useTextInput(dayFromToday(defaults.validityDays));
  const terms = {
    paymentTerms: useTextInput(defaults.paymentTerms),
    deliveryTerms: useTextInput(defaults.deliveryTerms),
    warranty: useTextInput(defaults.warranty),
    exchangeRate: useTextInput(''),
  };
  const search = useTextInput('');
  const term = useDebouncedValue(search.value.trim(), 300);
  const found = useQuery({
    ...trpc.admin.orders.searchVariants.queryOptions({ query: term }),
    enabled: term.length >= 2,
  });
  const send = useMutation(
    trpc.admin.orders.sendRevision.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.revisionSent);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  const totals = previewTotals(lines);
  const update = (index: number, patch: Partial<EditorLine>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preparar cotización</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="space-y-4">
          {lines.map((line, index) => (
            <LineEditor
              key={line.variantId}
              line={line}
              onChange={(patch) => update(index, patch)}
              onRemove={() => setLines(lines.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
        <InputField
          label="Agregar producto"
          id="variant-search"
          placeholder="Buscar por nombre"
          {...search.props}
        />
        {term.length >= 2 && found.data && (
          <ul className="border-border divide-border divide-y rounded-md border text-sm">
            {found.data.length === 0 && <li className="p-2">{messages.noSearchResults}</li>}
            {found.data.map((variant) => (
              <li key={variant.variantId}>
                <button
                  type="button"
                  className="hover:bg-muted w-full p-2 text-left disabled:opacity-50"
                  disabled={lines.some((line) => line.variantId === variant.variantId)}
                  onClick={() => {
                    setLines([
                      ...lines,
                      {
                        variantId: variant.variantId,
                        label: `${variant.productName} (${variant.storage} / ${variant.colorName})`,
                        unitPrice: variant.price,
                        quantity: 1,
                        discountPercent: '0',
                      },
                    ]);
                    search.set('');
                  }}
                >
                  {variant.productName} ({variant.storage} / {variant.colorName}) ·{' '}
                  {formatMoney(variant.price)} · stock {variant.stock}
                </button>
              </li>
            ))}
          </ul>
        )}
        <TextareaField
          label="Nota para el cliente (opcional)"
          id="revision-note"
          rows={3}
          maxLength={REVISION_NOTE_MAX}
          {...note.props}
        />
        <InputField label="Válida hasta" id="revision-valid" type="date" {...validUntil.props} />
        <RevisionTerms inputs={terms} total={totals?.total} errors={fieldErrors(send.error)} />
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{totals ? formatMoney(totals.subtotal) : '—'}</dd>
          <dt className="text-muted-foreground">IVA 22 %</dt>
          <dd className="text-right">{totals ? formatMoney(totals.tax) : '—'}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{totals ? formatMoney(totals.total) : '—'}</dd>
        </dl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={send.isPending || lines.length === 0}
            onClick={() =>
              send.mutate({
                orderId,
                lines: lines.map(({ label: _label, ...line }) => line),
                note: note.value,
                validUntil: validUntil.value,
                paymentTerms: terms.paymentTerms.value,
                deliveryTerms: terms.deliveryTerms.value,
                warranty: terms.warranty.value,
                exchangeRate: terms.exchangeRate.value,
              })
            }
          >
            Enviar cotización
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
